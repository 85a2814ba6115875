// The server's SQLite connection answers repeated reads from kept rows (db/resultCache.ts), and every change
// is seen at the very next read: its own writes, a rolled-back transaction, and commits by another connection
// (the answer writer thread, another process). Each caller gets row objects of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/types';

let dir: string;
let db: Kysely<Database>;
let other: SQLite.Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-result-cache-'));
  const file = path.join(dir, 'cache.sqlite');
  db = openDatabase({ url: null, sqliteFile: file }).db;
  await sql`CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT)`.execute(db);
  await sql`INSERT INTO notes VALUES ('a', 'first')`.execute(db);
  other = new SQLite(file);
  other.pragma('busy_timeout = 5000');
});

afterAll(async () => {
  other.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function bodyOf(id: string): Promise<string | undefined> {
  const row = await db.selectFrom('notes' as never).select('body' as never).where('id' as never, '=', id as never).executeTakeFirst();
  return (row as { body: string } | undefined)?.body;
}

describe('repeated reads on SQLite', () => {
  it('see this connection\'s own writes at once', async () => {
    expect(await bodyOf('a')).toBe('first');
    await sql`UPDATE notes SET body = 'own write' WHERE id = 'a'`.execute(db);
    expect(await bodyOf('a')).toBe('own write');
  });

  it('see a commit by another connection at once', async () => {
    expect(await bodyOf('a')).toBe('own write');
    other.prepare("UPDATE notes SET body = 'other connection' WHERE id = 'a'").run();
    expect(await bodyOf('a')).toBe('other connection');
  });

  it('do not keep what a rolled-back transaction wrote', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`UPDATE notes SET body = 'rolled back' WHERE id = 'a'`.execute(trx);
        const inside = await trx.selectFrom('notes' as never).select('body' as never).where('id' as never, '=', 'a' as never).executeTakeFirst();
        expect((inside as { body: string }).body).toBe('rolled back');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await bodyOf('a')).toBe('other connection');
  });

  it('give each caller row objects of its own', async () => {
    const first = (await sql<{ id: string; body: string }>`SELECT id, body FROM notes`.execute(db)).rows;
    first[0].body = 'changed by a caller';
    const second = (await sql<{ id: string; body: string }>`SELECT id, body FROM notes`.execute(db)).rows;
    expect(second[0].body).toBe('other connection');
    expect(second[0]).not.toBe(first[0]);
  });
});
