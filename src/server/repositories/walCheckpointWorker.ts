// The SQLite checkpointer's thread: its own connection copies what the write-ahead log holds into the database
// file every CHECKPOINT_EVERY_MS, a PASSIVE checkpoint that never waits for the answer writer nor holds it up.
// Left to SQLite, the checkpoint runs inside the commit that finds the log long (1,000 pages): that commit then
// copies the pages and waits for a second fsync while every answer of its group, and of the group queued
// behind it, waits too (the answers benchmark's p99). Started by services/answers/answerStore.ts beside the
// answer writer, whose connection no longer checkpoints; it tells the writer how long the log is (walRestart.ts).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../db/database';
import { isStopRequest, type StopThread } from '../threads';
import { passiveCheckpoint, type WalLength } from './walRestart';

export interface CheckpointerData {
  sqliteFile: string;
  /** Where the log's length is published for the answer writer. */
  walLength?: WalLength;
}

const CHECKPOINT_EVERY_MS = 250;

function start({ sqliteFile, walLength }: CheckpointerData): void {
  const sqlite = new SQLite(sqliteFile);
  applySqlitePragmas(sqlite);
  const checkpoint = passiveCheckpoint(sqlite, walLength);
  const timer = setInterval(() => {
    try {
      checkpoint();
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

if (parentPort && (workerData as CheckpointerData | null)?.sqliteFile) start(workerData as CheckpointerData);
