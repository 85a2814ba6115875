// Writing a batch of answers in one transaction: on PostgreSQL through the pool (its commit does not hold the
// main thread), on SQLite in the answer writer's thread (answerWriterWorker.ts), which runs the same steps.
import type { Db } from './db';
import type { AnswerItemRow, SubmissionRow } from '../db/types';
import { requestFingerprint, shiftedBy, type SentItem } from './answerFingerprint';
import { attachPhotos } from './photos';
import { completeTasks, findSubmissionByClientId, insertAnswerItems, insertSubmissionsOnce } from './submissions';
import { writeFollowups, type FollowupPlan } from './followupWrites';

export interface AnswerWrite {
  /** The submission row but its fingerprint, which the writer derives (storedRowsOf). */
  submission: Omit<SubmissionRow, 'request_fingerprint'>;
  /** The task id as the app sent it (a reminder's), for the fingerprint. */
  sentTaskId: string | null;
  /** The answers as sent, checked, in order, each value as JSON (sentItems): stored as they are. */
  items: SentItem[];
  /** Tasks the answer completes (an EMA prompt in its window, a one-time task). */
  completes: string[];
  /**
   * How far the participation's clock runs ahead of the real one (0 for a real participant; a pilot's offset,
   * issue 20): the tasks it completes are completed at the commit moment on that clock.
   */
  clockOffsetMs: number;
  photoIds: string[];
  /** Follow-up prompts the answer plans when it is stored now (issue 34 part 1; followupWrites.ts). */
  followups: FollowupPlan[];
}

/** The moment a write's tasks are completed: the commit's real moment placed on the participation's clock. */
export function completedAt(write: AnswerWrite, commitMs: number): string {
  return new Date(commitMs + write.clockOffsetMs).toISOString();
}

/** 201 when stored now, 200 when the same submission was stored before; or why it was refused. */
/** accountErased: the participant's account was erased while the answer was on its way (its foreign key failed). */
export type AnswerWriteResult = { _id: string; status: 200 | 201 } | { refused: 'taskAlreadyAnswered' | 'photoTaken' | 'accountErased' };

/** Thrown when a photo of the batch is attached to another answer already: nothing of the batch stays. */
export class PhotoTaken extends Error {
  constructor(readonly index: number) {
    super('photo already attached');
  }
}

/**
 * The fingerprint of what the participant sent (answerFingerprint.ts), derived where it is written.
 * A pilot's moments are stored on its clock: they are taken back by its offset to the moments as sent, so that
 * the same body sent again matches on any pilot clock (issue 31); a real participant's offset is 0 (no work).
 */
export function fingerprintOf(write: AnswerWrite): string {
  const s = write.submission;
  const back = -write.clockOffsetMs;
  return requestFingerprint({
    taskId: write.sentTaskId,
    questionnaireId: s.questionnaire_id,
    startedAt: shiftedBy(s.started_at, back),
    submittedAt: shiftedBy(s.submitted_at, back),
    items: write.items,
    shownOrder: s.shown_order ?? null,
    shownTexts: s.shown_texts ?? null,
  });
}

/**
 * The rows an answer is stored as, for the pool's writer on PostgreSQL: its submission with the fingerprint of
 * what was sent, and one item per answer. SQLite's writer thread binds the same values without building rows.
 */
export function storedRowsOf(write: AnswerWrite): { submission: SubmissionRow; items: AnswerItemRow[] } {
  const s = write.submission;
  return {
    submission: { ...s, request_fingerprint: fingerprintOf(write) },
    items: write.items.map(([question_pos, response_pos, value]) => ({ submission_id: s.id, question_pos, response_pos, value })),
  };
}

export async function writeAnswerBatch(db: Db, writes: readonly AnswerWrite[]): Promise<AnswerWriteResult[]> {
  return db.transaction().execute(async (trx) => {
    // One client id twice in one batch: the first is written, the others answer as replays.
    const firstOfClient = new Map<string, AnswerWrite>();
    for (const w of writes) {
      const key = `${w.submission.participant_id}/${w.submission.client_submission_id}`;
      if (!firstOfClient.has(key)) firstOfClient.set(key, w);
    }
    // Inserted in one order by their unique key (participant, client id): two processes whose batches hold the same
    // answers in different orders would otherwise each wait for the other's uncommitted row (a deadlock on
    // PostgreSQL, every answer of both batches refused).
    const candidates = [...firstOfClient.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w);
    const rows = new Map(candidates.map((w) => [w, storedRowsOf(w)]));
    const inserted = await insertSubmissionsOnce(trx, candidates.map((w) => rows.get(w)!.submission));
    const stored = candidates.filter((w) => inserted.has(w.submission.id));
    await insertAnswerItems(trx, stored.flatMap((w) => rows.get(w)!.items));
    // One update per moment: all real participants' tasks at once, a pilot's at its own clock's moment.
    const commitMs = Date.now();
    const byMoment = new Map<string, string[]>();
    for (const w of stored) {
      if (w.completes.length === 0) continue;
      const at = completedAt(w, commitMs);
      byMoment.set(at, [...(byMoment.get(at) ?? []), ...w.completes]);
    }
    for (const [at, taskIds] of byMoment) await completeTasks(trx, taskIds, at);
    for (const w of stored) {
      if (w.photoIds.length > 0 && (await attachPhotos(trx, w.photoIds, w.submission.id)) !== w.photoIds.length) {
        throw new PhotoTaken(writes.indexOf(w));
      }
    }
    await writeFollowups(trx, stored.map((w) => ({ submissionId: w.submission.id, participationId: w.submission.participation_id, plans: w.followups })));
    const results: AnswerWriteResult[] = [];
    for (const w of writes) {
      if (inserted.has(w.submission.id)) {
        results.push({ _id: w.submission.id, status: 201 });
        continue;
      }
      const existing = await findSubmissionByClientId(trx, w.submission.participant_id, w.submission.client_submission_id);
      results.push(existing ? { _id: existing.id, status: 200 } : { refused: 'taskAlreadyAnswered' });
    }
    return results;
  });
}
