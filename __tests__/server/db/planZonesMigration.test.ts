// Migration 0025 on a database with an arrival made before it: the arrival gets no phone zones (null: its
// settings followed their own zone), a new arrival's zones can be stored, and the migration goes down (dropping
// the two columns) and up again with the arrival kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0025_plan_zones (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the zones at arrival and now to arrivals, null for the old ones, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      const arrivals = await db.selectFrom('enrolment_times').select(['id', 'start_datetime', 'plan_seed']).orderBy('id').execute();
      expect(arrivals.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0025_plan_zones')).error).toBeUndefined();
      expect(await db.selectFrom('enrolment_times').select(['arrival_zone', 'phone_zone']).execute()).toEqual(arrivals.map(() => ({ arrival_zone: null, phone_zone: null })));
      await db.updateTable('enrolment_times').set({ arrival_zone: 'Asia/Hong_Kong', phone_zone: 'America/Argentina/ComodRivadavia' }).where('id', '=', arrivals[0].id).execute();
      expect(await db.selectFrom('enrolment_times').select(['arrival_zone', 'phone_zone']).where('id', '=', arrivals[0].id).executeTakeFirstOrThrow()).toEqual({
        arrival_zone: 'Asia/Hong_Kong',
        phone_zone: 'America/Argentina/ComodRivadavia',
      });

      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('enrolment_times').select(['id', 'start_datetime', 'plan_seed']).orderBy('id').execute()).toEqual(arrivals);
      expect((await migrator.migrateTo('0025_plan_zones')).error).toBeUndefined();
      expect((await db.selectFrom('enrolment_times').select('phone_zone').execute()).map((a) => a.phone_zone)).toEqual(arrivals.map(() => null));
    });
  });
});
