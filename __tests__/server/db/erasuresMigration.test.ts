// Migration 0035 (issue 36): participant_erasures is added empty beside the accounts made before it, keeps an
// erased account's id, and goes down (the accounts kept) and up again.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0035_erasures (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds an empty table that keeps an erased id, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0034_data_rights')).error).toBeUndefined();
      const participants = await db.selectFrom('participants').select(['id', 'email']).orderBy('id').execute();
      expect(participants.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0035_erasures')).error).toBeUndefined();
      expect(await db.selectFrom('participant_erasures').selectAll().execute()).toEqual([]);
      await db.insertInto('participant_erasures').values({ participant_id: 'erased-1', erased_at: '2026-12-05T00:00:00.000Z' }).execute();
      expect(await db.selectFrom('participant_erasures').selectAll().execute()).toEqual([{ participant_id: 'erased-1', erased_at: '2026-12-05T00:00:00.000Z' }]);

      expect((await migrator.migrateTo('0034_data_rights')).error).toBeUndefined();
      expect(await db.selectFrom('participants').select(['id', 'email']).orderBy('id').execute()).toEqual(participants);
      expect((await migrator.migrateTo('0035_erasures')).error).toBeUndefined();
      expect(await db.selectFrom('participant_erasures').selectAll().execute()).toEqual([]);
    });
  });
});
