// Migration 0034 on a database with a study made before it: the old study deletes answers on erasure and has
// no retention date, a new choice is stored and read back, and the migration goes down and up again with the
// study kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0034_data_rights (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('gives old studies the defaults, keeps a new choice, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      const studies = await db.selectFrom('studies').select(['id', 'chin_name']).orderBy('id').execute();
      expect(studies.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0034_data_rights')).error).toBeUndefined();
      const old = await db.selectFrom('studies').select(['keep_answers_on_erasure', 'retention_until']).orderBy('id').execute();
      expect(old).toEqual(studies.map(() => ({ keep_answers_on_erasure: 0, retention_until: null })));
      await db.updateTable('studies').set({ keep_answers_on_erasure: 1, retention_until: '2030-01-31' }).where('id', '=', studies[0].id).execute();
      const stored = await db.selectFrom('studies').select(['keep_answers_on_erasure', 'retention_until']).where('id', '=', studies[0].id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ keep_answers_on_erasure: 1, retention_until: '2030-01-31' });

      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      expect(await db.selectFrom('studies').select(['id', 'chin_name']).orderBy('id').execute()).toEqual(studies);
      expect((await migrator.migrateTo('0034_data_rights')).error).toBeUndefined();
      expect((await db.selectFrom('studies').select('keep_answers_on_erasure').execute()).map((s) => s.keep_answers_on_erasure)).toEqual(studies.map(() => 0));
    });
  });
});
