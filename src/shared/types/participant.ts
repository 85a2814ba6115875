// Participants as the researcher's calls carry them (part 2 sections 3 and 7) and as the participant app's
// calls carry them (PARTICIPANTS.md). The server's response schemas and the portal's slices share these.
import type { DeliveryChannel, EmailResult, PushResult } from '../delivery';
import type { AssessmentListItem } from '../study/assessmentSettings';
import type { ParticipantDevice } from '../devices';

/** A participation's status (PARTICIPANTS.md "The participant's life in a study"). */
export const PARTICIPATION_STATUSES = ['invited', 'enrolled', 'withdrawn', 'completed'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

export interface StageRef {
  _id: string;
  chin_name: string;
  stage_num: number;
}

export interface GroupRef {
  _id: string;
  name: string;
  group_num: number;
}

export interface EnrolmentTime {
  /** ISO-8601 UTC: the first loading of the assessments after an assignment. */
  start_datetime: string;
}

/** participation[0] of a participant row: the participation in the study the list is for. */
export interface ParticipationSummary {
  _id: string;
  status: ParticipationStatus;
  study: string;
  current_stage: StageRef;
  current_group: GroupRef;
  arrive_assigned: boolean;
  /**
   * Whether the stored plan holds diary tasks (not cancelled): what Assigned Diary Assessments lists. The row
   * says whether there are any; the dialog's call reads them (part 2 section 3's diary_ax_tasks).
   */
  has_diary_tasks: boolean;
  /** Oldest first; the Participant List shows the last one's start_datetime. */
  enrolment_time: EnrolmentTime[];
}

/** One row of the Participant List. */
export interface Participant {
  _id: string;
  participant_code: string;
  email: string;
  study: string;
  current_stage: string;
  current_group: string;
  /** A pilot participant (issue 20): shown, marked, never counted as a real one. */
  pilot: boolean;
  /** The phone as the app last reported it (issue 33), and whether prompts reach it by push; null until it reported. */
  device: ParticipantDevice | null;
  participation: [ParticipationSummary];
}

/** GET /api/participants/{studyId}/get_participants */
export interface GetParticipantsAnswer {
  participantsData: { participants: Participant[] };
}

/** POST /api/participants/{studyId}/get_filtered_participants */
export interface FilterParticipantsBody {
  currentStageId: string;
  currentGroupId?: string;
}

export interface FilteredParticipantsAnswer {
  participants: Participant[];
}

/**
 * POST /api/participants/{studyId}/create. The portal sends confirmPassword too, so that the server checks the
 * same three rules the dialog shows; a caller that leaves it out is checked on email and password only.
 */
export interface CreateParticipantBody {
  studyId: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

export interface CreateParticipantAnswer {
  message: string;
  participant: Participant;
}

/** PATCH /api/participants/{participantId}/assign_group */
export interface AssignGroupBody {
  studyId: string;
  stageId: string;
  groupId: string;
}

export interface AssignGroupAnswer {
  message: string;
  participant: Participant;
}

/** EMA task states (PARTICIPANTS.md "The plan"); `expired` is worked out when the task is read. */
export const EMA_TASK_STATUSES = ['planned', 'delivered', 'opened', 'completed', 'expired', 'cancelled'] as const;
export type EmaTaskStatus = (typeof EMA_TASK_STATUSES)[number];

/** One planned EMA notification (part 2 section 3 "EMA task"). */
export interface EmaTask {
  _id: string;
  /** ISO-8601 UTC. */
  notification_datetime: string;
  /** IANA zone the prompt was planned in. */
  timezone: string;
  reminder: boolean;
  questionnaire: AssessmentListItem;
  window_closes_at: string;
  status: EmaTaskStatus;
  /** The phone's moments (ISO-8601 UTC), null until reported. A reminder's are its own. */
  delivered_at: string | null;
  opened_at: string | null;
  /** When the answer to the prompt (a reminder's prompt) was submitted, null while unanswered. */
  answered_at: string | null;
  /** The answer came after the response window closed: stored, but not counted as completed. */
  answered_late: boolean;
  /** How it went out (the delivery ledger, issue 33); a reminder's is its own. */
  delivery: EmaTaskDelivery;
  /** A follow-up prompt (issue 34 part 1): the submission whose answer planned it; null for the plan's prompts. */
  trigger_submission_id: string | null;
}

/** The delivery ledger of an EMA notification: every field null until it happened. */
export interface EmaTaskDelivery {
  /** The channel that carried it first. */
  channel: DeliveryChannel | null;
  /** When a push service accepted it, or (channel email) the mail server took its email. */
  sent_at: string | null;
  push_result: PushResult | null;
  /** When the phone reported the push reached it. */
  received_at: string | null;
  /** When it is (or was) to be emailed. */
  email_due_at: string | null;
  email_result: EmailResult | null;
  /** When the email sender was done with it (sent or refused). */
  emailed_at: string | null;
}

/** Which notifications GET /api/ema_tasks answers: those still to come (the specification's), or every one. */
export const EMA_TASK_SCOPES = ['upcoming', 'all'] as const;
export type EmaTaskScope = (typeof EMA_TASK_SCOPES)[number];

/**
 * GET /api/ema_tasks/{studyId}/{participantId}[?scope=all]: only notifications still to come, soonest first; with
 * scope=all every notification of the participation's stored plan, past and cancelled ones too, in time order.
 */
export interface EmaTasksAnswer {
  emaTasks: EmaTask[];
}

/** One diary task (part 2 section 3 "Diary task"). */
export interface DiaryTask {
  _id: string;
  /** YYYY-MM-DD in the setting's time zone. */
  diary_task_start_date: string;
  questionnaire: AssessmentListItem;
  number_of_days_required: number;
  timezone: string;
}

/** GET /api/diary_ax_tasks/{studyId}/{participantId} */
export interface DiaryTasksAnswer {
  diaryAxTasks: DiaryTask[];
  daysLeft: Record<string, number>;
}
