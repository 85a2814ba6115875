// The Web Push sender's claims on due EMA tasks (migrations 0011, 0015). A task is claimed by a conditional update
// that only one process can win; the claim lasts until `push_claimed_until`, after which (a process that stopped,
// or a failed push waiting for its retry) it can be claimed again while its window is open. Each claim has a token
// of its own (`push_claim_token`): what the sender records afterwards changes only the tasks its claim still
// holds, never those another process claimed once this claim ran out. Finishing a task writes its delivery
// ledger (migration 0016): when and how it went, the push services' answer, and when it is due for email.
import { sql } from 'kysely';
import { dialectOf, type Db } from './db';
import { OPEN_STATUSES } from './tasks';
import type { PushResult } from '../../shared/delivery';

/** Whether the participant may be emailed prompts of the study (services/push/emailDue.ts decides). */
export interface EmailReach {
  /** studies.email_fallback, email_after_minutes. */
  emailFallback: number;
  emailAfterMinutes: number;
  /** participants.prompt_emails, pilot. */
  promptEmails: number;
  pilot: number;
}

/** A prompt's ledger, as far as a reminder of it needs to know which channel it went by. */
export interface PromptLedger {
  delivery_channel: string | null;
  push_result: string | null;
  email_due_at: string | null;
}

/** Repeats the partial index's condition as literals (tasks_push_due_idx), so that SQLite uses the index. */
const notDone = sql<boolean>`t.push_done_at is null and t.kind = 'ema'`;

/**
 * Claims up to `limit` tasks whose moment has come and whose window is still open, of enrolled participations,
 * still open themselves, not claimed by another process, for real (not pilot) participants; answers their ids. A
 * participant without a push subscription is claimed too (issue 33): the ledger records it, and the prompt may be
 * emailed. On PostgreSQL the rows another process is claiming are skipped rather than waited for.
 */
export async function claimDuePushes(db: Db, now: string, claimUntil: string, limit: number, token: string): Promise<string[]> {
  let due = db
    .selectFrom('tasks as t')
    .innerJoin('participations as p', 'p.id', 't.participation_id')
    .select('t.id')
    .where(notDone)
    .where('t.notification_datetime', '<=', now)
    .where('t.window_closes_at', '>', now)
    .where('t.status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('t.push_claimed_until', 'is', null), eb('t.push_claimed_until', '<=', now)]))
    .where('p.status', '=', 'enrolled')
    // A pilot participation is never pushed (issue 20): its prompts show in the portal's frame.
    .where('p.pilot_offset_ms', 'is', null)
    .orderBy('t.notification_datetime')
    .limit(limit);
  if (dialectOf(db) === 'postgres') due = due.forUpdate('t').skipLocked();
  const rows = await db
    .updateTable('tasks')
    .set((eb) => ({ push_claimed_until: claimUntil, push_claim_token: token, push_attempts: eb('push_attempts', '+', 1) }))
    .where('id', 'in', due)
    // Checked again on the row itself: of two processes that chose the same row, the second finds it claimed.
    .where('push_done_at', 'is', null)
    .where((eb) => eb.or([eb('push_claimed_until', 'is', null), eb('push_claimed_until', '<=', now)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface ClaimedPush extends EmailReach {
  id: string;
  /** The prompt a reminder reminds of; null for a prompt. */
  prompt_task_id: string | null;
  study_id: string;
  participant_id: string;
  notification_datetime: string;
  window_closes_at: string;
  chin_name: string;
  push_attempts: number;
  /** A reminder's prompt's ledger (null for a prompt): a reminder follows its prompt's channel. */
  prompt: PromptLedger | null;
}

export async function claimedPushes(db: Db, ids: readonly string[]): Promise<ClaimedPush[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tasks as t')
    .innerJoin('participations as p', 'p.id', 't.participation_id')
    .innerJoin('participants as pp', 'pp.id', 'p.participant_id')
    .innerJoin('studies as s', 's.id', 't.study_id')
    .innerJoin('questionnaire_versions as v', 'v.id', 't.questionnaire_version_id')
    .leftJoin('tasks as pt', 'pt.id', 't.prompt_task_id')
    .select([
      't.id', 't.prompt_task_id', 't.study_id', 'p.participant_id', 't.notification_datetime', 't.window_closes_at', 'v.chin_name',
      't.push_attempts', 's.email_fallback as emailFallback', 's.email_after_minutes as emailAfterMinutes',
      'pp.prompt_emails as promptEmails', 'pp.pilot', 'pt.delivery_channel', 'pt.push_result', 'pt.email_due_at',
    ])
    .where('t.id', 'in', ids)
    .execute();
  return rows.flatMap(({ delivery_channel, push_result, email_due_at, notification_datetime, window_closes_at, ...r }) =>
    window_closes_at === null || notification_datetime === null
      ? []
      : [{ ...r, notification_datetime, window_closes_at, prompt: r.prompt_task_id ? { delivery_channel, push_result, email_due_at } : null }],
  );
}

/** What the sender records of a task it is done with (its delivery ledger). */
export interface FinishedPush {
  id: string;
  /** null: not pushed (a reminder following its prompt's email). */
  push_result: PushResult | null;
  /** The moment a push service accepted it; null when none did. */
  sent_at: string | null;
  email_due_at: string | null;
}

/**
 * The sender is done with the tasks its claim `token` still holds: pushed, or given up, each with its ledger.
 * Tasks recorded alike go in one statement (in a group write most are accepted pushes of a moment), all in one
 * transaction.
 */
export async function finishPushes(db: Db, finished: readonly FinishedPush[], now: string, token: string): Promise<void> {
  if (finished.length === 0) return;
  const alike = new Map<string, { ledger: Omit<FinishedPush, 'id'>; ids: string[] }>();
  for (const { id, ...ledger } of finished) {
    const key = JSON.stringify([ledger.push_result, ledger.sent_at, ledger.email_due_at]);
    const group = alike.get(key) ?? { ledger, ids: [] };
    group.ids.push(id);
    alike.set(key, group);
  }
  await db.transaction().execute(async (trx) => {
    for (const { ledger, ids } of alike.values()) {
      await trx
        .updateTable('tasks')
        .set({
          push_done_at: now,
          push_claimed_until: null,
          push_claim_token: null,
          push_result: ledger.push_result,
          sent_at: ledger.sent_at,
          delivery_channel: ledger.sent_at === null ? null : 'push',
          email_due_at: ledger.email_due_at,
        })
        .where('id', 'in', ids)
        .where('push_claim_token', '=', token)
        .execute();
    }
  });
}

/**
 * A participant without a push subscription whose prompt cannot be emailed: recorded as 'none' and tried again
 * after `retryAt` while the window is open (not counted as an attempt), so that subscribing in the window still
 * brings the prompt, as before the ledger.
 */
export async function awaitSubscription(db: Db, id: string, retryAt: string, token: string): Promise<void> {
  await db
    .updateTable('tasks')
    .set((eb) => ({ push_claimed_until: retryAt, push_result: 'none', push_attempts: eb('push_attempts', '-', 1) }))
    .where('id', '=', id)
    .where('push_claim_token', '=', token)
    .execute();
}

/** Leaves the task for another try, not before `retryAt`, if the claim `token` still holds it. */
export async function deferPush(db: Db, id: string, retryAt: string, token: string): Promise<void> {
  await db.updateTable('tasks').set({ push_claimed_until: retryAt }).where('id', '=', id).where('push_claim_token', '=', token).execute();
}

/**
 * Gives back tasks the claim `token` holds but did not push (its time ran short): another claim may take them at
 * once, and the claim is not counted as an attempt.
 */
export async function releasePushes(db: Db, ids: readonly string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('tasks')
    .set((eb) => ({ push_claimed_until: null, push_claim_token: null, push_attempts: eb('push_attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('push_claim_token', '=', token)
    .execute();
}

/**
 * Marks done the tasks whose window closed before they were pushed (a participant without a subscription, a
 * withdrawal, a server that was stopped): they are never pushed, and leave the index the claims read.
 */
export async function retireClosedPushes(db: Db, now: string): Promise<void> {
  await db
    .updateTable('tasks as t')
    .set({ push_done_at: now, push_claimed_until: null, push_claim_token: null })
    .where(notDone)
    .where('t.notification_datetime', '<=', now)
    .where('t.window_closes_at', '<=', now)
    .execute();
}
