// Migration 0021 on a database with an answer stored before it: questionnaires and their versions get no scores
// ('[]'), the old answer none (null, read as no scores), a new answer's scores can be stored, and the migration goes
// down (dropping the three columns) and up again with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { NOW, seedAnswerBefore0009 } from './support/oldAnswer';
import { readStoredScores } from '../../../src/shared/questionnaire/scores';

describe.each(databases)('migration 0021_scores (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds empty scores to questionnaires and versions, none to old answers, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();
      await db.insertInto('questionnaires').values({ id: 'q', lab_id: 'lab', chin_name: 'Mood', abbrev: 'MOOD', content: '[]', last_edited_by: null, created_at: NOW, updated_at: NOW }).execute();
      await db.insertInto('questionnaire_versions').values({ id: 'v2', questionnaire_id: 'q', chin_name: 'Mood', abbrev: 'MOOD', content: '[]', mc_sets: '[]', created_at: NOW }).execute();
      const submissions = await db.selectFrom('submissions').select(['id', 'client_submission_id']).orderBy('id').execute();
      expect(submissions.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0021_scores')).error).toBeUndefined();
      expect(await db.selectFrom('questionnaires').select('scores').execute()).toEqual([{ scores: '[]' }]);
      expect(await db.selectFrom('questionnaire_versions').select('scores').where('id', '=', 'v2').execute()).toEqual([{ scores: '[]' }]);
      const old = await db.selectFrom('submissions').select(['id', 'scores']).orderBy('id').execute();
      expect(old.map((s) => s.scores)).toEqual(submissions.map(() => null));
      expect(readStoredScores(old[0].scores)).toEqual({});
      await db.updateTable('submissions').set({ scores: JSON.stringify({ total: 7, mean: null }) }).where('id', '=', old[0].id).execute();
      const stored = await db.selectFrom('submissions').select('scores').where('id', '=', old[0].id).executeTakeFirstOrThrow();
      expect(readStoredScores(stored.scores)).toEqual({ total: 7, mean: null });

      expect((await migrator.migrateTo('0020_messages')).error).toBeUndefined();
      expect(await db.selectFrom('submissions').select(['id', 'client_submission_id']).orderBy('id').execute()).toEqual(submissions);
      expect((await migrator.migrateTo('0021_scores')).error).toBeUndefined();
      expect((await db.selectFrom('submissions').select('scores').execute()).map((s) => s.scores)).toEqual(submissions.map(() => null));
    });
  });
});
