// The SQLite checkpointer's thread: its own connection copies what the write-ahead log holds into the database
// file every CHECKPOINT_EVERY_MS, a PASSIVE checkpoint that never waits for the answer writer nor holds it up.
// Left to SQLite, the checkpoint runs inside the commit that finds the log long (1,000 pages): that commit then
// copies the pages and waits for a second fsync while every answer of its group, and of the group queued
// behind it, waits too (the answers benchmark's p99). Started by services/answers/answerStore.ts beside the
// answer writer, whose connection no longer checkpoints.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../db/database';
import { isStopRequest, type StopThread } from '../threads';

const CHECKPOINT_EVERY_MS = 250;

function start(file: string): void {
  const sqlite = new SQLite(file);
  applySqlitePragmas(sqlite);
  const checkpoint = sqlite.prepare('pragma wal_checkpoint(PASSIVE)');
  const timer = setInterval(() => {
    try {
      checkpoint.run();
    } catch {
      // Busy: the next round copies what this one could not.
    }
  }, CHECKPOINT_EVERY_MS);
  parentPort?.on('message', (message: StopThread) => {
    if (isStopRequest(message)) parentPort?.close();
  });
  parentPort?.on('close', () => {
    clearInterval(timer);
    sqlite.close();
  });
}

if (parentPort && (workerData as { sqliteFile?: string } | null)?.sqliteFile) start((workerData as { sqliteFile: string }).sqliteFile);
