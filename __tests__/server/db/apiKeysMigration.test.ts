// Migration 0028 (analysts' API keys): the tables take a key and its studies, removing a study or the user
// removes their rows, and the migration goes down (dropping both tables) and up again.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { NOW, seedAnswerBefore0009 } from './support/oldAnswer';

jest.setTimeout(30_000);

describe.each(databases)('migration 0028_api_keys (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('stores keys with their studies, cascades deletions, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0028_api_keys')).error).toBeUndefined();
      await db.insertInto('lab_users').values({ id: 'u', lab_id: 'lab', email: 'u@lab.org', password_hash: 'x', is_lab_manager: 0, created_at: NOW }).execute();
      const key = { id: 'k', lab_user_id: 'u', name: 'Script', prefix: 'rsp_abcdefgh', key_hash: 'a'.repeat(64), created_at: NOW, expires_at: NOW, revoked_at: null, last_used_at: null };
      await db.insertInto('api_keys').values(key).execute();
      await db.insertInto('api_key_studies').values({ api_key_id: 'k', study_id: 'study' }).execute();
      expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([key]);
      // The same hash twice is refused.
      const again = await db.insertInto('api_keys').values({ ...key, id: 'k2' }).execute().then(() => 'stored', (e: unknown) => String(e));
      expect(again).toMatch(/unique|duplicate/i);
      expect(await db.selectFrom('api_keys').select('id').execute()).toEqual([{ id: 'k' }]);

      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      expect((await migrator.migrateTo('0028_api_keys')).error).toBeUndefined();
      expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
      await db.insertInto('api_keys').values(key).execute();
      await db.insertInto('api_key_studies').values({ api_key_id: 'k', study_id: 'study' }).execute();
      await db.deleteFrom('lab_users').where('id', '=', 'u').execute();
      expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('api_key_studies').selectAll().execute()).toEqual([]);
    });
  });
});
