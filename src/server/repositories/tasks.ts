// The stored plan: tasks, read with the name and code of the questionnaire each was planned with.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { TaskRow, TasksTable } from '../db/types';

/** Statuses a task can still leave; completed and cancelled are final. */
export const OPEN_STATUSES = ['planned', 'delivered', 'opened'] as const;

export type TaskWithQuestionnaire = TaskRow & { chin_name: string; abbrev: string };

function withQuestionnaire(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('questionnaire_versions as v', 'v.id', 't.questionnaire_version_id')
    .selectAll('t')
    .select(['v.chin_name', 'v.abbrev']);
}

/** Rows per statement: SQLite allows 32,766 parameters, PostgreSQL 65,535; tasks have 23 columns. */
const INSERT_BATCH = 1000;

export async function insertTasks(db: Db, rows: readonly Insertable<TasksTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insertInto('tasks').values(rows.slice(i, i + INSERT_BATCH)).execute();
  }
}

export function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** EMA notifications of a participation still to come (not answered, not cancelled), soonest first. */
export function listUpcomingEmaTasks(db: Db, participationId: string, now: string): Promise<TaskWithQuestionnaire[]> {
  return withQuestionnaire(db)
    .where('t.participation_id', '=', participationId)
    .where('t.kind', '=', 'ema')
    .where('t.notification_datetime', '>', now)
    .where('t.status', 'in', OPEN_STATUSES)
    .orderBy('t.notification_datetime')
    .orderBy('t.id')
    .execute();
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
