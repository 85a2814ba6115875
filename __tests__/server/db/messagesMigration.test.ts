// Migration 0020 on a database with participants and studies: the two new tables start empty, a message and a
// digest can be stored, a second digest of the same study and day is refused by the key, and the migration goes
// down (dropping both) and up again with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';
import { isUniqueViolation } from '../../../src/server/repositories/uniqueViolation';

describe.each(databases)('migration 0020_messages (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds the messages and the digests, one digest per study and day, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0016_delivery_ledger')).error).toBeUndefined();
      const participations = await db.selectFrom('participations').select(['participant_id', 'study_id']).orderBy('id').execute();
      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();

      const { participant_id, study_id } = participations[0];
      await db.insertInto('participant_messages').values({ id: 'm1', study_id, participant_id, text: 'Hello', sent_by_kind: 'lab_user', sent_by_id: null, created_at: '2026-01-01T00:00:00.000Z' }).execute();
      expect(await db.selectFrom('participant_messages').select(['id', 'read_at', 'delivery']).execute()).toEqual([{ id: 'm1', read_at: null, delivery: null }]);
      const digest = { study_id, day: '2026-01-01', sent_at: '2026-01-01T01:00:00.000Z', participants: 0 };
      await db.insertInto('alert_digests').values(digest).execute();
      const again = await db.insertInto('alert_digests').values(digest).execute().then(() => null, (error: unknown) => error);
      expect(isUniqueViolation(again)).toBe(true);

      expect((await migrator.migrateTo('0016_delivery_ledger')).error).toBeUndefined();
      expect(await db.selectFrom('participations').select(['participant_id', 'study_id']).orderBy('id').execute()).toEqual(participations);
      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();
      expect(await db.selectFrom('participant_messages').select('id').execute()).toEqual([]);
    });
  });
});
