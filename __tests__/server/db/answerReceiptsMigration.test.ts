// Migration 0009 on rows written before it: answers keep everything and have no fingerprint (their sent content
// is not known), events keep their phone moments and have no receipt; down and up again work.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';


describe.each(databases)('migration 0009_answer_receipts (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('leaves existing answers without a fingerprint and existing events without a receipt', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
    expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();

    const submission = await seedAnswerBefore0009(db);

    expect((await migrator.migrateTo('0009_answer_receipts')).error).toBeUndefined();
    expect(await db.selectFrom('submissions').selectAll().execute()).toEqual([{ ...submission, request_fingerprint: null }]);
    const tasks = await db.selectFrom('tasks').select(['id', 'delivered_at', 'opened_at', 'delivered_received_at', 'opened_received_at']).orderBy('id').execute();
    expect(tasks).toEqual([
      { id: 'prompt', delivered_at: '2025-01-01T01:00:00.000Z', opened_at: '2025-01-01T01:02:00.000Z', delivered_received_at: null, opened_received_at: null },
      { id: 'reminder', delivered_at: null, opened_at: null, delivered_received_at: null, opened_received_at: null },
    ]);

    // Down and up again.
    expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
    expect((await migrator.migrateTo('0009_answer_receipts')).error).toBeUndefined();
    expect(await db.selectFrom('submissions').select(['id', 'request_fingerprint']).execute()).toEqual([{ id: 's', request_fingerprint: null }]);
    });
  });
});
