// The checkpointer's thread copies the write-ahead log into the SQLite file on its own, so the answer writer's
// commits (which no longer checkpoint) never wait for a checkpoint; with the writer's help (walRestart.ts) the log
// starts again at its beginning instead of growing without end under steady writing.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../../../src/server/db/database';
import { startThread, stopThread } from '../../../src/server/threads';
import { logRestarter, newWalLength, WAL_RESTART_FRAMES, type WalLength } from '../../../src/server/repositories/walRestart';

jest.setTimeout(120_000);

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

  /**
   * Commits without a pause on a database of its own, as the answer writer does under steady load (each commit
   * waits for the disk, synchronous=FULL), with the checkpointer's thread running, until `until` says enough (it
   * is asked every 100 commits with the commits made and the log's largest size so far); answers both. Judged by
   * what was written, not by how long it took: a loaded machine writes more slowly, not differently.
   */
  async function writeSteadily(
    name: string,
    until: (commits: number, largest: number) => boolean,
    restarter?: (sqlite: SQLite.Database, walLength: WalLength) => () => void,
  ): Promise<{ commits: number; largest: number }> {
    const sqliteFile = path.join(dir, `${name}.sqlite`);
    const sqlite = new SQLite(sqliteFile);
    applySqlitePragmas(sqlite);
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table items (id integer primary key, k text not null, value text not null)');
    sqlite.exec('create index items_k on items (k)');
    const insert = sqlite.prepare('insert into items (k, value) values (?, ?)');
    const write = sqlite.transaction((n: number) => {
      // Keys all over the index, as participants' answers are: each commit rewrites many pages.
      for (let i = 0; i < 10; i += 1) insert.run(String((n * 7919 + i * 104729) % 100003), 'x'.repeat(100));
    });
    const walLength = newWalLength();
    const afterCommit = restarter?.(sqlite, walLength);
    const checkpointer = startThread('repositories/walCheckpointWorker', { sqliteFile, walLength });
    let largest = 0;
    let commits = 0;
    try {
      for (;;) {
        write(commits);
        commits += 1;
        afterCommit?.();
        // Now and then a turn of the event loop, as the writer's thread takes its next message.
        if (commits % 100 === 0) {
          largest = Math.max(largest, statSync(`${sqliteFile}-wal`).size);
          if (until(commits, largest)) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      await stopThread(checkpointer);
      sqlite.close();
    }
    return { commits, largest };
  }

  it('keeps the log short under a writer that never pauses: the writer finishes a long log’s copy and the log starts again', async () => {
    // Left to the checkpointer alone the log never starts again, and holds all that was written.
    // A long log is 4,096 frames here, not the server's WAL_RESTART_FRAMES: the test writes seconds, not minutes.
    const longLog = Math.min(4096, WAL_RESTART_FRAMES);
    const enough = 4 * longLog * 4096;
    // Bounded, so that a log that never grows fails the test rather than outlasting it.
    const giveUpAt = Date.now() + 40_000;
    const alone = await writeSteadily('alone', (_commits, largest) => largest > enough || Date.now() > giveUpAt);
    expect(alone.largest).toBeGreaterThan(enough);
    // Three times those commits with the writer's help: the log starts again whenever the checkpointer has
    // copied a long one, so it stays under a third of what was written (alone, it holds all of it). Judged against
    // all that was written, not against one pass's share of it, since on a loaded machine a pass comes late.
    const helped = await writeSteadily('helped', (commits) => commits >= 3 * alone.commits, (sqlite, walLength) => logRestarter(sqlite, walLength, longLog));
    expect(helped.largest).toBeLessThan(alone.largest);
  });
});
