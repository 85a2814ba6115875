// Migration 0026 on a database with an answer stored before it: questionnaires and their versions get no runs of
// shuffled questions ('[]'), the old answer no shown order (null, read as none), a new answer's order can be
// stored, and the migration goes down (dropping the three columns) and up again with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { NOW, seedAnswerBefore0009 } from './support/oldAnswer';
import { readStoredShownOrder } from '../../../src/shared/questionnaire/shuffles';

describe.each(databases)('migration 0026_shuffles (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds no runs to questionnaires and versions, no shown order to old answers, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      await db.insertInto('questionnaires').values({ id: 'q', lab_id: 'lab', chin_name: 'Mood', abbrev: 'MOOD', content: '[]', last_edited_by: null, created_at: NOW, updated_at: NOW }).execute();
      await db.insertInto('questionnaire_versions').values({ id: 'v2', questionnaire_id: 'q', chin_name: 'Mood', abbrev: 'MOOD', content: '[]', mc_sets: '[]', created_at: NOW }).execute();
      const submissions = await db.selectFrom('submissions').select(['id', 'client_submission_id', 'scores']).orderBy('id').execute();
      expect(submissions.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0026_shuffles')).error).toBeUndefined();
      expect(await db.selectFrom('questionnaires').select('shuffle_runs').execute()).toEqual([{ shuffle_runs: '[]' }]);
      expect(await db.selectFrom('questionnaire_versions').select('shuffle_runs').where('id', '=', 'v2').execute()).toEqual([{ shuffle_runs: '[]' }]);
      const old = await db.selectFrom('submissions').select(['id', 'shown_order']).orderBy('id').execute();
      expect(old.map((s) => s.shown_order)).toEqual(submissions.map(() => null));
      expect(readStoredShownOrder(old[0].shown_order)).toBeNull();
      const order = { questions: [0, 2, 1], choices: { '1': ['3', '1', '2'] } };
      await db.updateTable('submissions').set({ shown_order: JSON.stringify(order) }).where('id', '=', old[0].id).execute();
      const stored = await db.selectFrom('submissions').select('shown_order').where('id', '=', old[0].id).executeTakeFirstOrThrow();
      expect(readStoredShownOrder(stored.shown_order)).toEqual(order);

      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('submissions').select(['id', 'client_submission_id', 'scores']).orderBy('id').execute()).toEqual(submissions);
      expect((await migrator.migrateTo('0026_shuffles')).error).toBeUndefined();
      expect((await db.selectFrom('submissions').select('shown_order').execute()).map((s) => s.shown_order)).toEqual(submissions.map(() => null));
      expect(await db.selectFrom('questionnaires').select('shuffle_runs').execute()).toEqual([{ shuffle_runs: '[]' }]);
    });
  });
});
