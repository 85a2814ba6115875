// Migration 0012 on participants and a plan made before it: every participant is real (pilot 0), every
// participation reads the real clock (no offset); a negative offset is refused; down and up again work.
import { sql } from 'kysely';
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

describe.each(databases)('migration 0012_pilot (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('leaves every participant real and every participation on the real clock, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0008_image_downloads')).error).toBeUndefined();
      await seedAnswerBefore0009(db);
      expect((await migrator.migrateTo('0011_push')).error).toBeUndefined();
      const participants = await db.selectFrom('participants').select('id').orderBy('id').execute();
      const participations = await db.selectFrom('participations').select('id').orderBy('id').execute();
      expect(participations.length).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0012_pilot')).error).toBeUndefined();
      expect(await db.selectFrom('participants').select(['id', 'pilot']).orderBy('id').execute()).toEqual(participants.map((p) => ({ ...p, pilot: 0 })));
      expect(await db.selectFrom('participations').select(['id', 'pilot_offset_ms']).orderBy('id').execute()).toEqual(
        participations.map((p) => ({ ...p, pilot_offset_ms: null })),
      );
      expect(await db.selectFrom('pilot_resets').selectAll().execute()).toEqual([]);
      const negative = await sql`update participations set pilot_offset_ms = -1 where id = ${participations[0].id}`.execute(db).then(
        () => 'stored',
        (error: Error) => error.message,
      );
      expect(negative).toMatch(/check|constraint/i);
      await db.updateTable('participations').set({ pilot_offset_ms: 86_400_000 * 400 }).where('id', '=', participations[0].id).execute();
      const stored = await db.selectFrom('participations').select('pilot_offset_ms').where('id', '=', participations[0].id).executeTakeFirstOrThrow();
      expect(Number(stored.pilot_offset_ms)).toBe(86_400_000 * 400);

      expect((await migrator.migrateTo('0011_push')).error).toBeUndefined();
      expect((await migrator.migrateTo('0012_pilot')).error).toBeUndefined();
      expect(await db.selectFrom('participations').select('id').orderBy('id').execute()).toEqual(participations);
    });
  });
});
