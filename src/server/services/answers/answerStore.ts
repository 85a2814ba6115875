// Where answers are committed, in groups (groupCommit.ts): on SQLite by a writer thread with its own connection,
// so that the wait for the disk (synchronous=FULL) does not hold up the requests being read meanwhile (each group
// is sent as it forms, and the thread commits together all that arrived during its last commit), and a
// checkpointer thread that keeps the write-ahead log short without stopping the writer's commits; on
// PostgreSQL through the pool. A caller's promise settles only after its group is committed.
import type { Db } from '../../repositories/db';
import { PhotoTaken, writeAnswerBatch, type AnswerWrite, type AnswerWriteResult } from '../../repositories/answerWrites';
import type { WriterData, WriterReply, WriterRequest } from '../../repositories/answerWriterWorker';
import type { CheckpointerData } from '../../repositories/walCheckpointWorker';
import { newWalLength } from '../../repositories/walRestart';
import { GroupCommitter } from './groupCommit';
import { isForeignKeyViolation } from '../../repositories/uniqueViolation';
import { startThread, stopThread } from '../../threads';

export interface AnswerStore {
  submit(write: AnswerWrite): Promise<AnswerWriteResult>;
  close(): Promise<void>;
}

type BatchWriter = (writes: readonly AnswerWrite[]) => Promise<AnswerWriteResult[]>;

/** A photo already attached elsewhere refuses its own answer; the rest of the group is written again (PostgreSQL). */
function withPhotoRetry(write: BatchWriter): BatchWriter {
  const attempt: BatchWriter = async (writes) => {
    try {
      return await write(writes);
    } catch (error) {
      if (!(error instanceof PhotoTaken)) throw error;
      const rest = writes.filter((_, i) => i !== error.index);
      const results = rest.length ? await attempt(rest) : [];
      return writes.map((w, i) => (i === error.index ? { refused: 'photoTaken' as const } : results[rest.indexOf(w)]));
    }
  };
  return attempt;
}

/**
 * An answer whose account was erased meanwhile (issue 36) breaks its foreign key and with it the group's
 * transaction: the group is written again one answer at a time, and that answer alone is refused (PostgreSQL).
 */
function withErasedAccounts(write: BatchWriter): BatchWriter {
  return async (writes) => {
    try {
      return await write(writes);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      if (writes.length === 1) return [{ refused: 'accountErased' as const }];
      const results: AnswerWriteResult[] = [];
      for (const w of writes) results.push(...(await withErasedAccounts(write)([w])));
      return results;
    }
  };
}

function workerWriter(sqliteFile: string): { write: BatchWriter; close: () => Promise<void> } {
  const walLength = newWalLength();
  const worker = startThread('repositories/answerWriterWorker', { sqliteFile, walLength } satisfies WriterData);
  // The writer's commits leave the checkpoints to this thread, so that none of them waits for one.
  const checkpointer = startThread('repositories/walCheckpointWorker', { sqliteFile, walLength } satisfies CheckpointerData);
  checkpointer.unref();
  const pending = new Map<number, { resolve: (r: AnswerWriteResult[]) => void; reject: (e: unknown) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (replies: WriterReply[]) => {
    for (const reply of replies) {
      const waiting = pending.get(reply.id);
      if (!waiting) continue;
      pending.delete(reply.id);
      if ('results' in reply) waiting.resolve(reply.results);
      else waiting.reject(new Error(`answer writer: ${reply.error}`));
    }
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', () => failAll(new Error('answer writer stopped')));
  // The thread must not keep a stopping server alive; it is ended in close().
  worker.unref();
  return {
    write: (writes) =>
      new Promise((resolve, reject) => {
        next += 1;
        pending.set(next, { resolve, reject });
        // One string crosses to the thread faster than the many small objects of a group's answers.
        const request: WriterRequest = { id: next, writes: JSON.stringify(writes), count: writes.length };
        worker.postMessage(request);
      }),
    close: async () => {
      await stopThread(worker);
      await stopThread(checkpointer);
    },
  };
}

export function createAnswerStore(db: Db, sqliteFile: string | null): AnswerStore {
  // The writer thread takes every group as it forms, merges those waiting into its next commit and sets aside
  // an answer whose photo is taken itself; through the pool at most two groups are written at once.
  const writer = sqliteFile
    ? { ...workerWriter(sqliteFile), groupsInFlight: Number.POSITIVE_INFINITY }
    : { write: withErasedAccounts(withPhotoRetry((writes) => writeAnswerBatch(db, writes))), close: async () => undefined, groupsInFlight: 2 };
  const committer = new GroupCommitter<AnswerWrite, AnswerWriteResult>(writer.write, undefined, writer.groupsInFlight);
  return {
    submit: (write) => committer.submit(write),
    close: async () => {
      await committer.idle();
      await writer.close();
    },
  };
}
