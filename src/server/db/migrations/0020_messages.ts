// Frozen: the research team's messages to participants, and the adherence alerts' digests (issue 33, part 4).
// - participant_messages: one row per participant a message was sent to (a message to ten participants is ten
//   rows, each read on its own). sent_by_* name who wrote it; read_at is set once, when the app first shows it;
//   delivery is how it reached the phone beside the app's list: 'pushed', 'emailed' or 'unreached' (no working
//   push subscription and no mail), with delivered_at.
// - alert_digests: one row per study and day (the study's own calendar day) whose adherence digest was sent; the
//   primary key makes one process win when several try at 09:00.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participant_messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_by_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('sent_by_id', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)')
    .addColumn('delivery', 'varchar(16)')
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('participant_messages_participant_idx').on('participant_messages').columns(['participant_id', 'created_at']).execute();

  await db.schema
    .createTable('alert_digests')
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('participants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_digests_pk', ['study_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_digests').execute();
  await db.schema.dropTable('participant_messages').execute();
}
