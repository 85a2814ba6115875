// The SQLite connection builds rows from better-sqlite3's arrays (db/database.ts): the rows must be exactly
// the objects better-sqlite3 itself would build, for every kind of statement Kysely sends.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/types';

let dir: string;
let file: string;
let db: Kysely<Database>;
let writeCount: () => number;
let direct: SQLite.Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-db-test-'));
  file = path.join(dir, 'rows.sqlite');
  const opened = openDatabase({ url: null, sqliteFile: file });
  db = opened.db;
  writeCount = opened.writeCount!;
  await sql`CREATE TABLE things (id TEXT PRIMARY KEY, name TEXT, size INTEGER, ratio REAL, data BLOB, note TEXT)`.execute(db);
  await sql`CREATE TABLE owners (id TEXT PRIMARY KEY, name TEXT)`.execute(db);
  await sql`INSERT INTO owners VALUES ('o1', 'Owner one')`.execute(db);
  await sql`INSERT INTO things VALUES ('a', 'First', 1, 0.5, x'0102', NULL), ('b', 'Second', 2, 1.25, NULL, 'n')`.execute(db);
  direct = new SQLite(file, { readonly: true });
});

afterAll(async () => {
  direct.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function rowsOf(text: string): Promise<unknown[]> {
  return (await sql.raw(text).execute(db)).rows;
}

describe('SQLite rows', () => {
  it.each([
    'SELECT * FROM things ORDER BY id',
    'SELECT id, size * 2 AS double, ratio FROM things WHERE size > 1',
    'SELECT count(*) AS n FROM things',
    // Two columns of one name: the last one wins, as in better-sqlite3's own objects.
    'SELECT things.id, owners.id, owners.name FROM things CROSS JOIN owners ORDER BY things.id',
    "SELECT * FROM things WHERE id = 'none'",
  ])('are the objects better-sqlite3 builds: %s', async (text) => {
    expect(await rowsOf(text)).toEqual(direct.prepare(text).all());
  });

  it('keep blobs as buffers and nulls as null', async () => {
    const [row] = (await rowsOf("SELECT data, note FROM things WHERE id = 'a'")) as { data: Buffer; note: null }[];
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect([...row.data]).toEqual([1, 2]);
    expect(row.note).toBeNull();
  });

  it('come the same through a reused statement, with other arguments', async () => {
    const query = (id: string) => sql<{ id: string; name: string }>`SELECT id, name FROM things WHERE id = ${id}`.execute(db);
    expect((await query('a')).rows).toEqual([{ id: 'a', name: 'First' }]);
    expect((await query('b')).rows).toEqual([{ id: 'b', name: 'Second' }]);
  });

  it('stream through iterate as well', async () => {
    const things = db as unknown as Kysely<{ things: { id: string; size: number } }>;
    const streamed: unknown[] = [];
    for await (const row of things.selectFrom('things').select(['id', 'size']).orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 'a', size: 1 },
      { id: 'b', size: 2 },
    ]);
  });

  it('still answer changes for writes', async () => {
    const result = await sql`UPDATE things SET note = 'x' WHERE size >= 1`.execute(db);
    expect(result.numAffectedRows).toBe(2n);
  });
});

describe('the write count', () => {
  it('moves with every statement that may write, and only with those', async () => {
    const before = writeCount();
    await rowsOf('SELECT * FROM things');
    await sql`SELECT name FROM things WHERE id = ${'a'}`.execute(db);
    expect(writeCount()).toBe(before);
    await sql`UPDATE things SET note = 'y' WHERE id = 'none'`.execute(db);
    expect(writeCount()).toBe(before + 1);
    await sql`INSERT INTO owners VALUES ('o2', 'Owner two') RETURNING id`.execute(db);
    await sql`DELETE FROM owners WHERE id = ${'o2'}`.execute(db);
    expect(writeCount()).toBe(before + 3);
  });

  it('is not kept on PostgreSQL, where other processes may write', () => {
    expect(openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', sqliteFile: '' }).writeCount).toBeNull();
  });
});
