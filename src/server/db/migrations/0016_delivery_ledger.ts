// Frozen: how each prompt reached the participant, and email when push cannot (issue 33).
// - tasks: the delivery ledger of a prompt or reminder. sent_at is when a push service accepted it, or the mail
//   server took its email; delivery_channel is 'push' or 'email'; push_result is the push services' answer
//   ('accepted', 'refused' when every try failed, 'gone' when every subscription was gone, 'none' when the
//   participant had no push subscription); received_at is when the phone's service worker reported it got the push.
// - tasks.email_due_at: set by the push sender when the prompt is to be emailed (at its moment when it could not be
//   pushed, emailAfterMinutes after an accepted push; the email sender skips it once the phone reported it
//   received). The email sender claims due rows as the push sender does (email_claimed_until, email_claim_token,
//   email_attempts) and sets email_done_at when done, with email_result 'sent' or 'refused'.
// - A partial index over the rows waiting for email, by due moment.
// - studies: the prompting choice (emailFallback, emailAfterMinutes) and the adherence alerts' switch and
//   thresholds (response rate in percent over the last alert_prompts closed prompts; hours unseen).
// - participants: prompt_emails (1 = prompt emails wanted; the email's unsubscribe link and the app turn it off)
//   and app_language (the app's language as last reported, for the emails' language).
import { Kysely, sql } from 'kysely';

const TASK_COLUMNS = [
  ['sent_at', 'varchar(32)'],
  ['delivery_channel', 'varchar(8)'],
  ['push_result', 'varchar(16)'],
  ['received_at', 'varchar(32)'],
  ['email_due_at', 'varchar(32)'],
  ['email_claimed_until', 'varchar(32)'],
  ['email_claim_token', 'varchar(32)'],
  ['email_done_at', 'varchar(32)'],
  ['email_result', 'varchar(16)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const [name, type] of TASK_COLUMNS) await db.schema.alterTable('tasks').addColumn(name, type).execute();
  await db.schema.alterTable('tasks').addColumn('email_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`create index tasks_email_due_idx on tasks (email_due_at) where email_done_at is null and email_due_at is not null`.execute(db);

  await db.schema.alterTable('studies').addColumn('email_fallback', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('studies').addColumn('email_after_minutes', 'integer', (c) => c.notNull().defaultTo(2)).execute();
  await db.schema.alterTable('studies').addColumn('adherence_alerts', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('studies').addColumn('alert_response_rate', 'integer', (c) => c.notNull().defaultTo(50)).execute();
  await db.schema.alterTable('studies').addColumn('alert_prompts', 'integer', (c) => c.notNull().defaultTo(6)).execute();
  await db.schema.alterTable('studies').addColumn('alert_silent_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();

  await db.schema.alterTable('participants').addColumn('prompt_emails', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('participants').addColumn('app_language', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participants').dropColumn('app_language').execute();
  await db.schema.alterTable('participants').dropColumn('prompt_emails').execute();
  for (const name of ['alert_silent_hours', 'alert_prompts', 'alert_response_rate', 'adherence_alerts', 'email_after_minutes', 'email_fallback']) {
    await db.schema.alterTable('studies').dropColumn(name).execute();
  }
  await db.schema.dropIndex('tasks_email_due_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('email_attempts').execute();
  for (const [name] of [...TASK_COLUMNS].reverse()) await db.schema.alterTable('tasks').dropColumn(name).execute();
}
