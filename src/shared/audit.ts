// The audit trail's vocabulary (issue 21): what kinds of change are recorded, their names on the Activity page,
// and the page's size. The server records with these kinds and the browser filters and labels by them.

export const AUDIT_KINDS = {
  'study.created': 'Study created',
  'study.basics.changed': 'Basic information changed',
  'study.consent.changed': 'Consent changed',
  'study.structure.changed': 'Structure changed',
  'study.settings.changed': 'Settings changed',
  'study.prompting.changed': 'Prompting changed',
  'study.dataRights.changed': 'Data rights changed',
  'study.status.changed': 'Study status changed',
  'study.deleted': 'Study deleted',
  'study.imported': 'Study imported from a study file',
  'questionnaire.created': 'Questionnaire created',
  'questionnaire.changed': 'Questionnaire changed',
  'questionnaire.deleted': 'Questionnaire deleted',
  'questionnaire.repointed': 'Future tasks re-pointed',
  'choiceSet.changed': 'Choice set changed',
  'media.added': 'Media file added',
  'media.renamed': 'Media file renamed',
  'media.deleted': 'Media file deleted',
  'participant.created': 'Participant created',
  'participant.assigned': 'Participant assigned',
  'participants.allocated': 'Participants allocated at random',
  'allocationRule.set': 'Allocation of consenting participants turned on',
  'allocationRule.changed': 'Allocation of consenting participants changed',
  'allocationRule.turnedOff': 'Allocation of consenting participants turned off',
  'participant.withdrawn': 'Participant withdrawn',
  'participant.completed': 'Participant completed',
  'participant.erased': 'Participant account erased',
  'study.answersDeleted': 'Answers deleted at the retention date',
  'message.sent': 'Message sent',
  'pilot.reset': 'Pilot reset',
  'plan.made': 'Plan made',
  'plan.changed': 'Plan changed',
  'user.created': 'User created',
  'user.changed': 'User changed',
  'user.deleted': 'User deleted',
  'access.changed': 'Permissions changed',
  'lab.created': 'Lab created',
  'signIn.succeeded': 'Signed in',
  'signIn.failed': 'Sign-in failed',
  'secondFactor.added': 'Two-step sign-in added',
  'secondFactor.removed': 'Two-step sign-in removed',
  'secondFactor.failed': 'Sign-in code refused',
  'recoveryCode.used': 'Recovery code used',
  'secondFactor.requirementChanged': 'Two-step sign-in requirement changed',
  'data.downloaded': 'Data downloaded',
  'apiKey.created': 'API key created',
  'apiKey.revoked': 'API key revoked',
  'apiKey.used': 'API key used',
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

export const AUDIT_KIND_LIST = Object.keys(AUDIT_KINDS) as AuditKind[];

/** Who made a change: a lab user, the system owner, the server itself (a plan, a completion) or a participant. */
export type AuditActorKind = 'lab_user' | 'system_owner' | 'system' | 'participant';

/** One field that changed: a dotted path into the document ('settings.ema.times[1]'), '' for a whole value. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ActivityEntry {
  seq: number;
  at: string;
  actorKind: AuditActorKind;
  actorId: string | null;
  actorEmail: string | null;
  kind: AuditKind;
  entityType: string;
  entityId: string | null;
  studyId: string | null;
  labId: string | null;
  changes: AuditChange[];
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const ACTIVITY_PAGE_SIZE = 25;

export function auditKindLabel(kind: string): string {
  return (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;
}
