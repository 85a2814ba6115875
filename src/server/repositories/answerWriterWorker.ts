// The SQLite answer writer's thread: its own connection to the database file, writing each batch of answers in
// one transaction. With synchronous=FULL a commit waits for the disk; here that wait does not stop the main
// thread from taking the next requests. Started by services/answers/answerStore.ts.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../db/database';
import { completedAt, PhotoTaken, storedRowsOf, type AnswerWrite, type AnswerWriteResult } from './answerWrites';
import type { AnswerItemRow } from '../db/types';
import { OPEN_STATUSES } from './tasks';
import { isStopRequest, type StopThread } from '../threads';

export interface WriterRequest {
  id: number;
  /** The group's AnswerWrite list as JSON. */
  writes: string;
}

export type WriterReply = { id: number; results: AnswerWriteResult[] } | { id: number; photoTaken: number } | { id: number; error: string };

/** Items per insert statement (4 values each: far below SQLite's limit of variables). */
const ITEMS_PER_INSERT = 100;

function start(file: string): void {
  const sqlite = new SQLite(file);
  applySqlitePragmas(sqlite);
  // Its commits never checkpoint: the checkpointer's thread does (walCheckpointWorker.ts).
  sqlite.pragma('wal_autocheckpoint = 0');
  const insertSubmission = sqlite.prepare(
    `insert into submissions (id, participant_id, participation_id, client_submission_id, study_id, stage_id, group_id, task_id,
       questionnaire_id, questionnaire_version_id, started_at, submitted_at, received_at, late, exclusive_task_id, request_fingerprint)
     values (@id, @participant_id, @participation_id, @client_submission_id, @study_id, @stage_id, @group_id, @task_id,
       @questionnaire_id, @questionnaire_version_id, @started_at, @submitted_at, @received_at, @late, @exclusive_task_id, @request_fingerprint)
     on conflict do nothing`,
  );
  // One statement inserts many items: a statement run per item cost more than SQLite's own work for it.
  const itemInserts = new Map<number, SQLite.Statement>();
  const insertItems = (items: readonly AnswerItemRow[]) => {
    for (let start = 0; start < items.length; start += ITEMS_PER_INSERT) {
      const rows = items.slice(start, start + ITEMS_PER_INSERT);
      let statement = itemInserts.get(rows.length);
      if (!statement) {
        statement = sqlite.prepare(`insert into answer_items (submission_id, question_pos, response_pos, value) values ${Array(rows.length).fill('(?, ?, ?, ?)').join(', ')}`);
        itemInserts.set(rows.length, statement);
      }
      const values: unknown[] = new Array(rows.length * 4);
      rows.forEach((item, i) => {
        values[i * 4] = item.submission_id;
        values[i * 4 + 1] = item.question_pos;
        values[i * 4 + 2] = item.response_pos;
        values[i * 4 + 3] = item.value;
      });
      statement.run(values);
    }
  };
  const open = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
  const completeTask = sqlite.prepare(
    `update tasks set status = 'completed', completed_at = ? where (id = ? or prompt_task_id = ?) and status in (${open})`,
  );
  const attachPhoto = sqlite.prepare('update photo_uploads set submission_id = ? where id = ? and (submission_id is null or submission_id = ?)');
  const existing = sqlite.prepare<[string, string], { id: string }>('select id from submissions where participant_id = ? and client_submission_id = ?');

  const writeBatch = sqlite.transaction((writes: AnswerWrite[]): AnswerWriteResult[] => {
    const commitMs = Date.now();
    const results: AnswerWriteResult[] = [];
    const items: AnswerItemRow[] = [];
    writes.forEach((w, index) => {
      const stored = storedRowsOf(w);
      const s = stored.submission;
      if (insertSubmission.run(s).changes === 1) {
        for (const item of stored.items) items.push(item);
        for (const taskId of w.completes) completeTask.run(completedAt(w, commitMs), taskId, taskId);
        for (const photoId of w.photoIds) {
          if (attachPhoto.run(s.id, photoId, s.id).changes !== 1) throw new PhotoTaken(index);
        }
        results.push({ _id: s.id, status: 201 });
        return;
      }
      const first = existing.get(s.participant_id, s.client_submission_id);
      results.push(first ? { _id: first.id, status: 200 } : { refused: 'taskAlreadyAnswered' });
    });
    insertItems(items);
    return results;
  });

  parentPort?.on('message', (request: WriterRequest | StopThread) => {
    // Batches are written as they come, so every batch sent before the request to stop is written.
    if (isStopRequest(request)) {
      parentPort?.close();
      return;
    }
    let reply: WriterReply;
    try {
      reply = { id: request.id, results: writeBatch.immediate(JSON.parse(request.writes) as AnswerWrite[]) };
    } catch (error) {
      reply = error instanceof PhotoTaken ? { id: request.id, photoTaken: error.index } : { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(reply);
  });
  parentPort?.on('close', () => sqlite.close());
}

if (parentPort && (workerData as { sqliteFile?: string } | null)?.sqliteFile) start((workerData as { sqliteFile: string }).sqliteFile);
