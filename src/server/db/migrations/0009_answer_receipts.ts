// Frozen: what the server received from the participant app, beside what the phone said.
// - submissions.request_fingerprint: a hash of the answer as the app sent it (task id as sent, questionnaire,
//   moments, answers), so that a retry with the same submissionId is judged by what the participant sent, not by
//   what the server made of it (a reminder's answer is stored under its prompt). Answers stored before this
//   migration have none: their sent content is not known (services/answers/responses.ts accepts their retries).
// - tasks.delivered_received_at and opened_received_at: when the server received the event whose moment (the
//   phone's) is in delivered_at and opened_at. Unknown for events received before this migration: left null.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('submissions').addColumn('request_fingerprint', 'varchar(64)').execute();
  await db.schema.alterTable('tasks').addColumn('delivered_received_at', 'varchar(32)').execute();
  await db.schema.alterTable('tasks').addColumn('opened_received_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('opened_received_at').execute();
  await db.schema.alterTable('tasks').dropColumn('delivered_received_at').execute();
  await db.schema.alterTable('submissions').dropColumn('request_fingerprint').execute();
}
