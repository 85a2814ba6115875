// Table types for Kysely. Timestamps are ISO-8601 strings and flags are 0/1 integers, so that the same
// queries and migrations serve SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface LabsTable {
  id: string;
  name: string;
  organization: number;
  created_at: string;
  /** 1 when the lab's users must have a second factor (migration 0030). */
  second_factor_required: Generated<number>;
}

export interface LabUsersTable {
  id: string;
  lab_id: string;
  email: string;
  password_hash: string;
  is_lab_manager: number;
  created_at: string;
}

export interface SystemOwnersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface UserAccessTable {
  user_id: string;
  area: string;
  modifier: string;
  task: string;
}

export interface SessionsTable {
  id: string;
  lab_user_id: string | null;
  system_owner_id: string | null;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  /** 1 for a session that may only add a second factor (migration 0030). */
  second_factor_setup: Generated<number>;
}

/** An account's row of two-step sign-in (migration 0029): one of the two columns is set. */
interface OwnedBy {
  lab_user_id: string | null;
  system_owner_id: string | null;
}

export interface TotpFactorsTable extends OwnedBy {
  id: string;
  secret: string;
  created_at: string;
  confirmed_at: string | null;
  last_time_step: number | null;
}

export interface RecoveryCodesTable extends OwnedBy {
  id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface SignInChallengesTable extends OwnedBy {
  id: string;
  token_hash: string;
  organization: number | null;
  attempt_key: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginAttemptsTable {
  id: string;
  email: string;
  address: string;
  attempted_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  labs: LabsTable;
  lab_users: LabUsersTable;
  system_owners: SystemOwnersTable;
  user_access: UserAccessTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  login_attempts: LoginAttemptsTable;
  settings: SettingsTable;
  studies: StudiesTable;
  stages: StagesTable;
  participant_groups: ParticipantGroupsTable;
  media_files: MediaFilesTable;
  upload_grants: UploadGrantsTable;
  questionnaires: QuestionnairesTable;
  mc_sets: McSetsTable;
  group_questionnaires: GroupQuestionnairesTable;
  participants: ParticipantsTable;
  participant_sessions: ParticipantSessionsTable;
  password_resets: PasswordResetsTable;
  participations: ParticipationsTable;
  enrolment_times: EnrolmentTimesTable;
  questionnaire_versions: QuestionnaireVersionsTable;
  tasks: TasksTable & TaskPushColumns & TaskFollowupColumns;
  submissions: SubmissionsTable;
  answer_items: AnswerItemsTable;
  photo_uploads: PhotoUploadsTable;
  image_downloads: ImageDownloadsTable;
  push_subscriptions: PushSubscriptionsTable;
  pilot_resets: PilotResetsTable;
  audit_entries: AuditEntriesTable;
  participant_messages: ParticipantMessagesTable;
  allocations: AllocationsTable;
  allocation_rules: AllocationRulesTable;
  alert_digests: AlertDigestsTable;
  participant_devices: ParticipantDevicesTable;
  api_keys: ApiKeysTable;
  api_key_studies: ApiKeyStudiesTable;
  participant_erasures: ParticipantErasuresTable;
}

/** An erased participant account's id and moment (migration 0035), for the app's retry of its delete call. */
export interface ParticipantErasuresTable {
  participant_id: string;
  erased_at: string;
}

/** An analyst's API key (migration 0028): only its SHA-256 is kept. */
export interface ApiKeysTable {
  id: string;
  lab_user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface ApiKeyStudiesTable {
  api_key_id: string;
  study_id: string;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** One recorded change (migration 0013); never updated or deleted (services/audit/). */
export interface AuditEntriesTable {
  seq: number | string;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  kind: string;
  entity_type: string;
  entity_id: string | null;
  study_id: string | null;
  lab_id: string | null;
  /** JSON: the field-level changes, [{ field, before, after }]. */
  changes: string;
  prev_hash: string;
  hash: string;
}

/** A pilot participation's reset (migration 0012): who removed its answers and plan, when, at which offset. */
export interface PilotResetsTable {
  id: string;
  participation_id: string;
  reset_by: string | null;
  reset_at: string;
  offset_ms: number | string;
}

export type AuditEntryRow = Selectable<AuditEntriesTable>;
export type LabRow = Selectable<LabsTable>;
export type NewLab = Insertable<LabsTable>;
export type LabUserRow = Selectable<LabUsersTable>;
export type NewLabUser = Insertable<LabUsersTable>;
export type LabUserUpdate = Updateable<LabUsersTable>;
export type SystemOwnerRow = Selectable<SystemOwnersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type TotpFactorRow = Selectable<TotpFactorsTable>;
export type SignInChallengeRow = Selectable<SignInChallengesTable>;

export interface StudiesTable {
  id: string;
  lab_id: string;
  managed_by: string | null;
  study_code: string;
  chin_name: string;
  contact_person_name: string;
  contact_email: string;
  active_status: string;
  created_at: string;
  updated_at: string;
  /** The prompting choice (migration 0016): 1 = email a prompt that cannot be pushed, so many minutes after an unreceived push. */
  email_fallback: Generated<number>;
  email_after_minutes: Generated<number>;
  /** Adherence alerts (migration 0016): on/off, the response rate (percent) over the last alert_prompts closed prompts, hours unseen. */
  adherence_alerts: Generated<number>;
  alert_response_rate: Generated<number>;
  alert_prompts: Generated<number>;
  alert_silent_hours: Generated<number>;
  /** The data-rights choice (migration 0034): 1 = an erasure keeps the answers unlinked; the retention date or null. */
  keep_answers_on_erasure: Generated<number>;
  retention_until: string | null;
  /** The retention date carried out (migration 0036): the day the answers were deleted; the date the owner was mailed about. */
  answers_deleted_on: string | null;
  retention_notice_for: string | null;
}

export interface StagesTable {
  id: string;
  study_id: string;
  stage_num: number;
  chin_name: string;
  chin_progress_message: string;
  chin_complete_message: string;
  consent_needed: number;
  consent_content: string;
}

/**
 * List columns hold JSON documents as text, the same on both databases, written only after the shared rules
 * passed: ema_list and diary_list arrays of settings whose questionnaire_list holds ids, the other two arrays of
 * questionnaire ids in their order. group_questionnaires indexes every id they hold.
 */
export interface ParticipantGroupsTable {
  id: string;
  stage_id: string;
  group_num: number;
  name: string;
  ema_list: string;
  diary_list: string;
  questionnaire_list: string;
  questionnaire_list_free_to_choose: number;
  no_submission_limit_list: string;
  /** Follow-up rules as a JSON array, questionnaires by id (migration 0024). */
  followup_list: Generated<string>;
}

/** The group's list a questionnaire is in. */
export type GroupListName = 'ema' | 'diary' | 'one_time' | 'anytime';

/** Which questionnaires each group uses, so that one in use cannot be deleted. */
export interface GroupQuestionnairesTable {
  group_id: string;
  questionnaire_id: string;
  list_name: GroupListName;
  position: number;
}

export interface MediaFilesTable {
  id: string;
  lab_id: string;
  name: string;
  type: string;
  object_key: string;
  content_type: string;
  /** bigint: PostgreSQL answers it as a string. */
  size: number | string;
  created_by: string | null;
  created_at: string;
}

export interface UploadGrantsTable {
  id: string;
  lab_id: string;
  object_key: string;
  content_type: string;
  max_bytes: number | string;
  expires_at: string;
  used_at: string | null;
}

export type StudyRow = Selectable<StudiesTable>;
export type StageRow = Selectable<StagesTable>;
export type ParticipantGroupRow = Selectable<ParticipantGroupsTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;
export type UploadGrantRow = Selectable<UploadGrantsTable>;

export interface QuestionnairesTable {
  id: string;
  lab_id: string;
  chin_name: string;
  abbrev: string;
  /** The questions as a JSON array. */
  content: string;
  /** Its scores' definitions as a JSON array (migration 0021). */
  scores: Generated<string>;
  /** Its runs of shuffled questions as a JSON array of {from_pos, to_pos} (migration 0026). */
  shuffle_runs: Generated<string>;
  last_edited_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface McSetsTable {
  id: string;
  questionnaire_id: string;
  name: string;
  /** The choices as a JSON array. */
  choices: string;
  created_at: string;
}

export type QuestionnaireRow = Selectable<QuestionnairesTable>;
export type McSetRow = Selectable<McSetsTable>;

export interface ParticipantsTable {
  id: string;
  participant_code: string;
  email: string;
  password_hash: string;
  created_by: string | null;
  created_at: string;
  /** 1 for a pilot participant (migration 0012): never mailed or pushed, left out of counts unless asked. */
  pilot: Generated<number>;
  /** 1 = prompt emails wanted (migration 0016); the email's unsubscribe link and the app's prompt settings turn it off. */
  prompt_emails: Generated<number>;
  /** The app's language as last reported ('en' or 'zh-Hant'), for the language of emails; null until reported. */
  app_language: string | null;
}

export interface ParticipantSessionsTable {
  id: string;
  participant_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface PasswordResetsTable {
  id: string;
  participant_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export interface ParticipationsTable {
  id: string;
  participant_id: string;
  study_id: string;
  /** invited, enrolled, withdrawn or completed. */
  status: string;
  current_stage_id: string;
  current_group_id: string;
  arrive_assigned: number;
  assignment_num: number;
  assigned_at: string;
  joined_at: string;
  consent_text: string | null;
  consented_at: string | null;
  withdrawn_at: string | null;
  completed_at: string | null;
  /** A pilot participation's clock, ms ahead of the real one; null on a real participation. bigint: PostgreSQL answers a string. */
  pilot_offset_ms: number | string | null;
}

export interface EnrolmentTimesTable {
  id: string;
  participation_id: string;
  assignment_num: number;
  stage_id: string;
  group_id: string;
  start_datetime: string;
  plan_seed: string;
  /** Migration 0025: the phone's zone at arrival, and the one it reported last (null: none reported). */
  arrival_zone: string | null;
  phone_zone: string | null;
}

export interface QuestionnaireVersionsTable {
  /** A hash of the content, so the same questionnaire planned many times is stored once. */
  id: string;
  questionnaire_id: string;
  chin_name: string;
  abbrev: string;
  /** The questions as a JSON array. */
  content: string;
  /** The multiple-choice sets its mc responses name, as a JSON array. */
  mc_sets: string;
  /** Its scores' definitions as a JSON array (migration 0021). */
  scores: Generated<string>;
  /** Its runs of shuffled questions as a JSON array of {from_pos, to_pos} (migration 0026). */
  shuffle_runs: Generated<string>;
  created_at: string;
}

export interface TasksTable {
  id: string;
  participation_id: string;
  enrolment_time_id: string;
  study_id: string;
  stage_id: string;
  group_id: string;
  /** ema, diary, once or anytime. */
  kind: string;
  questionnaire_id: string;
  questionnaire_version_id: string;
  setting_index: number | null;
  prompt_task_id: string | null;
  notification_datetime: string | null;
  timezone: string | null;
  reminder: number;
  window_closes_at: string | null;
  diary_start_date: string | null;
  number_of_days: number | null;
  /** planned, delivered, opened, completed or cancelled; expired is worked out on reading. */
  status: string;
  /** The phone's moments (the events' `at`), and when the server received each event. */
  delivered_at: string | null;
  opened_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  delivered_received_at: string | null;
  opened_received_at: string | null;
}

/** A follow-up prompt's (migration 0024): the submission whose answer planned it; null on every other task. */
export interface TaskFollowupColumns {
  trigger_submission_id: string | null;
}

/**
 * The Web Push sender's record of a task (migrations 0011 and 0015), apart from the plan's columns: a plan never names
 * them (they start empty), and only the sender reads them.
 */
export interface TaskPushColumns {
  push_claimed_until: string | null;
  push_attempts: Generated<number>;
  push_done_at: string | null;
  /** The claim that holds the task (migration 0015): only it may record the task pushed, deferred or released. */
  push_claim_token: string | null;
  /** The delivery ledger (migration 0016): when and by which channel it went out, and the push services' answer. */
  sent_at: string | null;
  /** 'push' or 'email'. */
  delivery_channel: string | null;
  /** 'accepted', 'refused', 'gone' or 'none' (no push subscription). */
  push_result: string | null;
  /** When the phone's service worker reported it got the push. */
  received_at: string | null;
  /** When the prompt is to be emailed (set by the push sender); the email sender's claim, like the push sender's. */
  email_due_at: string | null;
  email_claimed_until: string | null;
  email_claim_token: string | null;
  email_attempts: Generated<number>;
  email_done_at: string | null;
  /** 'sent' or 'refused' (by the mail server, permanently or after the retries). */
  email_result: string | null;
}

export interface PushSubscriptionsTable {
  id: string;
  participant_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * A participant's device as the app last reported it (migration 0018). The reported columns and last_seen_at are
 * null while the row only records a lost push (push_lost_at) of a participant whose app never reported.
 */
export interface ParticipantDevicesTable {
  participant_id: string;
  push_permission: string | null;
  installed: number | null;
  app_version: string | null;
  timezone: string | null;
  pending_answers: number | null;
  /** 'ios' or 'other', from the report's User-Agent. */
  platform: string | null;
  last_seen_at: string | null;
  /** A push service answered 404/410 for the participant's subscription; cleared by a new subscription. */
  push_lost_at: string | null;
}

export type ParticipantDeviceRow = Selectable<ParticipantDevicesTable>;

export interface SubmissionsTable {
  id: string;
  participant_id: string;
  participation_id: string;
  client_submission_id: string;
  study_id: string;
  stage_id: string;
  group_id: string;
  task_id: string | null;
  questionnaire_id: string;
  questionnaire_version_id: string;
  started_at: string;
  submitted_at: string;
  received_at: string;
  late: number;
  exclusive_task_id: string | null;
  /** A hash of the answer as the app sent it; null for answers stored before it was kept. */
  request_fingerprint: string | null;
  /** Its scores as computed when it was stored, a JSON object {name: number or null}; null before migration 0021. */
  scores: string | null;
  /** The order its questions and choices were shown in, JSON {questions?, choices?}; null when none was reported (migration 0026). */
  shown_order: string | null;
  /** The texts its questions showed when they quoted answers (canonicalShownTexts); null when none were sent (migration 0027). */
  shown_texts: string | null;
}

export interface AnswerItemsTable {
  submission_id: string;
  question_pos: number;
  response_pos: number;
  /** JSON text. */
  value: string;
}

export interface PhotoUploadsTable {
  id: string;
  participant_id: string;
  object_key: string;
  content_type: string;
  max_bytes: number | string;
  expires_at: string;
  used_at: string | null;
  submission_id: string | null;
  created_at: string;
}

export type ParticipantRow = Selectable<ParticipantsTable>;
export type ParticipationRow = Selectable<ParticipationsTable>;
export type EnrolmentTimeRow = Selectable<EnrolmentTimesTable>;
export type QuestionnaireVersionRow = Selectable<QuestionnaireVersionsTable>;
export type TaskRow = Selectable<TasksTable>;
export type SubmissionRow = Selectable<SubmissionsTable>;
export type AnswerItemRow = Selectable<AnswerItemsTable>;
export type PhotoUploadRow = Selectable<PhotoUploadsTable>;

export interface ImageDownloadsTable {
  /** The sha-256 of the token the lab user holds (hex). */
  id: string;
  lab_user_id: string;
  study_id: string;
  participant_id: string;
  status: 'building' | 'ready' | 'failed';
  object_key: string;
  file_name: string;
  photo_count: number;
  size: number | string | null;
  created_at: string;
  heartbeat_at: string;
  expires_at: string;
}

export type ImageDownloadRow = Selectable<ImageDownloadsTable>;

/** A message of the research team to one participant (migration 0020). */
export interface ParticipantMessagesTable {
  id: string;
  study_id: string;
  participant_id: string;
  text: string;
  /** 'lab_user' (the only writer today). */
  sent_by_kind: string;
  sent_by_id: string | null;
  created_at: string;
  read_at: string | null;
  /** 'pushed', 'emailed' or 'unreached'; null while it is being delivered. */
  delivery: string | null;
  delivered_at: string | null;
}

export type ParticipantMessageRow = Selectable<ParticipantMessagesTable>;

/** A study's adherence digest of one day, sent (migration 0020). */
export interface AlertDigestsTable {
  study_id: string;
  /** The study's calendar day, YYYY-MM-DD. */
  day: string;
  sent_at: string;
  participants: number;
}

/** A participation allocated at random to a group of a later stage (migration 0022). */
export interface AllocationsTable {
  participation_id: string;
  study_id: string;
  /** The call that allocated it: its rows share the seed. */
  run_id: string;
  seed: number;
  stage_id: string;
  group_id: string;
  block: number;
  position: number;
  allocated_at: string;
  allocated_by: string | null;
}

/** The standing allocation rule of a study (migration 0023): at most one. */
export interface AllocationRulesTable {
  study_id: string;
  /** The run_id of the allocations it makes; new when the rule changes. */
  rule_id: string;
  stage_id: string;
  /** JSON arrays, the same length. */
  group_ids: string;
  ratios: string;
  block_size: number;
  seed: number;
  /** How many it has allocated: the index of the next slot (0 when stored). */
  allocated_count: Generated<number>;
  set_at: string;
  set_by: string | null;
}
