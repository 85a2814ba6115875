// The stored plans a phone's new time zone re-plans (issue 34 part 5): the participant's arrivals, the claim of a
// reported zone on one of them, and the writes that move the future prompts of settings that follow the phone.
import type { Db } from './db';
import { OPEN_STATUSES } from './tasks';

/** The participant's participations that have arrived in their current assignment, with their arrival and lab. */
export function listArrivalsOfParticipant(db: Db, participantId: string) {
  return db
    .selectFrom('participations as pa')
    .innerJoin('enrolment_times as e', (join) => join.onRef('e.participation_id', '=', 'pa.id').onRef('e.assignment_num', '=', 'pa.assignment_num'))
    .innerJoin('studies as s', 's.id', 'pa.study_id')
    .select([
      'pa.id as participation_id',
      'pa.participant_id',
      'pa.study_id',
      'pa.current_group_id as group_id',
      'pa.pilot_offset_ms',
      's.lab_id',
      'e.id as enrolment_time_id',
      'e.start_datetime',
      'e.plan_seed',
      'e.stage_id',
      'e.arrival_zone',
      'e.phone_zone',
    ])
    .where('pa.participant_id', '=', participantId)
    .where('pa.status', '=', 'enrolled')
    .where('pa.arrive_assigned', '=', 1)
    .execute();
}

export type ArrivalOfParticipant = Awaited<ReturnType<typeof listArrivalsOfParticipant>>[number];

/**
 * Records the phone's new zone on an arrival if it still has the zone read before: true for the one caller that
 * changes it. On PostgreSQL a racing second update waits for the first to commit, then finds the zone changed; on
 * SQLite writers take turns. So one report re-plans once, however many processes receive it.
 */
export async function claimPhoneZone(db: Db, enrolmentTimeId: string, before: string | null, zone: string): Promise<boolean> {
  const result = await db
    .updateTable('enrolment_times')
    .set({ phone_zone: zone })
    .where('id', '=', enrolmentTimeId)
    .where((eb) => (before === null ? eb('phone_zone', 'is', null) : eb('phone_zone', '=', before)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Of the prompts, those that are still to come and untouched: planned, never delivered, claimed or sent. */
export async function untouchedPrompts(db: Db, promptIds: readonly string[], now: string): Promise<string[]> {
  if (promptIds.length === 0) return [];
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('id', 'in', promptIds)
    .where('status', '=', 'planned')
    .where('delivered_at', 'is', null)
    .where('push_claim_token', 'is', null)
    .where('sent_at', 'is', null)
    .where('notification_datetime', '>', now)
    .execute();
  return rows.map((row) => row.id);
}

/** Removes untouched prompts (see untouchedPrompts, read in the same transaction) and their reminders. */
export async function deletePrompts(db: Db, promptIds: readonly string[]): Promise<void> {
  if (promptIds.length === 0) return;
  await db.deleteFrom('tasks').where('prompt_task_id', 'in', promptIds).execute();
  await db.deleteFrom('tasks').where('id', 'in', promptIds).execute();
}

/** Open diary tasks take the new zone: their days (calendar dates) are then counted on the phone's clock. */
export async function setDiaryZone(db: Db, taskIds: readonly string[], zone: string): Promise<void> {
  if (taskIds.length === 0) return;
  await db.updateTable('tasks').set({ timezone: zone }).where('id', 'in', taskIds).where('status', 'in', OPEN_STATUSES).execute();
}
