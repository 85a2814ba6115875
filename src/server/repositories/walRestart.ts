// Keeping the SQLite write-ahead log short under a steady stream of answers. SQLite starts the log again from its
// beginning only when a write begins with every frame already copied into the database file; the checkpointer's
// thread (walCheckpointWorker.ts) copies while the answer writer keeps committing, so under steady load that
// moment never came and the log grew without end (1.1 GB after 30 s of the answers benchmark). A longer log
// costs every read (the log's index is searched per page) and every commit's fsync (the file grows). The
// checkpointer publishes the log's length after each pass; once it is long, the answer writer copies the rest
// itself between two transactions, and its next commit starts the log again at the beginning.
import type SQLite from 'better-sqlite3';

/**
 * Frames (pages) in the log past which the answer writer finishes the copy: 32,768 pages, 128 MB. Each time it
 * does, answers wait for it (the copy ends with an fsync of the database file, 10 to 20 ms here); at 4,096 pages
 * that was four times a second under the answers benchmark's load, 7 % of the writer's time and the stalls in
 * its p99. The log file keeps its largest size, so this bounds the disk the log takes too.
 */
export const WAL_RESTART_FRAMES = 32768;

/** The log's length in frames as the checkpointer last saw it, shared by the two threads. */
export type WalLength = Int32Array;

export function newWalLength(): WalLength {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** A PASSIVE checkpoint (it never waits); the log's length is published when `length` is given. */
export function passiveCheckpoint(sqlite: SQLite.Database, length?: WalLength): () => void {
  const checkpoint = sqlite.prepare<[], CheckpointResult>('pragma wal_checkpoint(PASSIVE)');
  return () => {
    const result = checkpoint.get();
    if (length && result) Atomics.store(length, 0, result.log);
  };
}

/** For the answer writer, after a transaction: copies the rest of a long log, so the next commit restarts it. */
export function logRestarter(sqlite: SQLite.Database, length: WalLength, longLog = WAL_RESTART_FRAMES): () => void {
  const checkpoint = passiveCheckpoint(sqlite);
  return () => {
    if (Atomics.load(length, 0) < longLog) return;
    Atomics.store(length, 0, 0);
    try {
      checkpoint();
    } catch {
      // Busy: the checkpointer's next pass publishes the length again, and the copy is tried after a later write.
    }
  };
}
