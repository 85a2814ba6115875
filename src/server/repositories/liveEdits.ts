// The stored plans a live edit reads and changes: the participations already arrived in a group, their plan's
// tasks, and the few writes that re-plan their future (never a task already delivered, opened or answered).
import type { Db } from './db';
import type { TaskRow } from '../db/types';
import { OPEN_STATUSES } from './tasks';

/** Participations of the groups that have arrived in their current assignment, with their arrival. */
export function listArrivedInGroups(db: Db, groupIds: readonly string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participations as pa')
    .innerJoin('participants as p', 'p.id', 'pa.participant_id')
    .innerJoin('enrolment_times as e', (join) => join.onRef('e.participation_id', '=', 'pa.id').onRef('e.assignment_num', '=', 'pa.assignment_num'))
    .select([
      'pa.id as participation_id',
      'pa.current_group_id as group_id',
      'pa.pilot_offset_ms',
      'p.id as participant_id',
      'p.participant_code',
      'p.pilot',
      'e.id as enrolment_time_id',
      'e.start_datetime',
      'e.plan_seed',
      'e.stage_id',
      'e.arrival_zone',
      'e.phone_zone',
    ])
    .where('pa.status', '=', 'enrolled')
    .where('pa.arrive_assigned', '=', 1)
    .where('pa.current_group_id', 'in', groupIds)
    .orderBy('pa.joined_at')
    .orderBy('pa.id')
    .execute();
}

export type ArrivedParticipation = Awaited<ReturnType<typeof listArrivedInGroups>>[number];

/** Whether the study has enrolled participants: then it is live. */
export async function hasEnrolledParticipants(db: Db, studyId: string): Promise<boolean> {
  const row = await db.selectFrom('participations').select('id').where('study_id', '=', studyId).where('status', '=', 'enrolled').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Every task of an arrival's plan that is not cancelled. */
export function listPlanTasks(db: Db, enrolmentTimeId: string): Promise<TaskRow[]> {
  // Follow-ups (issue 34 part 1) are planned by answers, not by the settings: a live edit leaves them as they are.
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('enrolment_time_id', '=', enrolmentTimeId)
    .where('status', '!=', 'cancelled')
    .where('trigger_submission_id', 'is', null)
    .orderBy('notification_datetime')
    .orderBy('id')
    .execute();
}

/**
 * Removes planned prompts (and their reminders) that are still to come and were never delivered. The conditions
 * are repeated here so that a prompt delivered since the impact was read stays.
 */
export async function deleteFuturePrompts(db: Db, promptIds: readonly string[], now: string): Promise<void> {
  if (promptIds.length === 0) return;
  const untouched = (ids: readonly string[], column: 'id' | 'prompt_task_id') =>
    db
      .deleteFrom('tasks')
      .where(column, 'in', ids)
      .where('status', '=', 'planned')
      .where('delivered_at', 'is', null)
      .where('notification_datetime', '>', now);
  await untouched(promptIds, 'prompt_task_id').execute();
  await untouched(promptIds, 'id').execute();
}

/** Ends tasks that are still open (a completed one keeps its answer and its status). */
export function cancelTasks(db: Db, ids: readonly string[], now: string): Promise<unknown> {
  if (ids.length === 0) return Promise.resolve();
  return db.updateTable('tasks').set({ status: 'cancelled', cancelled_at: now }).where('id', 'in', ids).where('status', 'in', OPEN_STATUSES).execute();
}

export function updateDiaryLength(db: Db, id: string, numberOfDays: number): Promise<unknown> {
  return db.updateTable('tasks').set({ number_of_days: numberOfDays }).where('id', '=', id).execute();
}
