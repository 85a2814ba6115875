// Frozen: the standing allocation rule (issue 34, part 4): at most one per study. Every participant who becomes
// enrolled in stage 1 while it is in force takes the next slot of the blocks its seed makes; allocated_count is
// how many have (the next slot's index), raised in the transaction that allocates, so that two participants
// consenting at once take different slots. rule_id is the run_id of its allocations; a changed rule gets a new
// one and starts at slot 0. group_ids and ratios are JSON arrays of the same length.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('allocation_rules')
    .addColumn('study_id', 'varchar(32)', (c) => c.primaryKey().references('studies.id').onDelete('cascade'))
    .addColumn('rule_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_ids', 'text', (c) => c.notNull())
    .addColumn('ratios', 'text', (c) => c.notNull())
    .addColumn('block_size', 'integer', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('allocated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('set_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('set_by', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('allocation_rules').execute();
}
