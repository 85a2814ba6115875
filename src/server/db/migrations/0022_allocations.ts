// Frozen: random allocation on the Participant List (issue 34, part 4). One row per participation allocated:
// a participation is allocated at most once (the key refuses a second, even from two calls at the same time).
// run_id groups the rows of one call, which share its seed; block and position (from 1) place the participant
// in the allocation list; stage_id and group_id are where the participant was moved.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('allocations')
    .addColumn('participation_id', 'varchar(32)', (c) => c.primaryKey().references('participations.id').onDelete('cascade'))
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addColumn('run_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('allocated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('allocated_by', 'varchar(32)')
    .execute();
  await db.schema.createIndex('allocations_study_idx').on('allocations').columns(['study_id', 'allocated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('allocations').execute();
}
