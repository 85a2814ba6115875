// Submitted answers: the submission rows and their answer items.
import type { Db } from './db';
import type { AnswerItemRow, SubmissionRow } from '../db/types';
import { OPEN_STATUSES } from './tasks';
import { ANSWER_PATH, prepared } from './prepared';

const byClientId = prepared(2, (db: Db, participantId: string, clientSubmissionId: string) =>
  db.selectFrom('submissions').selectAll().where('participant_id', '=', participantId).where('client_submission_id', '=', clientSubmissionId),
  ANSWER_PATH,
);

/** Every answer call asks it first (is this a retry?): a prepared query. */
export async function findSubmissionByClientId(db: Db, participantId: string, clientSubmissionId: string): Promise<SubmissionRow | undefined> {
  return (await byClientId(db, participantId, clientSubmissionId))[0];
}

/** Inserts the submissions that break no unique rule; answers the ids of those inserted. */
export async function insertSubmissionsOnce(db: Db, rows: readonly SubmissionRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('submissions')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((r) => r.id));
}

const ITEM_BATCH = 2000;

export async function insertAnswerItems(db: Db, items: readonly AnswerItemRow[]): Promise<void> {
  for (let i = 0; i < items.length; i += ITEM_BATCH) {
    await db.insertInto('answer_items').values(items.slice(i, i + ITEM_BATCH)).execute();
  }
}

/** Completes EMA prompts (with their reminders) and one-time tasks that were answered in time. */
export async function completeTasks(db: Db, taskIds: readonly string[], now: string): Promise<void> {
  if (taskIds.length === 0) return;
  await db
    .updateTable('tasks')
    .set({ status: 'completed', completed_at: now })
    .where((eb) => eb.or([eb('id', 'in', taskIds), eb('prompt_task_id', 'in', taskIds)]))
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

export function listAnswerItems(db: Db, submissionId: string): Promise<AnswerItemRow[]> {
  return db.selectFrom('answer_items').selectAll().where('submission_id', '=', submissionId).orderBy('question_pos').orderBy('response_pos').execute();
}
