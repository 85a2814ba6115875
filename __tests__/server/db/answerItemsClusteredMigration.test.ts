// Migration 0010 on answers written before it: every item is kept, the key and the foreign key hold as before
// (a second item at one place is refused, removing a submission removes its items), on SQLite the table is
// stored without rowid; down and up again keep the items.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';
import { seedAnswerBefore0009 } from './support/oldAnswer';

const ITEMS = [
  { submission_id: 's', question_pos: 1, response_pos: 0, value: '"b"' },
  { submission_id: 's', question_pos: 0, response_pos: 1, value: '3' },
  { submission_id: 's', question_pos: 0, response_pos: 0, value: '["happy"]' },
];

async function itemsOf(db: Kysely<Database>) {
  return db.selectFrom('answer_items').selectAll().orderBy('question_pos').orderBy('response_pos').execute();
}

async function tableText(db: Kysely<Database>): Promise<string> {
  const row = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'answer_items'`.execute(db);
  return row.rows[0].sql.toLowerCase();
}

describe.each(databases)('migration 0010_answer_items_clustered (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('keeps every item, the key and the foreign key; on SQLite stores them without rowid', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
    expect((await migrator.migrateTo('0009_answer_receipts')).error).toBeUndefined();
    await seedAnswerBefore0009(db);
    await db.insertInto('answer_items').values(ITEMS).execute();
    const before = await itemsOf(db);
    expect(before).toHaveLength(3);

    expect((await migrator.migrateTo('0010_answer_items_clustered')).error).toBeUndefined();
    expect(await itemsOf(db)).toEqual(before);
    if (database === 'sqlite') expect(await tableText(db)).toContain('without rowid');
    // Matched by message: the driver's error may come from another realm than the test's, which toThrow() does
    // not always take for an error.
    await expect(db.insertInto('answer_items').values(ITEMS[0]).execute()).rejects.toHaveProperty('message', expect.stringMatching(/unique|duplicate key/i));
    await expect(db.insertInto('answer_items').values({ ...ITEMS[0], submission_id: 'no such submission' }).execute()).rejects.toHaveProperty('message', expect.stringMatching(/foreign key/i));

    // Down and up again.
    expect((await migrator.migrateTo('0009_answer_receipts')).error).toBeUndefined();
    if (database === 'sqlite') expect(await tableText(db)).not.toContain('without rowid');
    expect(await itemsOf(db)).toEqual(before);
    expect((await migrator.migrateTo('0010_answer_items_clustered')).error).toBeUndefined();
    expect(await itemsOf(db)).toEqual(before);

    await db.deleteFrom('submissions').where('id', '=', 's').execute();
    expect(await itemsOf(db)).toEqual([]);
    });
  });
});
