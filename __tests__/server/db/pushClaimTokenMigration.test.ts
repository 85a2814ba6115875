// Migration 0015 on a plan made before it, some of its tasks claimed or pushed by the sender: every task is there
// with no claim token (a claim taken before it runs out as it did; what it records then changes nothing, and the
// task is claimed again); the claims and what was pushed are kept; down and up again work.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0015_push_claim_token (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('leaves every task without a claim token, keeping claims and pushes, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0013_audit_trail')).error).toBeUndefined();
      const tasks = await db.selectFrom('tasks').select('id').orderBy('id').execute();
      expect(tasks.length).toBeGreaterThan(1);
      await db.updateTable('tasks').set({ push_claimed_until: '2026-01-01T00:02:00.000Z', push_attempts: 1 }).where('id', '=', tasks[0].id).execute();
      await db.updateTable('tasks').set({ push_done_at: '2026-01-01T00:00:00.000Z', push_attempts: 1 }).where('id', '=', tasks[1].id).execute();
      const before = await db.selectFrom('tasks').select(['id', 'status', 'push_claimed_until', 'push_attempts', 'push_done_at']).orderBy('id').execute();

      expect((await migrator.migrateTo('0015_push_claim_token')).error).toBeUndefined();
      const after = await db.selectFrom('tasks').select(['id', 'status', 'push_claimed_until', 'push_attempts', 'push_done_at', 'push_claim_token']).orderBy('id').execute();
      expect(after).toEqual(before.map((task) => ({ ...task, push_claim_token: null })));

      expect((await migrator.migrateTo('0013_audit_trail')).error).toBeUndefined();
      expect(await db.selectFrom('tasks').select(['id', 'status', 'push_claimed_until', 'push_attempts', 'push_done_at']).orderBy('id').execute()).toEqual(before);
      expect((await migrator.migrateTo('0015_push_claim_token')).error).toBeUndefined();
      expect(await db.selectFrom('tasks').select('id').orderBy('id').execute()).toEqual(tasks);
    });
  });
});
