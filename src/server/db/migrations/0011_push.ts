// Frozen: Web Push (PARTICIPANTS.md "Prompting").
// - push_subscriptions: a browser's subscription, one per endpoint (a device's browser), owned by the participant
//   signed in when it was stored.
// - tasks.push_claimed_until: a process claims a due task for pushing by setting it (a conditional update, so one
//   process wins); a claim whose process stopped runs out, and a failed push waits for it before a retry.
//   tasks.push_attempts counts the claims; tasks.push_done_at is set when the sender is done with the task:
//   pushed, given up, or its window closed unsent.
// - A partial index over the EMA tasks the sender is not done with, by moment: it reads only those due now (its
//   literal condition is repeated in the sender's queries, so SQLite uses it).
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_participant_idx').on('push_subscriptions').column('participant_id').execute();

  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('tasks').addColumn('push_claimed_until', 'varchar(32)').execute();
  await db.schema.alterTable('tasks').addColumn('push_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tasks').addColumn('push_done_at', 'varchar(32)').execute();
  await sql`create index tasks_push_due_idx on tasks (notification_datetime) where push_done_at is null and kind = 'ema'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_push_due_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('push_done_at').execute();
  await db.schema.alterTable('tasks').dropColumn('push_attempts').execute();
  await db.schema.alterTable('tasks').dropColumn('push_claimed_until').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
