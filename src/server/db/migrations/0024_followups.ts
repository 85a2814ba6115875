// Frozen: follow-up prompts triggered by answers (issue 34 part 1).
// - participant_groups.followup_list: the group's follow-up rules as a JSON array (questionnaires by id), '[]'
//   for every group before it.
// - tasks.trigger_submission_id: on a follow-up prompt and its reminders (EMA tasks), the submission whose answer
//   planned them; null on every other task. Indexed with the participation, to count a day's follow-ups.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participant_groups').addColumn('followup_list', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('tasks').addColumn('trigger_submission_id', 'text').execute();
  await db.schema.createIndex('tasks_followups').on('tasks').columns(['participation_id', 'trigger_submission_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_followups').execute();
  await db.schema.alterTable('tasks').dropColumn('trigger_submission_id').execute();
  await db.schema.alterTable('participant_groups').dropColumn('followup_list').execute();
}
