// Migration 0029 (issue 36 part 1) on a database with accounts stored before it: the tables start empty, take a
// lab user's and an owner's rows (one factor each), lose them with their account, and go down and up again with
// the accounts kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';

/**
 * Whether the database refused the write. Not `rejects.toThrow()`: better-sqlite3's error class belongs to the
 * first test file that loaded it, so in a later file jest does not see it as an Error.
 */
const outcome = (write: Promise<unknown>) => write.then(() => 'stored', () => 'refused');

describe.each(databases)('migration 0029_second_factors (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the factor, recovery code and challenge tables, owned by an account, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      await db.insertInto('labs').values({ id: 'lab1', name: 'Lab', organization: 1, created_at: at }).execute();
      await db.insertInto('lab_users').values({ id: 'user1', lab_id: 'lab1', email: 'a@lab.org', password_hash: 'h', is_lab_manager: 0, created_at: at }).execute();
      await db.insertInto('system_owners').values({ id: 'owner1', email: 'o@lab.org', password_hash: 'h', created_at: at }).execute();

      expect((await migrator.migrateTo('0029_second_factors')).error).toBeUndefined();
      expect(await db.selectFrom('totp_factors').selectAll().execute()).toEqual([]);
      const factor = { secret: 'S', created_at: at, confirmed_at: at, last_time_step: 59_881_407 };
      await db.insertInto('totp_factors').values({ id: 'f1', lab_user_id: 'user1', system_owner_id: null, ...factor }).execute();
      await db.insertInto('totp_factors').values({ id: 'f2', lab_user_id: null, system_owner_id: 'owner1', ...factor }).execute();
      expect(await outcome(db.insertInto('totp_factors').values({ id: 'f3', lab_user_id: 'user1', system_owner_id: null, ...factor }).execute())).toBe('refused');
      expect((await db.selectFrom('totp_factors').select('last_time_step').where('id', '=', 'f1').executeTakeFirstOrThrow()).last_time_step).toBe(59_881_407);
      await db.insertInto('recovery_codes').values({ id: 'r1', lab_user_id: 'user1', system_owner_id: null, code_hash: 'h', created_at: at, used_at: null }).execute();
      await db
        .insertInto('sign_in_challenges')
        .values({ id: 'c1', lab_user_id: 'user1', system_owner_id: null, token_hash: 'x'.repeat(64), organization: 1, attempt_key: 'lab_user:a@lab.org', created_at: at, expires_at: at, used_at: null })
        .execute();
      const sameToken = db
        .insertInto('sign_in_challenges')
        .values({ id: 'c2', lab_user_id: 'user1', system_owner_id: null, token_hash: 'x'.repeat(64), organization: 1, attempt_key: 'k', created_at: at, expires_at: at, used_at: null })
        .execute();
      expect(await outcome(sameToken)).toBe('refused');

      // Deleting the lab user takes their rows with them; the owner's stay.
      await db.deleteFrom('lab_users').where('id', '=', 'user1').execute();
      expect(await db.selectFrom('totp_factors').select('id').execute()).toEqual([{ id: 'f2' }]);
      expect(await db.selectFrom('recovery_codes').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('sign_in_challenges').select('id').execute()).toEqual([]);

      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      expect(await db.selectFrom('system_owners').select('id').execute()).toEqual([{ id: 'owner1' }]);
      expect((await migrator.migrateTo('0029_second_factors')).error).toBeUndefined();
      expect(await db.selectFrom('totp_factors').selectAll().execute()).toEqual([]);
    });
  });
});
