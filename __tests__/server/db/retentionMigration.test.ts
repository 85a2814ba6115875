// Migration 0036 (issue 36 part 3): the studies made before it have no deletion day and no notice; a study's
// deletion day and noticed date are kept, and the migration goes down (the studies kept) and up again.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0036_retention (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds empty columns beside the studies made before it, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0035_erasures')).error).toBeUndefined();
      const studies = await db.selectFrom('studies').select(['id', 'retention_until']).orderBy('id').execute();
      expect(studies.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0036_retention')).error).toBeUndefined();
      expect(await db.selectFrom('studies').select(['answers_deleted_on', 'retention_notice_for']).execute()).toEqual(studies.map(() => ({ answers_deleted_on: null, retention_notice_for: null })));
      await db.updateTable('studies').set({ answers_deleted_on: '2031-03-11', retention_notice_for: '2031-03-10' }).where('id', '=', studies[0].id).execute();
      expect(await db.selectFrom('studies').select(['answers_deleted_on', 'retention_notice_for']).where('id', '=', studies[0].id).executeTakeFirstOrThrow()).toEqual({ answers_deleted_on: '2031-03-11', retention_notice_for: '2031-03-10' });

      expect((await migrator.migrateTo('0035_erasures')).error).toBeUndefined();
      expect(await db.selectFrom('studies').select(['id', 'retention_until']).orderBy('id').execute()).toEqual(studies);
      expect((await migrator.migrateTo('0036_retention')).error).toBeUndefined();
      expect(await db.selectFrom('studies').select(['answers_deleted_on', 'retention_notice_for']).execute()).toEqual(studies.map(() => ({ answers_deleted_on: null, retention_notice_for: null })));
    });
  });
});
