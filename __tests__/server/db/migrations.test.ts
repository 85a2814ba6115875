// What the migrations leave behind that queries rely on (SQLite): the lab users list reads its index in order.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database';

let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-test-'));
  file = path.join(dir, 'portal.sqlite');
  const { db } = openDatabase({ url: null, sqliteFile: file });
  await migrateToLatest(db);
  await db.destroy();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function planOf(query: string): string[] {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all('lab') as { detail: string }[]).map((r) => r.detail);
  } finally {
    sqlite.close();
  }
}

describe('after the migrations', () => {
  it("lists a lab's users newest first from the index, without sorting them", () => {
    const plan = planOf('SELECT id, email FROM lab_users WHERE lab_id = ? ORDER BY created_at DESC, id DESC');
    expect(plan.join(' | ')).toContain('USING INDEX lab_users_lab_list_idx (lab_id=?)');
    expect(plan.join(' | ')).not.toContain('TEMP B-TREE');
  });
});
