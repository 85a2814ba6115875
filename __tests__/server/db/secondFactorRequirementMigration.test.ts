// Migration 0030 (issue 36 part 1) on a database with a lab and a session stored before it: neither is required a
// second factor nor in setup (0), both flags can be set, and the migration goes down and up again with them kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';

describe.each(databases)('migration 0030_second_factor_requirement (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the lab requirement and the session setup flag, off for what was there, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0029_second_factors')).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      await db.insertInto('labs').values({ id: 'lab1', name: 'Lab', organization: 1, created_at: at }).execute();
      await db.insertInto('lab_users').values({ id: 'user1', lab_id: 'lab1', email: 'a@lab.org', password_hash: 'h', is_lab_manager: 0, created_at: at }).execute();
      await db.insertInto('sessions').values({ id: 's1', lab_user_id: 'user1', system_owner_id: null, created_at: at, expires_at: at, ended_at: null }).execute();

      expect((await migrator.migrateTo('0030_second_factor_requirement')).error).toBeUndefined();
      expect(await db.selectFrom('labs').select(['id', 'second_factor_required']).execute()).toEqual([{ id: 'lab1', second_factor_required: 0 }]);
      expect(await db.selectFrom('sessions').select(['id', 'second_factor_setup']).execute()).toEqual([{ id: 's1', second_factor_setup: 0 }]);
      await db.updateTable('labs').set({ second_factor_required: 1 }).execute();
      await db.insertInto('sessions').values({ id: 's2', lab_user_id: 'user1', system_owner_id: null, created_at: at, expires_at: at, ended_at: null, second_factor_setup: 1 }).execute();
      expect(await db.selectFrom('sessions').select(['id', 'second_factor_setup']).orderBy('id').execute()).toEqual([
        { id: 's1', second_factor_setup: 0 },
        { id: 's2', second_factor_setup: 1 },
      ]);

      expect((await migrator.migrateTo('0029_second_factors')).error).toBeUndefined();
      expect(await db.selectFrom('sessions').select('id').orderBy('id').execute()).toEqual([{ id: 's1' }, { id: 's2' }]);
      expect((await migrator.migrateTo('0030_second_factor_requirement')).error).toBeUndefined();
      expect(await db.selectFrom('labs').select('second_factor_required').execute()).toEqual([{ second_factor_required: 0 }]);
    });
  });
});
