// The SQLite answer writer's thread: its own connection to the database file, writing answers in transactions.
// With synchronous=FULL a commit waits for the disk; here that wait does not stop the main thread from taking the
// next requests. Each transaction writes every batch that arrived while the one before was being committed: the
// main thread sends its batches as they form, and the fewer, fuller commits cost less per answer than one commit
// per batch sent (a commit's fsync and its rewrite of the tables' last pages are paid once per transaction).
// Between transactions it keeps the log short (walRestart.ts). Started by services/answers/answerStore.ts.
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { applySqlitePragmas } from '../db/database';
import { completedAt, fingerprintOf, PhotoTaken, type AnswerWrite, type AnswerWriteResult } from './answerWrites';
import type { SentItem } from './answerFingerprint';
import { OPEN_STATUSES, TASK_COLUMNS } from './tasks';
import { isStopRequest, type StopThread } from '../threads';
import { logRestarter, type WalLength } from './walRestart';
import { isForeignKeyViolation } from './uniqueViolation';

export interface WriterData {
  sqliteFile: string;
  /** The log's length as the checkpointer's thread publishes it. */
  walLength: WalLength;
}

export interface WriterRequest {
  id: number;
  /** The group's AnswerWrite list as JSON. */
  writes: string;
  /** How many answers it holds. */
  count: number;
}

/** One per request, sent together for the requests written in one transaction. */
export type WriterReply = { id: number; results: AnswerWriteResult[] } | { id: number; error: string };

/** Answers per transaction at most: a long backlog is written in several, each reply as early as it can be. */
const ANSWERS_PER_TRANSACTION = 1024;

/** The submission's columns in the order its insert binds them, the fingerprint last (it is derived here). */
const SUBMISSION_COLUMNS = [
  'id',
  'participant_id',
  'participation_id',
  'client_submission_id',
  'study_id',
  'stage_id',
  'group_id',
  'task_id',
  'questionnaire_id',
  'questionnaire_version_id',
  'started_at',
  'submitted_at',
  'received_at',
  'late',
  'exclusive_task_id',
  'scores',
  'shown_order',
  'shown_texts',
] as const satisfies readonly (keyof AnswerWrite['submission'])[];

/** The writer connection's page cache, in KB. */
const WRITER_CACHE_KB = 16 * 1024;

/** Items per insert statement (4 values each: far below SQLite's limit of variables). */
const ITEMS_PER_INSERT = 100;

function start({ sqliteFile, walLength }: WriterData, port: MessagePort): void {
  const sqlite = new SQLite(sqliteFile);
  applySqlitePragmas(sqlite);
  // Its commits never checkpoint: the checkpointer's thread does (walCheckpointWorker.ts).
  sqlite.pragma('wal_autocheckpoint = 0');
  // A smaller page cache than the server's other connections (16 MB, not 64): at the end of most transactions
  // SQLite walks its cache's whole hash table (a B-tree page split parks a page at the locking page's number,
  // and the commit then clears the cache past the file's end), a walk as long as the cache has ever been full.
  // With 64 MB that walk cost 5 µs per answer of the commit; the pages answers are written to still fit.
  sqlite.pragma(`cache_size = -${WRITER_CACHE_KB}`);
  // Bound by position: binding 16 values by name cost a third of the insert.
  const insertSubmission = sqlite.prepare(
    `insert into submissions (${SUBMISSION_COLUMNS.join(', ')}, request_fingerprint) values (${SUBMISSION_COLUMNS.map(() => '?').join(', ')}, ?) on conflict do nothing`,
  );
  // One statement inserts many items: a statement run per item cost more than SQLite's own work for it.
  const itemInserts = new Map<number, SQLite.Statement>();
  const insertItems = (items: readonly (readonly [submissionId: string, item: SentItem])[]) => {
    for (let start = 0; start < items.length; start += ITEMS_PER_INSERT) {
      const rows = items.slice(start, start + ITEMS_PER_INSERT);
      let statement = itemInserts.get(rows.length);
      if (!statement) {
        statement = sqlite.prepare(`insert into answer_items (submission_id, question_pos, response_pos, value) values ${Array(rows.length).fill('(?, ?, ?, ?)').join(', ')}`);
        itemInserts.set(rows.length, statement);
      }
      const values: unknown[] = new Array(rows.length * 4);
      rows.forEach(([submissionId, [question, response, value]], i) => {
        values[i * 4] = submissionId;
        values[i * 4 + 1] = question;
        values[i * 4 + 2] = response;
        values[i * 4 + 3] = value;
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
  // Follow-ups (followupWrites.ts): the writer's transaction is immediate, so counting and inserting are serial.
  const countFollowups = sqlite.prepare<[string, number, string, string], { n: number }>(
    `select count(distinct trigger_submission_id) as n from tasks where participation_id = ? and trigger_submission_id is not null
      and setting_index = ? and prompt_task_id is null and status != 'cancelled' and notification_datetime >= ? and notification_datetime < ?`,
  );
  const insertFollowup = sqlite.prepare(
    `insert into tasks (${TASK_COLUMNS.join(', ')}, trigger_submission_id) values (${TASK_COLUMNS.map(() => '?').join(', ')}, ?)`,
  );
  const planFollowups = (w: AnswerWrite) => {
    for (const plan of w.followups) {
      const counted = countFollowups.get(w.submission.participation_id, plan.ruleIndex, plan.dayStart, plan.dayEnd);
      if ((counted?.n ?? 0) >= plan.maxPerDay) continue;
      for (const row of plan.rows) insertFollowup.run([...TASK_COLUMNS.map((c) => row[c]), w.submission.id]);
    }
  };

  /** `refused`: answers whose photo another answer holds; they are answered so and not written. */
  const writeBatch = sqlite.transaction((writes: AnswerWrite[], refused: ReadonlySet<number>): AnswerWriteResult[] => {
    const commitMs = Date.now();
    const results: AnswerWriteResult[] = [];
    const items: (readonly [string, SentItem])[] = [];
    writes.forEach((w, index) => {
      if (refused.has(index)) {
        results.push({ refused: 'photoTaken' });
        return;
      }
      const s = w.submission;
      const values: unknown[] = SUBMISSION_COLUMNS.map((column) => s[column]);
      values.push(fingerprintOf(w));
      if (insertSubmission.run(values).changes === 1) {
        for (const item of w.items) items.push([s.id, item]);
        for (const taskId of w.completes) completeTask.run(completedAt(w, commitMs), taskId, taskId);
        planFollowups(w);
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

  /** A photo already attached elsewhere refuses its own answer; the rest are written again without it. */
  const writeAll = (writes: AnswerWrite[]): AnswerWriteResult[] => {
    const refused = new Set<number>();
    for (;;) {
      try {
        return writeBatch.immediate(writes, refused);
      } catch (error) {
        if (!(error instanceof PhotoTaken)) throw error;
        refused.add(error.index);
      }
    }
  };

  /** One answer in its own transaction: refused when its account is gone; another failure fails the whole request. */
  const writtenAlone = (write: AnswerWrite): AnswerWriteResult => {
    try {
      return writeAll([write])[0];
    } catch (error) {
      if (isForeignKeyViolation(error)) return { refused: 'accountErased' };
      throw error;
    }
  };

  const restartLongLog = logRestarter(sqlite, walLength);

  /** Writes the requests in one transaction and answers each; when it fails, each is written on its own, so that
   *  one group's failure (a participant deleted meanwhile) fails only its own answers. */
  const written = (requests: readonly WriterRequest[], groups: readonly AnswerWrite[][]): WriterReply[] => {
    try {
      const results = writeAll(groups.flat());
      let from = 0;
      return requests.map((r, i) => {
        from += groups[i].length;
        return { id: r.id, results: results.slice(from - groups[i].length, from) };
      });
    } catch (error) {
      if (requests.length > 1) return requests.flatMap((r, i) => written([r], [groups[i]]));
      // An account erased while its answer was on its way (issue 36): that answer alone is refused.
      if (isForeignKeyViolation(error)) return [{ id: requests[0].id, results: groups[0].map(writtenAlone) }];
      return [{ id: requests[0].id, error: error instanceof Error ? error.message : String(error) }];
    }
  };

  port.on('message', (first: WriterRequest | StopThread) => {
    // The requests that came while the last transaction was committed are waiting: taken now, in their order,
    // up to a stop request (every request sent before it is written) or a full transaction.
    const requests: WriterRequest[] = [];
    let answers = 0;
    let stop = false;
    for (let message: WriterRequest | StopThread | undefined = first; message !== undefined; ) {
      if (isStopRequest(message)) {
        stop = true;
        break;
      }
      requests.push(message);
      answers += message.count;
      if (answers >= ANSWERS_PER_TRANSACTION) break;
      message = (receiveMessageOnPort(port) as { message: WriterRequest | StopThread } | undefined)?.message;
    }
    if (requests.length > 0) port.postMessage(written(requests, requests.map((r) => JSON.parse(r.writes) as AnswerWrite[])));
    if (stop) port.close();
    else restartLongLog();
  });
  port.on('close', () => sqlite.close());
}

if (parentPort && (workerData as WriterData | null)?.sqliteFile) start(workerData as WriterData, parentPort);
