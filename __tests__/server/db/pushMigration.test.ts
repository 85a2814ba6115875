// Migration 0011 on a plan made before it: every task is there with no push claim and no attempt, so the sender
// pushes those whose window is open and retires the rest; subscriptions start empty; down and up again work.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0011_push (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('leaves planned tasks unclaimed and unpushed, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
    expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
    await seedAnswerBefore0009(db);
    expect((await migrator.migrateTo('0010_answer_items_clustered')).error).toBeUndefined();
    const before = await db.selectFrom('tasks').select(['id', 'status', 'notification_datetime']).orderBy('id').execute();

    expect((await migrator.migrateTo('0011_push')).error).toBeUndefined();
    const after = await db.selectFrom('tasks').select(['id', 'status', 'notification_datetime', 'push_claimed_until', 'push_attempts', 'push_done_at']).orderBy('id').execute();
    expect(after).toEqual(before.map((task) => ({ ...task, push_claimed_until: null, push_attempts: 0, push_done_at: null })));
    expect(await db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('0010_answer_items_clustered')).error).toBeUndefined();
    expect((await migrator.migrateTo('0011_push')).error).toBeUndefined();
    expect(await db.selectFrom('tasks').select('id').orderBy('id').execute()).toEqual(before.map((task) => ({ id: task.id })));
    });
  });
});
