// Migration 0023 on a database with a study: the allocation rules table starts empty, takes a rule (the largest
// seed, the count starting at 0 when left out), refuses a second rule of the same study by its key, raises the
// count, is removed with its study, and the migration goes down and up again with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';
import { isUniqueViolation } from '../../../src/server/repositories/uniqueViolation';

describe.each(databases)('migration 0023_allocation_rules (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the allocation rules, one per study, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0022_allocations')).error).toBeUndefined();
      const participations = await db.selectFrom('participations').select(['id', 'study_id', 'current_stage_id', 'current_group_id']).orderBy('id').execute();
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('allocation_rules').selectAll().execute()).toEqual([]);

      const { study_id, current_stage_id, current_group_id } = participations[0];
      const row = {
        study_id,
        rule_id: 'rule1',
        stage_id: current_stage_id,
        group_ids: JSON.stringify([current_group_id, 'g2']),
        ratios: JSON.stringify([1, 1]),
        block_size: 4,
        seed: 2_147_483_647,
        set_at: '2026-01-01T00:00:00.000Z',
        set_by: null,
      };
      await db.insertInto('allocation_rules').values(row).execute();
      const again = await db.insertInto('allocation_rules').values({ ...row, rule_id: 'rule2' }).execute().then(() => null, (error: unknown) => error);
      expect(isUniqueViolation(again)).toBe(true);
      await db.updateTable('allocation_rules').set((eb) => ({ allocated_count: eb('allocated_count', '+', 1) })).where('study_id', '=', study_id).execute();
      const stored = await db.selectFrom('allocation_rules').select(['rule_id', 'seed', 'allocated_count']).execute();
      expect(stored.map((r) => [r.rule_id, Number(r.seed), Number(r.allocated_count)])).toEqual([['rule1', 2_147_483_647, 1]]);

      expect((await migrator.migrateTo('0022_allocations')).error).toBeUndefined();
      expect(await db.selectFrom('participations').select(['id', 'study_id', 'current_stage_id', 'current_group_id']).orderBy('id').execute()).toEqual(participations);
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('allocation_rules').selectAll().execute()).toEqual([]);
    });
  });
});
