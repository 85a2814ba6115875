// The checkpointer's thread copies the write-ahead log into the SQLite file on its own, so the answer writer's
// commits (which no longer checkpoint) never wait for a checkpoint and the log does not grow without end.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../../../src/server/db/database';
import { startThread, stopThread } from '../../../src/server/threads';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the WAL checkpointer', () => {
  let dir: string;
  let file: string;
  let writer: SQLite.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-checkpoint-test-'));
    file = path.join(dir, 'portal.sqlite');
    writer = new SQLite(file);
    applySqlitePragmas(writer);
    writer.pragma('wal_autocheckpoint = 0');
  });

  afterEach(() => {
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies what a writer that never checkpoints committed into the database file', async () => {
    writer.exec('create table items (id integer primary key, value text not null)');
    const insert = writer.prepare('insert into items (value) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run(`an answer of ordinary length, number ${i}`);
    })();
    const before = statSync(file).size;
    // Well under SQLite's own threshold (1,000 pages): without the thread nothing would be copied yet.
    expect(before).toBeLessThan(16 * 1024);

    const checkpointer = startThread('repositories/walCheckpointWorker', { sqliteFile: file });
    try {
      const deadline = Date.now() + 30_000;
      while (statSync(file).size < 64 * 1024 && Date.now() < deadline) await sleep(50);
      expect(statSync(file).size).toBeGreaterThanOrEqual(64 * 1024);
    } finally {
      await stopThread(checkpointer);
    }
    expect(writer.prepare('select count(*) as n from items').get()).toEqual({ n: 2000 });
  });
});
