// The catalogue of permission entries (area / modifier / task) from both parts of the specification.
// A lab manager holds every entry; a new lab user gets the entries the registering person ticks, starting from
// NEW_LAB_USER_ACCESS (docs/decisions.md).

export interface AccessEntry {
  area: string;
  modifier: string;
  task: string;
}

function entry(area: string, modifier: string, task: string, label: string) {
  return { area, modifier, task, label } as const;
}

export const ACCESS = {
  createStudy: entry('STUDY', 'CREATE', 'NEW_STUDY', 'Create studies'),
  activateStudy: entry('STUDY', 'ACTIVATE', 'EXISTING_STUDY', 'Activate studies'),
  deactivateStudy: entry('STUDY', 'DEACTIVATE', 'EXISTING_STUDY', 'Deactivate studies'),
  deleteStudy: entry('STUDY', 'DELETE', 'EXISTING_STUDY', 'Delete studies'),
  editBasicInfo: entry('STUDY', 'EDIT', 'STUDY_BASIC_INFO', 'Edit study basic information'),
  addStage: entry('STUDY', 'ADD', 'STUDY_STAGE', 'Add stages'),
  deleteStage: entry('STUDY', 'DELETE', 'STUDY_STAGE', 'Delete stages and participant groups'),
  addGroup: entry('STUDY', 'ADD', 'PARTICIPANT_GROUP', 'Add participant groups'),
  editEma: entry('STUDY', 'EDIT', 'STUDY_EMA_ASSESSMENTS', 'Edit EMA assessments'),
  editDiary: entry('STUDY', 'EDIT', 'STUDY_DIARY_ASSESSMENTS', 'Edit diary assessments'),
  editStageMessages: entry('STUDY', 'EDIT', 'STUDY_STAGE_MESSAGES', 'Edit stage messages'),
  editConsent: entry('STUDY', 'EDIT', 'STUDY_CONSENT_FORM', 'Edit the consent form'),
  createParticipant: entry('PARTICIPANT', 'CREATE', 'NEW_PARTICIPANT', 'Create participants'),
} as const;

export type AccessName = keyof typeof ACCESS;

export const ALL_ACCESS: readonly AccessEntry[] = Object.values(ACCESS).map(({ area, modifier, task }) => ({
  area,
  modifier,
  task,
}));

/**
 * The entries a registration form ticks at first, and what a registration that names none gets: none. Seeing the
 * lab's studies, the study editor, participants and progress needs no entry, so a new user starts able to look
 * and not to change; the registering person ticks what the user may do (least privilege).
 */
export const NEW_LAB_USER_ACCESS: readonly AccessEntry[] = [];

export function accessKey(e: AccessEntry): string {
  return `${e.area}/${e.modifier}/${e.task}`;
}

const knownKeys = new Set(ALL_ACCESS.map(accessKey));

export function isKnownAccess(e: AccessEntry): boolean {
  return knownKeys.has(accessKey(e));
}

/** Entries not known (null) hold nothing; the portal's gated pages wait for them instead (RequireAccessEntries). */
export function hasAccess(entries: readonly AccessEntry[] | null | undefined, name: AccessName): boolean {
  if (!entries) return false;
  const wanted = accessKey(ACCESS[name]);
  return entries.some((e) => accessKey(e) === wanted);
}

export function labelOfAccess(e: AccessEntry): string {
  const found = Object.values(ACCESS).find((a) => accessKey(a) === accessKey(e));
  return found ? found.label : accessKey(e);
}
