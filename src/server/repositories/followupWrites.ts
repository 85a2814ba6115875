// Follow-up prompts (issue 34 part 1) written in the transaction that stores their trigger's answer: only when the
// answer's submission row was inserted by this transaction (a retry, or a second server racing with the same
// submission, inserts none and so plans nothing), and only while the rule's count for that day is below its
// max_per_day. The SQLite writer's thread runs the same steps with its own statements (answerWriterWorker.ts).
import { sql } from 'kysely';
import { dialectOf, type Db } from './db';
import type { TaskRow } from '../db/types';
import { insertTasks } from './tasks';

/** The tasks one rule plans for one answer: a prompt and its reminders per follow-up questionnaire. */
export interface FollowupPlan {
  /** The rule's place in the group's followup_list, stored as the tasks' setting_index. */
  ruleIndex: number;
  maxPerDay: number;
  /** The day (in the trigger's zone) the follow-up comes on, as UTC instants: [dayStart, dayEnd). */
  dayStart: string;
  dayEnd: string;
  /** Every task, trigger_submission_id still to be set to the stored submission's id. */
  rows: TaskRow[];
}

/** How many follow-ups (answers that planned one) the rule has on the day, for the participation. */
export function countFollowupsQuery(db: Db, participationId: string, plan: FollowupPlan) {
  return db
    .selectFrom('tasks')
    .select((eb) => eb.fn.count<number | string>('trigger_submission_id').distinct().as('n'))
    .where('participation_id', '=', participationId)
    .where('trigger_submission_id', 'is not', null)
    .where('setting_index', '=', plan.ruleIndex)
    .where('prompt_task_id', 'is', null)
    .where('status', '!=', 'cancelled')
    .where('notification_datetime', '>=', plan.dayStart)
    .where('notification_datetime', '<', plan.dayEnd);
}

/**
 * Plans the follow-ups of answers just stored, in the caller's transaction. On PostgreSQL the participations are
 * locked first (in one order), so two transactions planning for one participant count one after the other; "no
 * key update", because the submissions just inserted hold key-share locks on them (their foreign key), which a
 * "for update" of two such transactions would wait on crosswise (a deadlock).
 */
export async function writeFollowups(trx: Db, stored: readonly { submissionId: string; participationId: string; plans: readonly FollowupPlan[] }[]): Promise<void> {
  const planned = stored.filter((s) => s.plans.length > 0);
  if (planned.length === 0) return;
  if (dialectOf(trx) === 'postgres') {
    const ids = [...new Set(planned.map((s) => s.participationId))].sort();
    await sql`select id from participations where id in (${sql.join(ids)}) order by id for no key update`.execute(trx);
  }
  for (const s of planned) {
    for (const plan of s.plans) {
      const counted = await countFollowupsQuery(trx, s.participationId, plan).executeTakeFirst();
      if (Number(counted?.n ?? 0) >= plan.maxPerDay) continue;
      await insertTasks(trx, plan.rows);
      const ids = plan.rows.map((r) => r.id);
      await trx.updateTable('tasks').set({ trigger_submission_id: s.submissionId }).where('id', 'in', ids).execute();
    }
  }
}
