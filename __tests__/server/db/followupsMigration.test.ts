// Migration 0024 on a database with a group and an answered task: every group gets no follow-up rules ('[]'),
// every task no trigger (null), a follow-up's trigger can be stored, and the migration goes down (dropping both
// columns and the index) and up again with the rest kept.
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0024_followups (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('adds empty follow-up rules to groups and no trigger to tasks, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      const groups = await db.selectFrom('participant_groups').select(['id', 'ema_list']).orderBy('id').execute();
      const tasks = await db.selectFrom('tasks').select(['id', 'status']).orderBy('id').execute();
      expect(groups.length).toBeGreaterThan(0);
      expect(tasks.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0024_followups')).error).toBeUndefined();
      expect((await db.selectFrom('participant_groups').select('followup_list').execute()).map((g) => g.followup_list)).toEqual(groups.map(() => '[]'));
      expect((await db.selectFrom('tasks').select('trigger_submission_id').execute()).map((t) => t.trigger_submission_id)).toEqual(tasks.map(() => null));
      await db.updateTable('tasks').set({ trigger_submission_id: 'sub1' }).where('id', '=', tasks[0].id).execute();
      const found = await db.selectFrom('tasks').select('id').where('participation_id', 'is not', null).where('trigger_submission_id', '=', 'sub1').execute();
      expect(found).toEqual([{ id: tasks[0].id }]);

      expect((await migrator.migrateTo('0023_allocation_rules')).error).toBeUndefined();
      expect(await db.selectFrom('participant_groups').select(['id', 'ema_list']).orderBy('id').execute()).toEqual(groups);
      expect(await db.selectFrom('tasks').select(['id', 'status']).orderBy('id').execute()).toEqual(tasks);
      expect((await migrator.migrateTo('0024_followups')).error).toBeUndefined();
      expect((await db.selectFrom('tasks').select('trigger_submission_id').execute()).map((t) => t.trigger_submission_id)).toEqual(tasks.map(() => null));
    });
  });
});
