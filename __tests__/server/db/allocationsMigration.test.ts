// Migration 0022 on a database with participations: the allocations table starts empty, an allocation can be
// stored, a second one of the same participation is refused by the key, and the migration goes down and up again
// with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';
import { isUniqueViolation } from '../../../src/server/repositories/uniqueViolation';

describe.each(databases)('migration 0022_allocations (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the allocations, one per participation, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();
      const participations = await db.selectFrom('participations').select(['id', 'study_id', 'current_stage_id', 'current_group_id']).orderBy('id').execute();
      expect((await migrator.migrateTo('0022_allocations')).error).toBeUndefined();

      const { id, study_id, current_stage_id, current_group_id } = participations[0];
      const row = {
        participation_id: id,
        study_id,
        run_id: 'r1',
        seed: 2_147_483_647,
        stage_id: current_stage_id,
        group_id: current_group_id,
        block: 1,
        position: 1,
        allocated_at: '2026-01-01T00:00:00.000Z',
        allocated_by: null,
      };
      await db.insertInto('allocations').values(row).execute();
      expect(await db.selectFrom('allocations').select(['participation_id', 'seed']).execute()).toEqual([{ participation_id: id, seed: 2_147_483_647 }]);
      const again = await db.insertInto('allocations').values({ ...row, run_id: 'r2' }).execute().then(() => null, (error: unknown) => error);
      expect(isUniqueViolation(again)).toBe(true);

      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();
      expect(await db.selectFrom('participations').select(['id', 'study_id', 'current_stage_id', 'current_group_id']).orderBy('id').execute()).toEqual(participations);
      expect((await migrator.migrateTo('0022_allocations')).error).toBeUndefined();
      expect(await db.selectFrom('allocations').select('participation_id').execute()).toEqual([]);
    });
  });
});
