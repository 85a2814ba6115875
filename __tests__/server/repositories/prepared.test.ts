// Prepared reads (repositories/prepared.ts) go straight to the SQLite statement outside a transaction; while a
// transaction is open on the server's connection they must wait for it as Kysely makes them, never see what it
// has not committed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/types';
import SQLite from 'better-sqlite3';
import { ANSWER_PATH, prepared } from '../../../src/server/repositories/prepared';

let dir: string;
let db: Kysely<Database>;

const labNamed = prepared(1, (d: Kysely<Database>, name: string) => d.selectFrom('labs').select('name').where('name', '=', name));
const labNamedUnkept = prepared(1, (d: Kysely<Database>, name: string) => d.selectFrom('labs').select(['id', 'name']).where('name', '=', name), ANSWER_PATH);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-prepared-test-'));
  db = openDatabase({ url: null, sqliteFile: path.join(dir, 'portal.sqlite') }).db;
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('prepared reads on SQLite', () => {
  it('answer the stored rows, and a change at the next read', async () => {
    expect(await labNamed(db, 'First lab')).toEqual([]);
    await db.insertInto('labs').values({ id: 'l1', name: 'First lab', organization: 1, created_at: '2030-01-01T00:00:00.000Z' }).execute();
    expect(await labNamed(db, 'First lab')).toEqual([{ name: 'First lab' }]);
  });

  it('wait for a transaction under way and see only what it committed', async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('labs').values({ id: 'l2', name: 'Second lab', organization: 1, created_at: '2030-01-01T00:00:00.000Z' }).execute();
      inserted();
      await mayFinish;
      throw new Error('rolled back');
    });
    await insertedNow;
    const read = labNamed(db, 'Second lab');
    finish();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
  });

  it('on the answer path (rows not kept) answer what another connection committed, read after read', async () => {
    expect(await labNamedUnkept(db, 'Third lab')).toEqual([]);
    const other = new SQLite(path.join(dir, 'portal.sqlite'));
    try {
      other.prepare("insert into labs (id, name, organization, created_at) values ('l3', 'Third lab', 1, '2030-01-01T00:00:00.000Z')").run();
      expect(await labNamedUnkept(db, 'Third lab')).toEqual([{ id: 'l3', name: 'Third lab' }]);
      other.prepare("update labs set id = 'l4' where id = 'l3'").run();
      const [first, second] = [await labNamedUnkept(db, 'Third lab'), await labNamedUnkept(db, 'Third lab')];
      expect(first).toEqual([{ id: 'l4', name: 'Third lab' }]);
      // Each caller gets objects of its own.
      expect(first[0]).not.toBe(second[0]);
    } finally {
      other.close();
    }
  });
});
