// Study Progress (part 2 section 2.7, issue 7): what POST /api/participants/{studyId}/progress answers for one
// stage and group. Every count and rate is defined in src/shared/progress.ts.
import type { ParticipationStatus } from './participant';

/** POST /api/participants/{studyId}/progress */
export interface StudyProgressBody {
  stageId: string;
  groupId: string;
  /** Pilot participants are left out unless this is true (issue 20). */
  includePilot?: boolean;
}

/**
 * A participant's EMA prompts planned so far, by what became of them. planned = completed + late + expired +
 * open; delivered and opened overlap those four.
 */
export interface PromptCounts {
  planned: number;
  delivered: number;
  opened: number;
  /** Answered inside the response window. */
  completed: number;
  /** Answered after the window closed (stored, marked late). */
  late: number;
  /** The window closed without any answer. */
  expired: number;
  /** The window is still open and no answer has come yet. */
  open: number;
  /** Prompts whose outcome is known (answered, or the window closed): completed + late + expired. */
  closed: number;
  /** Closed prompts that reached the phone: what the response rate divides by. */
  closedDelivered: number;
}

/** Over closed prompts only: a prompt still open is neither missed nor unanswered. */
export interface PromptRates {
  /** closedDelivered / closed; null while no prompt is closed. */
  delivery: number | null;
  /** completed / closedDelivered; null while no closed prompt was delivered. */
  response: number | null;
  /** completed / closed; null while no prompt is closed. */
  completion: number | null;
}

/** Prompts of the last RECENT_HOURS hours, which decide the flag. */
export interface RecentPrompts {
  planned: number;
  /** Of those, the prompts whose outcome is known; the flag waits for CONTACT_FLAG_MIN_CLOSED_PROMPTS of them. */
  closed: number;
  /** Closed ones that reached the phone, and closed ones completed. */
  delivered: number;
  completed: number;
  /** completed / delivered over these prompts; null while none was delivered. */
  response: number | null;
}

/** Why a participant is flagged: recent prompts reached them but few were answered, or none reached them. */
export type ProgressFlag = 'lowResponse' | 'notDelivered';

export interface ParticipantProgress {
  _id: string;
  participant_code: string;
  email: string;
  status: ParticipationStatus;
  /** The arrival in this stage and group (first loading of the assessments after the assignment); null before. */
  arrived_at: string | null;
  prompts: PromptCounts;
  rates: PromptRates;
  recent: RecentPrompts;
  flag: ProgressFlag | null;
  /** Summed over the participant's diary questionnaires: days answered so far, and days still to answer. */
  diary: { daysDone: number; daysLeft: number };
  /** One-time questionnaires answered, of those planned. */
  once: { done: number; total: number };
  /** Follow-up prompts (issue 34 part 1), counted as their own kind and left out of `prompts` and its rates. */
  followups: PromptCounts;
  followupRates: PromptRates;
}

/** The group's prompts on one day of the study (day 1 = each participant's arrival day, in the prompt's zone). */
export interface StudyDayProgress {
  day: number;
  /** Participants with a prompt planned on this day. */
  participants: number;
  planned: number;
  delivered: number;
  completed: number;
  /** Prompts of the day whose outcome is known, and those of them delivered. */
  closed: number;
  closedDelivered: number;
  /** closedDelivered / closed */
  delivery: number | null;
  /** completed / closedDelivered */
  response: number | null;
}

export interface StudyProgressAnswer {
  /** The moment the counts were taken (ISO-8601 UTC). */
  asOf: string;
  /** Least compliant first (compareLeastCompliant). */
  participants: ParticipantProgress[];
  /** Study days with at least one prompt planned so far, in order. */
  days: StudyDayProgress[];
}
