// Frozen: pilot mode (issue 20).
// - participants.pilot: 1 for a pilot participant a lab user made to live through a study's schedule; such a
//   participant is never mailed or pushed and is left out of progress, counts and downloads unless asked.
// - participations.pilot_offset_ms: the pilot participation's simulated clock, as milliseconds ahead of the real
//   clock (null on a real participation, which always reads the real clock). It never goes negative and only
//   grows; it lives on the participation row so the reads that already load the participation get it for free.
// - pilot_resets: who reset a pilot participation (its answers and plan removed) and when.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('participants').addColumn('pilot', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('participations')
    .addColumn('pilot_offset_ms', 'bigint', (c) => c.check(sql`pilot_offset_ms >= 0`))
    .execute();
  await db.schema
    .createTable('pilot_resets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participation_id', 'varchar(32)', (c) => c.notNull().references('participations.id').onDelete('cascade'))
    .addColumn('reset_by', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('set null'))
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pilot_resets_participation_idx').on('pilot_resets').column('participation_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pilot_resets').execute();
  await db.schema.alterTable('participations').dropColumn('pilot_offset_ms').execute();
  await db.schema.alterTable('participants').dropColumn('pilot').execute();
}
