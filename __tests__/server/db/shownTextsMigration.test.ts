// Migration 0027 on a database with an answer stored before it: the old answer has no shown texts (null), a new
// answer's can be stored and read back, and the migration goes down (dropping the column) and up again with the
// answers kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';
import { canonicalShownTexts, readShownTexts } from '../../../src/shared/questionnaire/piping';

describe.each(databases)('migration 0027_shown_texts (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds no shown texts to old answers, keeps new ones, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      const submissions = await db.selectFrom('submissions').select(['id', 'client_submission_id']).orderBy('id').execute();
      expect(submissions.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      const old = await db.selectFrom('submissions').select(['id', 'shown_texts']).orderBy('id').execute();
      expect(old.map((s) => s.shown_texts)).toEqual(submissions.map(() => null));
      const shown = canonicalShownTexts({ '2': { question: 'You felt calm', choices: { a: 'Because of calm' } } });
      await db.updateTable('submissions').set({ shown_texts: shown }).where('id', '=', old[0].id).execute();
      const stored = await db.selectFrom('submissions').select('shown_texts').where('id', '=', old[0].id).executeTakeFirstOrThrow();
      expect(readShownTexts(stored.shown_texts).get(2)).toEqual({ question: 'You felt calm', choices: { a: 'Because of calm' } });

      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('submissions').select(['id', 'client_submission_id']).orderBy('id').execute()).toEqual(submissions);
      expect((await migrator.migrateTo('0027_shown_texts')).error).toBeUndefined();
      expect((await db.selectFrom('submissions').select('shown_texts').execute()).map((s) => s.shown_texts)).toEqual(submissions.map(() => null));
    });
  });
});
