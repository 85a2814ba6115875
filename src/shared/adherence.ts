// Adherence alerts (issue 33, part 4): who needs the research team's attention, and why. The server finds them
// with these rules (services/alerts) for the daily digest email and for Study Progress's "Needs attention" list;
// both say the reasons in these words. The thresholds are the study's (studies.alert_*), edited with the
// prompting choice.
//
// - lowResponse: of the participant's last `alert_prompts` closed EMA prompts (answered, or their window closed;
//   reminders and cancelled prompts do not count), fewer than `alert_response_rate` percent were answered in
//   their window. Judged only once there are that many closed prompts.
// - silent: the app has not been seen for `alert_silent_hours`. Seen: the participant joined the study, signed
//   in, or the app reported a prompt shown or opened, or sent an answer (the latest of these).
// Only enrolled participations that are not pilots are judged.

export const ADHERENCE_REASON_KINDS = ['lowResponse', 'silent'] as const;
export type AdherenceReasonKind = (typeof ADHERENCE_REASON_KINDS)[number];

export type AdherenceReason =
  | { kind: 'lowResponse'; answered: number; prompts: number; thresholdPercent: number }
  | { kind: 'silent'; lastSeenAt: string; hours: number; thresholdHours: number };

export interface AttentionParticipant {
  participantId: string;
  participantCode: string;
  email: string;
  reasons: AdherenceReason[];
}

/** GET /api/participants/{studyId}/attention */
export interface AttentionAnswer {
  /** The study's choice: when off, no digest is sent, and the list is still shown. */
  adherenceAlerts: boolean;
  participants: AttentionParticipant[];
}

/** The study's thresholds, as stored. */
export interface AdherenceThresholds {
  responseRatePercent: number;
  prompts: number;
  silentHours: number;
}

export function reasonText(reason: AdherenceReason): string {
  if (reason.kind === 'lowResponse') {
    const percent = Math.round((reason.answered / reason.prompts) * 100);
    return `Answered ${reason.answered} of the last ${reason.prompts} prompts (${percent}%, under ${reason.thresholdPercent}%)`;
  }
  return `App not seen for ${reason.hours} hours (${reason.thresholdHours} or more)`;
}

export const attentionTexts = {
  title: 'Needs attention',
  none: 'No participant needs attention now.',
  intro: 'Participants whose recent answers or app use fall under the study\u2019s alert thresholds:',
  alertsOff: 'Adherence alerts are off for this study: no daily email is sent.',
  digestSubject: (studyName: string, count: number) => `${studyName}: ${count} participant${count === 1 ? '' : 's'} need${count === 1 ? 's' : ''} attention`,
  digestIntro: (studyName: string) => `These participants of ${studyName} fell under the study's adherence alert thresholds:`,
  digestLink: 'Open the Participant List:',
  digestFooter: 'You get this email once a day at 09:00 in the study\u2019s time zone while someone needs attention. Adherence alerts are turned off in Edit Study, basic information.',
} as const;
