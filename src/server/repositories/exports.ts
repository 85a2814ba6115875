// The reads of the data downloads, each bounded: participations come a page at a time (keyset on the
// participant code) and everything else is read for one page of participations through the indexes on
// tasks.participation_id, submissions.task_id, answer_items' key and photo_uploads.participant_id. No read
// grows with the size of the study.
import type { Db } from './db';

export interface ScopeFilter {
  studyId: string;
  stageId: string;
  /** Null for every group of the stage. */
  groupId: string | null;
  /** Pilot participants' tasks and answers are read only when asked (issue 20). */
  includePilot: boolean;
}

/** The pilot participations: their tasks and answers are left out of a scope that does not include them. */
function pilotParticipations(db: Db) {
  return db.selectFrom('participations').select('id').where('pilot_offset_ms', 'is not', null);
}

export interface ParticipationEntry {
  id: string;
  participant_id: string;
  participant_code: string;
  email: string;
  status: string;
}

/** Participations of the study after the given participant code, in code order (pilots only when asked). */
export function participationPage(db: Db, scope: ScopeFilter, afterCode: string, limit: number): Promise<ParticipationEntry[]> {
  let query = db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .select(['pa.id', 'pa.participant_id', 'p.participant_code', 'p.email', 'pa.status'])
    .where('pa.study_id', '=', scope.studyId)
    .where('p.participant_code', '>', afterCode);
  if (!scope.includePilot) query = query.where('pa.pilot_offset_ms', 'is', null);
  return query.orderBy('p.participant_code').limit(limit).execute();
}

/** The questionnaire versions planned in the stage (and group): what the columns are made of. */
export async function versionIdsInScope(db: Db, scope: ScopeFilter): Promise<string[]> {
  let query = db.selectFrom('tasks').select('questionnaire_version_id').distinct().where('study_id', '=', scope.studyId).where('stage_id', '=', scope.stageId);
  if (!scope.includePilot) query = query.where('participation_id', 'not in', pilotParticipations(db));
  if (scope.groupId) query = query.where('group_id', '=', scope.groupId);
  return (await query.execute()).map((r) => r.questionnaire_version_id);
}

/** The questionnaire versions answered in the stage (and group). */
export async function answeredVersionIds(db: Db, scope: ScopeFilter): Promise<string[]> {
  let query = db.selectFrom('submissions').select('questionnaire_version_id').distinct().where('study_id', '=', scope.studyId).where('stage_id', '=', scope.stageId);
  if (!scope.includePilot) query = query.where('participation_id', 'not in', pilotParticipations(db));
  if (scope.groupId) query = query.where('group_id', '=', scope.groupId);
  return (await query.execute()).map((r) => r.questionnaire_version_id);
}

export async function hasTasksInScope(db: Db, scope: ScopeFilter, withEma: boolean): Promise<boolean> {
  let query = db.selectFrom('tasks').select('id').where('study_id', '=', scope.studyId).where('stage_id', '=', scope.stageId).where('reminder', '=', 0);
  if (!scope.includePilot) query = query.where('participation_id', 'not in', pilotParticipations(db));
  if (scope.groupId) query = query.where('group_id', '=', scope.groupId);
  if (!withEma) query = query.where('kind', '!=', 'ema');
  return (await query.limit(1).execute()).length > 0;
}

/** The zones the tasks in the scope were planned in (null: planned without one). */
export async function zonesOfTasksInScope(db: Db, scope: ScopeFilter, withEma: boolean): Promise<(string | null)[]> {
  let query = db.selectFrom('tasks').select('timezone').distinct().where('study_id', '=', scope.studyId).where('stage_id', '=', scope.stageId).where('reminder', '=', 0);
  if (!scope.includePilot) query = query.where('participation_id', 'not in', pilotParticipations(db));
  if (scope.groupId) query = query.where('group_id', '=', scope.groupId);
  if (!withEma) query = query.where('kind', '!=', 'ema');
  return (await query.execute()).map((r) => r.timezone);
}

export function findVersions(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('questionnaire_versions').selectAll().where('id', 'in', ids).execute();
}

/** Every stored version of the questionnaires, in the order they were first planned (version 1 first). */
export function listVersionsInOrder(db: Db, questionnaireIds: readonly string[]) {
  if (questionnaireIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questionnaire_versions')
    .select(['id', 'questionnaire_id'])
    .where('questionnaire_id', 'in', questionnaireIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface TaskEntry {
  id: string;
  participation_id: string;
  enrolment_time_id: string;
  group_id: string;
  kind: string;
  questionnaire_id: string;
  questionnaire_version_id: string;
  notification_datetime: string | null;
  timezone: string | null;
  window_closes_at: string | null;
  diary_start_date: string | null;
  number_of_days: number | null;
  status: string;
  delivered_at: string | null;
  opened_at: string | null;
  cancelled_at: string | null;
  /** The delivery ledger (issue 33): the channel that carried it, when it was sent, when the phone got the push. */
  delivery_channel: string | null;
  sent_at: string | null;
  received_at: string | null;
  /** A follow-up's trigger (issue 34 part 1): the submission whose answer planned it; null for other tasks. */
  trigger_submission_id: string | null;
}

/** The tasks (not reminders: they belong to their prompt) of some participations in the stage (and group). */
export function tasksOfParticipations(db: Db, participationIds: readonly string[], scope: ScopeFilter, withEma = true): Promise<TaskEntry[]> {
  if (participationIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('tasks')
    .select([
      'id', 'participation_id', 'enrolment_time_id', 'group_id', 'kind', 'questionnaire_id', 'questionnaire_version_id',
      'notification_datetime', 'timezone', 'window_closes_at', 'diary_start_date', 'number_of_days', 'status', 'delivered_at',
      'opened_at', 'cancelled_at', 'delivery_channel', 'sent_at', 'received_at', 'trigger_submission_id',
    ])
    .where('participation_id', 'in', participationIds)
    .where('stage_id', '=', scope.stageId)
    .where('reminder', '=', 0);
  if (scope.groupId) query = query.where('group_id', '=', scope.groupId);
  if (!withEma) query = query.where('kind', '!=', 'ema');
  return query.execute();
}

export interface SubmissionEntry {
  id: string;
  /** The app's own id for the answer (its submissionId). */
  client_submission_id: string;
  task_id: string;
  participation_id: string;
  group_id: string;
  questionnaire_version_id: string;
  submitted_at: string;
  late: number;
  kind: string;
  notification_datetime: string | null;
  timezone: string | null;
  /** Its scores as stored with it (JSON {name: number or null}); null before scores existed. */
  scores: string | null;
  /** The order its questions and choices were shown in (JSON ShownOrder); null when none was reported. */
  shown_order: string | null;
  /** The texts its questions showed when they quoted answers (canonicalShownTexts); null when none were sent. */
  shown_texts: string | null;
}

/**
 * The answers to tasks of some participations in the stage (and group), of one questionnaire when named. Read
 * through the tasks, whose index starts with the participation.
 */
export function submissionsOfParticipations(
  db: Db,
  participationIds: readonly string[],
  scope: ScopeFilter,
  options: { questionnaireId?: string; withEma?: boolean } = {},
): Promise<SubmissionEntry[]> {
  if (participationIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('tasks as t')
    .innerJoin('submissions as s', 's.task_id', 't.id')
    .select([
      's.id', 's.client_submission_id', 't.id as task_id', 's.participation_id', 's.group_id', 's.questionnaire_version_id', 's.submitted_at', 's.late', 't.kind',
      't.notification_datetime', 't.timezone', 's.scores', 's.shown_order', 's.shown_texts',
    ])
    .where('t.participation_id', 'in', participationIds)
    .where('t.stage_id', '=', scope.stageId)
    .where('t.reminder', '=', 0);
  if (scope.groupId) query = query.where('t.group_id', '=', scope.groupId);
  if (options.questionnaireId) query = query.where('t.questionnaire_id', '=', options.questionnaireId);
  if (options.withEma === false) query = query.where('t.kind', '!=', 'ema');
  return query.execute();
}

export interface ItemEntry {
  submission_id: string;
  question_pos: number;
  response_pos: number;
  value: string;
}

/** Ids per statement: well under either database's limit of parameters. */
const ID_BATCH = 1000;

/** The answer items of some submissions. */
export async function itemsOfSubmissions(db: Db, submissionIds: readonly string[]): Promise<ItemEntry[]> {
  const items: ItemEntry[] = [];
  for (let i = 0; i < submissionIds.length; i += ID_BATCH) {
    const rows = await db
      .selectFrom('answer_items')
      .select(['submission_id', 'question_pos', 'response_pos', 'value'])
      .where('submission_id', 'in', submissionIds.slice(i, i + ID_BATCH))
      .execute();
    for (const row of rows) items.push(row);
  }
  return items;
}

/** When each arrival was (the first day of the study for its tasks). */
export async function arrivalsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const arrivals = new Map<string, string>();
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await db.selectFrom('enrolment_times').select(['id', 'start_datetime']).where('id', 'in', ids.slice(i, i + ID_BATCH)).execute();
    for (const row of rows) arrivals.set(row.id, row.start_datetime);
  }
  return arrivals;
}

export interface PhotoEntry {
  object_key: string;
  content_type: string;
  submission_id: string;
  participant_id: string;
  questionnaire_id: string;
  /** The version answered: the photo's column is found at that version's place. */
  questionnaire_version_id: string;
  task_id: string;
  kind: string;
  abbrev: string;
  timezone: string | null;
  submitted_at: string;
  /** The upload's moment: orders the photos of one answer. */
  created_at: string;
}

/** The photos attached to answers of some participants in the stage (and group). */
export function photosOfParticipants(db: Db, participantIds: readonly string[], scope: ScopeFilter): Promise<PhotoEntry[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('photo_uploads as pu')
    .innerJoin('submissions as s', 's.id', 'pu.submission_id')
    .innerJoin('tasks as t', 't.id', 's.task_id')
    .innerJoin('questionnaire_versions as v', 'v.id', 's.questionnaire_version_id')
    .select(['pu.object_key', 'pu.content_type', 's.id as submission_id', 's.participant_id', 's.questionnaire_id', 's.questionnaire_version_id', 't.id as task_id', 't.kind', 'v.abbrev', 't.timezone', 's.submitted_at', 'pu.created_at'])
    .where('pu.participant_id', 'in', participantIds)
    .where('s.study_id', '=', scope.studyId)
    .where('s.stage_id', '=', scope.stageId);
  if (scope.groupId) query = query.where('s.group_id', '=', scope.groupId);
  return query.execute() as Promise<PhotoEntry[]>;
}
