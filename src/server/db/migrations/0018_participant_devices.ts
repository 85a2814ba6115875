// Frozen: each participant's device as the app last reported it (issue 33, POST /api/app/device).
// - participant_devices: one row per participant; a report replaces the reported columns (a state, not an event).
//   last_seen_at is the last report's moment (null while the row only holds push_lost_at: never reported).
//   platform is read from the report's User-Agent ('ios' or 'other'): an iPhone needs the app on its Home Screen
//   for push. push_lost_at is set when a push service answered 404/410 for a subscription of the participant,
//   and cleared when the app saves a new subscription.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participant_devices')
    .addColumn('participant_id', 'varchar(32)', (c) => c.primaryKey().references('participants.id').onDelete('cascade'))
    .addColumn('push_permission', 'varchar(16)')
    .addColumn('installed', 'integer')
    .addColumn('app_version', 'varchar(64)')
    .addColumn('timezone', 'varchar(64)')
    .addColumn('pending_answers', 'integer')
    .addColumn('platform', 'varchar(16)')
    .addColumn('last_seen_at', 'varchar(32)')
    .addColumn('push_lost_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('participant_devices').execute();
}
