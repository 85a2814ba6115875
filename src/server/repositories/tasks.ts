// The stored plan: tasks, read with the name and code of the questionnaire each was planned with.
import { CompiledQuery } from 'kysely';
import { dialectOf, type Db } from './db';
import { ANSWER_PATH, prepared } from './prepared';
import type { TaskFollowupColumns, TaskRow } from '../db/types';

/** Statuses a task can still leave; completed and cancelled are final. */
export const OPEN_STATUSES = ['planned', 'delivered', 'opened'] as const;

export type TaskWithQuestionnaire = TaskRow & TaskFollowupColumns & { chin_name: string; abbrev: string };

function withQuestionnaire(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('questionnaire_versions as v', 'v.id', 't.questionnaire_version_id')
    .selectAll('t')
    .select(['v.chin_name', 'v.abbrev']);
}

/** Rows per statement: SQLite allows 32,766 parameters, PostgreSQL 65,535; tasks have 24 columns. */
const INSERT_BATCH = 1000;

export const TASK_COLUMNS: readonly (keyof TaskRow)[] = [
  'id', 'participation_id', 'enrolment_time_id', 'study_id', 'stage_id', 'group_id', 'kind', 'questionnaire_id',
  'questionnaire_version_id', 'setting_index', 'prompt_task_id', 'notification_datetime', 'timezone', 'reminder',
  'window_closes_at', 'diary_start_date', 'number_of_days', 'status', 'delivered_at', 'opened_at', 'completed_at',
  'cancelled_at', 'delivered_received_at', 'opened_received_at',
];

/**
 * The text of a multi-row insert of `count` tasks. A plan inserts hundreds of rows; building them through the
 * query builder costs more than the database takes to store them, and a fixed text is prepared once.
 */
const insertTexts = new Map<string, string>();
function insertText(count: number, kind: 'sqlite' | 'postgres'): string {
  const key = `${kind}:${count}`;
  let text = insertTexts.get(key);
  if (!text) {
    let n = 0;
    const parameter = () => (kind === 'postgres' ? `$${++n}` : '?');
    const tuples = Array.from({ length: count }, () => `(${TASK_COLUMNS.map(parameter).join(', ')})`);
    text = `insert into "tasks" (${TASK_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    insertTexts.set(key, text);
  }
  return text;
}

/** Every row names every column (see services/plan/makePlan.ts). */
export async function insertTasks(db: Db, rows: readonly TaskRow[]): Promise<void> {
  const kind = dialectOf(db);
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const parameters: unknown[] = [];
    for (const row of batch) for (const column of TASK_COLUMNS) parameters.push(row[column]);
    await db.executeQuery(CompiledQuery.raw(insertText(batch.length, kind), parameters));
  }
}

const taskById = prepared(1, (db: Db, id: string) => db.selectFrom('tasks').selectAll().where('id', '=', id), ANSWER_PATH);

export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return (await taskById(db, id))[0];
}

/**
 * A participation's EMA notifications with the answer to each (a reminder's is its prompt's), in time order: those
 * still to come after `upcomingAfter` (not answered, not cancelled), or every one when it is null.
 */
export function listEmaTasksWithAnswers(db: Db, participationId: string, upcomingAfter: string | null) {
  let query = withQuestionnaire(db)
    .leftJoin('submissions as s', (join) => join.on((eb) => eb('s.exclusive_task_id', '=', eb.fn.coalesce('t.prompt_task_id', 't.id'))))
    .select(['s.submitted_at as answered_at', 's.late as answered_late'])
    .where('t.participation_id', '=', participationId)
    .where('t.kind', '=', 'ema');
  if (upcomingAfter !== null) query = query.where('t.notification_datetime', '>', upcomingAfter).where('t.status', 'in', OPEN_STATUSES);
  return query.orderBy('t.notification_datetime').orderBy('t.id').execute();
}

/** Every task of one arrival's plan of the given kinds, in planned order. */
export function listTasksOfArrival(db: Db, enrolmentTimeId: string, kinds: readonly string[]): Promise<TaskWithQuestionnaire[]> {
  return withQuestionnaire(db)
    .where('t.enrolment_time_id', '=', enrolmentTimeId)
    .where('t.kind', 'in', kinds)
    .orderBy('t.notification_datetime')
    .orderBy('t.id')
    .execute();
}

/** A participation's diary tasks that are not cancelled. */
/** The first prompt (not a reminder) of an arrival's plan after a moment; undefined when none is left. */
export async function nextPromptOfArrival(db: Db, enrolmentTimeId: string, after: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tasks')
    .select('notification_datetime')
    .where('enrolment_time_id', '=', enrolmentTimeId)
    .where('kind', '=', 'ema')
    .where('prompt_task_id', 'is', null)
    .where('notification_datetime', '>', after)
    .orderBy('notification_datetime')
    .limit(1)
    .executeTakeFirst();
  return row?.notification_datetime ?? undefined;
}

export function listDiaryTasks(db: Db, participationId: string): Promise<TaskWithQuestionnaire[]> {
  return withQuestionnaire(db)
    .where('t.participation_id', '=', participationId)
    .where('t.kind', '=', 'diary')
    .where('t.status', '!=', 'cancelled')
    .orderBy('t.diary_start_date')
    .orderBy('t.id')
    .execute();
}

/** When each of the given tasks was answered. */
export async function submittedTimesOfTasks(db: Db, taskIds: readonly string[]): Promise<{ task_id: string; submitted_at: string }[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('submissions')
    .select(['task_id', 'submitted_at'])
    .where('task_id', 'in', taskIds)
    .execute();
  return rows.flatMap((r) => (r.task_id ? [{ task_id: r.task_id, submitted_at: r.submitted_at }] : []));
}

/**
 * Ends what is left of a participation's plan: tasks not yet answered whose window has not closed (and those
 * without a window) become cancelled. Tasks already expired stay as they are, so the record stays true.
 */
export function cancelOpenTasks(db: Db, participationId: string, now: string): Promise<unknown> {
  return db
    .updateTable('tasks')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('participation_id', '=', participationId)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('window_closes_at', 'is', null), eb('window_closes_at', '>', now)]))
    .execute();
}

/** The anytime task of an arrival's plan for a questionnaire. */
export function findAnytimeTask(db: Db, enrolmentTimeId: string, questionnaireId: string): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('enrolment_time_id', '=', enrolmentTimeId)
    .where('kind', '=', 'anytime')
    .where('questionnaire_id', '=', questionnaireId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
}

/** Those of the ids that are tasks of the participation, with their prompts. */
export function findTasksOfParticipation(db: Db, participationId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tasks').select(['id', 'prompt_task_id']).where('id', 'in', ids).where('participation_id', '=', participationId).execute();
}

/**
 * The app showed the notification at `at` (the phone's moment), received by the server at `receivedAt`: the
 * first report is kept; planned tasks become delivered.
 */
export async function markDelivered(db: Db, ids: readonly string[], at: string, receivedAt: string): Promise<void> {
  await db.updateTable('tasks').set({ delivered_at: at, delivered_received_at: receivedAt }).where('id', 'in', ids).where('delivered_at', 'is', null).execute();
  await db.updateTable('tasks').set({ status: 'delivered' }).where('id', 'in', ids).where('status', '=', 'planned').execute();
}

/**
 * The push reached the phone's service worker at `at` (the phone's moment; the delivery ledger, issue 33): the
 * first report is kept. The status does not move: the notification is not shown yet.
 */
export async function markReceived(db: Db, ids: readonly string[], at: string): Promise<void> {
  await db.updateTable('tasks').set({ received_at: at }).where('id', 'in', ids).where('received_at', 'is', null).execute();
}

/** The participant opened it (so it was delivered too): planned or delivered tasks become opened. */
export async function markOpened(db: Db, ids: readonly string[], at: string, receivedAt: string): Promise<void> {
  await db.updateTable('tasks').set({ opened_at: at, opened_received_at: receivedAt }).where('id', 'in', ids).where('opened_at', 'is', null).execute();
  await db.updateTable('tasks').set({ delivered_at: at, delivered_received_at: receivedAt }).where('id', 'in', ids).where('delivered_at', 'is', null).execute();
  await db.updateTable('tasks').set({ status: 'opened' }).where('id', 'in', ids).where('status', 'in', ['planned', 'delivered']).execute();
}

/** The questionnaire version of the participant's most recent task with the questionnaire, and that task's study. */
export async function latestVersionForParticipant(db: Db, participantId: string, questionnaireId: string): Promise<{ versionId: string; studyId: string } | null> {
  const row = await db
    .selectFrom('tasks as t')
    .innerJoin('participations as pa', 'pa.id', 't.participation_id')
    .innerJoin('enrolment_times as e', 'e.id', 't.enrolment_time_id')
    .select(['t.questionnaire_version_id', 'pa.study_id'])
    .where('pa.participant_id', '=', participantId)
    .where('t.questionnaire_id', '=', questionnaireId)
    .orderBy('e.start_datetime', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { versionId: row.questionnaire_version_id, studyId: row.study_id } : null;
}
