// Where answers are committed, in groups (groupCommit.ts): on SQLite by a writer thread with its own connection,
// so that the wait for the disk (synchronous=FULL) does not hold up the requests being read meanwhile, and a
// checkpointer thread that keeps the write-ahead log short without stopping the writer's commits; on
// PostgreSQL through the pool. A caller's promise settles only after its group is committed.
import type { Db } from '../../repositories/db';
import { PhotoTaken, writeAnswerBatch, type AnswerWrite, type AnswerWriteResult } from '../../repositories/answerWrites';
import type { WriterReply, WriterRequest } from '../../repositories/answerWriterWorker';
import { GroupCommitter } from './groupCommit';
import { startThread, stopThread } from '../../threads';

export interface AnswerStore {
  submit(write: AnswerWrite): Promise<AnswerWriteResult>;
  close(): Promise<void>;
}

type BatchWriter = (writes: readonly AnswerWrite[]) => Promise<AnswerWriteResult[]>;

/** A photo already attached elsewhere refuses its own answer; the rest of the group is written again. */
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

function workerWriter(sqliteFile: string): { write: BatchWriter; close: () => Promise<void> } {
  const worker = startThread('repositories/answerWriterWorker', { sqliteFile });
  // The writer's commits leave the checkpoints to this thread, so that none of them waits for one.
  const checkpointer = startThread('repositories/walCheckpointWorker', { sqliteFile });
  checkpointer.unref();
  const pending = new Map<number, { resolve: (r: AnswerWriteResult[]) => void; reject: (e: unknown) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: WriterReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('results' in reply) waiting.resolve(reply.results);
    else if ('photoTaken' in reply) waiting.reject(new PhotoTaken(reply.photoTaken));
    else waiting.reject(new Error(`answer writer: ${reply.error}`));
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
        const request: WriterRequest = { id: next, writes: JSON.stringify(writes) };
        worker.postMessage(request);
      }),
    close: async () => {
      await stopThread(worker);
      await stopThread(checkpointer);
    },
  };
}

export function createAnswerStore(db: Db, sqliteFile: string | null): AnswerStore {
  const writer = sqliteFile ? workerWriter(sqliteFile) : { write: (writes: readonly AnswerWrite[]) => writeAnswerBatch(db, writes), close: async () => undefined };
  const committer = new GroupCommitter<AnswerWrite, AnswerWriteResult>(withPhotoRetry(writer.write));
  return {
    submit: (write) => committer.submit(write),
    close: async () => {
      await committer.idle();
      await writer.close();
    },
  };
}
