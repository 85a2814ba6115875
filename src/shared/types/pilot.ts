// Pilot mode (issue 20): a pilot participation on its own clock, as the pilot API answers it.
import type { AppSession } from './participantApp';

export interface CreatePilotBody {
  stageId?: string;
  groupId?: string;
}

export type PilotAdvance = 'next_prompt' | 'hour' | 'day';

/** Either a step forward or a moment to move to (never earlier than the pilot's now). */
export type PilotClockBody = { advance: PilotAdvance } | { to: string };

export interface PilotTask {
  _id: string;
  kind: string;
  questionnaire: { _id: string; chin_name: string; abbrev: string };
  /** A reminder's prompt; null otherwise. */
  prompt_id: string | null;
  /** A follow-up prompt or reminder, planned by an answer (issue 34 part 1). */
  followup: boolean;
  notification_datetime: string | null;
  window_closes_at: string | null;
  diary_start_date: string | null;
  number_of_days: number | null;
  /** As read on the pilot's clock: an open prompt whose window has closed reads expired. */
  status: string;
  completed_at: string | null;
}

export interface Pilot {
  _id: string;
  participant: { _id: string; email: string; participant_code: string };
  study_id: string;
  status: string;
  current_stage_id: string;
  current_group_id: string;
  clock: { now: string; offset_ms: number };
  plan: PilotTask[];
}

export interface CreatedPilot {
  pilot: Pilot;
  /** A participant-app session of the pilot participant, to open the app with. */
  session: AppSession;
}
