// The participant app's calls (PARTICIPANTS.md "The participant app's API"): the contract the mobile app is
// built against. Paths start with /api/app/.
import type { AssessmentListItem } from '../study/assessmentSettings';
import type { Questionnaire, MultipleChoiceSet } from '../questionnaire/types';
import type { ShownOrder } from '../questionnaire/shuffles';
import type { EarlierAnswers, ShownTexts } from '../questionnaire/piping';
import type { Organization } from '../organizations';
import type { Theme } from '../branding';
import type { EmaTaskStatus, EnrolmentTime, GroupRef, ParticipationStatus } from './participant';

export interface AppCredentials {
  email: string;
  password: string;
}

export interface AppAccount {
  _id: string;
  email: string;
}

/** signup (201) and login. */
export interface AppSession {
  token: string;
  expires: string;
  participant: AppAccount;
}

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

export interface ResetRequestBody {
  email: string;
}

export interface ResetBody {
  email: string;
  code: string;
  newPassword: string;
}

export interface JoinBody {
  studyCode: string;
}

export interface ConsentBody {
  agree: boolean;
}

export interface AppStageRef {
  _id: string;
  chin_name: string;
  stage_num: number;
  chin_progress_message: string;
  chin_complete_message: string;
}

/** A participation as the app sees it. */
export interface AppParticipation {
  _id: string;
  study: { _id: string; chin_name: string; study_code: string };
  status: ParticipationStatus;
  current_stage: AppStageRef;
  current_group: GroupRef;
  /** keep_answers_on_erasure: the study's data-rights choice the app states at consent (issue 36 part 3). */
  consent: { consent_needed: boolean; chin_content: string; keep_answers_on_erasure: boolean };
  arrive_assigned: boolean;
  enrolment_time: EnrolmentTime[];
}

export interface AppParticipationsAnswer {
  participations: AppParticipation[];
}

export interface AppEmaTask {
  _id: string;
  kind: 'ema';
  /** A reminder's prompt (the notification it repeats); null for a prompt. */
  prompt_id: string | null;
  questionnaire: AssessmentListItem;
  notification_datetime: string;
  timezone: string;
  reminder: boolean;
  window_closes_at: string;
  status: EmaTaskStatus;
  /** A follow-up prompt (issue 34 part 1): planned by an answer, whose submission id it names; else false and null. */
  followup: boolean;
  trigger_submission_id: string | null;
}

export interface AppDiaryTask {
  _id: string;
  kind: 'diary';
  questionnaire: AssessmentListItem;
  diary_task_start_date: string;
  number_of_days_required: number;
  days_left: number;
  timezone: string;
}

/** One-time tasks are `planned` until answered, then `completed`; anytime tasks stay `planned`. */
export type OpenTaskStatus = 'planned' | 'completed' | 'cancelled';

export interface AppOpenTask {
  _id: string;
  kind: 'once' | 'anytime';
  questionnaire: AssessmentListItem;
  status: OpenTaskStatus;
}

export interface AppTasksAnswer {
  ema: AppEmaTask[];
  diary: AppDiaryTask[];
  once: AppOpenTask[];
  anytime: AppOpenTask[];
}

/** The questionnaire to render, as planned, with the multiple-choice sets its mc responses name. */
/** The app needs no scores: the server computes them. */
export interface AppQuestionnaire extends Omit<Questionnaire, 'scores'> {
  mc_sets: MultipleChoiceSet[];
  /** Signed addresses of its uploaded media files by stored key (media_url), valid until expiresAt. */
  media: { urls: Record<string, string>; expiresAt: string };
  /**
   * Piping (issue 34): the participant's last answers, as words, to the earlier questionnaires' questions its texts
   * quote (`{{MOOD.Q1}}`), by key `MOOD.Q1` (abbreviation in capitals); a question never answered is absent.
   */
  earlier_answers: EarlierAnswers;
}

/**
 * What the app reports of a pushed task: `received` when the push reached the phone's service worker (before
 * it shows the notification; issue 33), `delivered` when the notification was shown, `opened` on a tap or when
 * the task's page opened.
 */
export const TASK_EVENT_KINDS = ['received', 'delivered', 'opened'] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];

export interface TaskEvent {
  taskId: string;
  kind: TaskEventKind;
  /** ISO-8601, when the app saw it happen. */
  at: string;
}

export interface EventsBody {
  events: TaskEvent[];
}

export interface UploadBody {
  contentType: string;
  size: number;
}

export interface UploadAnswer {
  url: string;
  key: string;
  expiresAt: string;
}

/** text/textarea/time/duration/photo: a string; slider: a number; mc: the chosen choice values. */
export type AnswerValue = string | number | string[];

export interface AnswerItem {
  question_pos: number;
  response_pos: number;
  value: AnswerValue;
}

export interface ResponseBody {
  submissionId: string;
  taskId: string | null;
  questionnaireId: string;
  startedAt: string;
  submittedAt: string;
  answers: AnswerItem[];
  /** The order its questions and choices were shown in, when the questionnaire shuffles some (issue 34 part 4). */
  shown_order?: ShownOrder;
  /**
   * Piping (issue 34): the texts the questions showed, only those that quoted answers, by question position:
   * the question's text as words and the labels of choices by value (shared/questionnaire/piping.ts shownTexts).
   */
  shown_texts?: ShownTexts;
}

export interface ResponseAnswer {
  _id: string;
  /** The questionnaire's scores of this answer by name: null when fewer than its minimum of items were answered. */
  scores: Record<string, number | null>;
}

/** A refused answer (400): why, and where when one response is at fault. */
export interface AnswerRefusal {
  message: string;
  question_pos?: number;
  response_pos?: number;
}

/** GET /api/app/site: the organization of the requesting host, as the app shows it (name and colour). */
export interface AppSite {
  siteName: string;
  organization: Organization;
  theme: Theme;
  color: string;
}
