// The email sender's claims on prompts due for email (migration 0016, issue 33), as the push sender's on pushes
// (repositories/pushes.ts): a conditional update only one process can win, a lease (`email_claimed_until`) after
// which a task can be claimed again while its window is open, and a token per claim (`email_claim_token`), so
// that what a sender records changes only the tasks its claim still holds.
import { sql } from 'kysely';
import { dialectOf, type Db } from './db';
import { OPEN_STATUSES } from './tasks';

/** Repeats the partial index's condition as literals (tasks_email_due_idx), so that SQLite uses the index. */
const waiting = sql<boolean>`t.email_done_at is null and t.email_due_at is not null`;

/**
 * Claims up to `limit` tasks whose email is due, whose window is still open and that the phone has not reported
 * received, of enrolled real (not pilot) participations, of participants who want prompt emails, in studies
 * that still email prompts; answers their ids. On PostgreSQL rows another process is claiming are skipped.
 */
export async function claimDueEmails(db: Db, now: string, claimUntil: string, limit: number, token: string): Promise<string[]> {
  let due = db
    .selectFrom('tasks as t')
    .innerJoin('participations as p', 'p.id', 't.participation_id')
    .innerJoin('participants as pa', 'pa.id', 'p.participant_id')
    .innerJoin('studies as s', 's.id', 't.study_id')
    .select('t.id')
    .where(waiting)
    .where('t.email_due_at', '<=', now)
    .where('t.window_closes_at', '>', now)
    .where('t.received_at', 'is', null)
    .where('t.status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('t.email_claimed_until', 'is', null), eb('t.email_claimed_until', '<=', now)]))
    .where('p.status', '=', 'enrolled')
    .where('p.pilot_offset_ms', 'is', null)
    .where('pa.pilot', '=', 0)
    .where('pa.prompt_emails', '=', 1)
    // A researcher who turned the email off stops the emails not yet sent too.
    .where('s.email_fallback', '=', 1)
    .orderBy('t.email_due_at')
    .limit(limit);
  if (dialectOf(db) === 'postgres') due = due.forUpdate('t').skipLocked();
  const rows = await db
    .updateTable('tasks')
    .set((eb) => ({ email_claimed_until: claimUntil, email_claim_token: token, email_attempts: eb('email_attempts', '+', 1) }))
    .where('id', 'in', due)
    // Checked again on the row itself: of two processes that chose the same row, the second finds it claimed.
    .where('email_done_at', 'is', null)
    .where((eb) => eb.or([eb('email_claimed_until', 'is', null), eb('email_claimed_until', '<=', now)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What an email of a claimed task says, and to whom. */
export interface ClaimedEmail {
  id: string;
  study_id: string;
  participant_id: string;
  email: string;
  app_language: string | null;
  study_name: string;
  questionnaire_name: string;
  window_closes_at: string;
  timezone: string | null;
  /** 1 for a reminder. */
  reminder: number;
  organization: number;
  email_attempts: number;
}

export async function claimedEmails(db: Db, ids: readonly string[]): Promise<ClaimedEmail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tasks as t')
    .innerJoin('participations as p', 'p.id', 't.participation_id')
    .innerJoin('participants as pa', 'pa.id', 'p.participant_id')
    .innerJoin('studies as s', 's.id', 't.study_id')
    .innerJoin('labs as l', 'l.id', 's.lab_id')
    .innerJoin('questionnaire_versions as v', 'v.id', 't.questionnaire_version_id')
    .select([
      't.id',
      't.study_id',
      'pa.id as participant_id',
      'pa.email',
      'pa.app_language',
      's.chin_name as study_name',
      'v.chin_name as questionnaire_name',
      't.window_closes_at',
      't.timezone',
      't.reminder',
      'l.organization',
      't.email_attempts',
    ])
    .where('t.id', 'in', ids)
    .execute();
  return rows.flatMap((r) => (r.window_closes_at === null ? [] : [{ ...r, window_closes_at: r.window_closes_at }]));
}

/**
 * Records the email of a task the claim `token` still holds. Sent: a prompt no push service accepted takes the
 * email's moment and channel; one whose push was accepted keeps them (channel 'push'), and email_result says the
 * email went too. Refused: only email_result (the prompt reached no one).
 */
export async function finishEmail(db: Db, id: string, result: 'sent' | 'refused', now: string, token: string): Promise<void> {
  const sent = result === 'sent';
  await db
    .updateTable('tasks')
    .set({
      email_done_at: now,
      email_result: result,
      email_claimed_until: null,
      email_claim_token: null,
      // Every expression reads the row as it was before this update, on both databases.
      ...(sent
        ? {
            sent_at: sql<string>`coalesce(sent_at, ${now})`,
            delivery_channel: sql<string>`case when sent_at is null then 'email' else coalesce(delivery_channel, 'push') end`,
          }
        : {}),
    })
    .where('id', '=', id)
    .where('email_claim_token', '=', token)
    .execute();
}

/** Leaves the task for another try, not before `retryAt`, if the claim `token` still holds it. */
export async function deferEmail(db: Db, id: string, retryAt: string, token: string): Promise<void> {
  await db.updateTable('tasks').set({ email_claimed_until: retryAt }).where('id', '=', id).where('email_claim_token', '=', token).execute();
}

/** Gives back tasks the claim did not get to (its time ran short): not counted as an attempt. */
export async function releaseEmails(db: Db, ids: readonly string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('tasks')
    .set((eb) => ({ email_claimed_until: null, email_claim_token: null, email_attempts: eb('email_attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('email_claim_token', '=', token)
    .execute();
}

/**
 * Marks done, without a result, the emails no longer wanted: the window closed (a server stopped, a mail server
 * down until then, a participant or study that turned the email off) or the phone reported the push received.
 * They leave the index the claims read.
 */
export async function retireUnsentEmails(db: Db, now: string): Promise<void> {
  await db
    .updateTable('tasks as t')
    .set({ email_done_at: now, email_claimed_until: null, email_claim_token: null })
    .where(waiting)
    .where('t.email_due_at', '<=', now)
    .where((eb) => eb.or([eb('t.window_closes_at', '<=', now), eb('t.received_at', 'is not', null)]))
    // Not one a sender is sending now: its claim records it.
    .where((eb) => eb.or([eb('t.email_claimed_until', 'is', null), eb('t.email_claimed_until', '<=', now)]))
    .execute();
}

/** Whether the participant wants prompt emails; undefined for no such participant. */
export async function promptEmailsWanted(db: Db, participantId: string): Promise<boolean | undefined> {
  const row = await db.selectFrom('participants').select('prompt_emails').where('id', '=', participantId).executeTakeFirst();
  return row === undefined ? undefined : row.prompt_emails === 1;
}

/** Turns the participant's prompt emails on or off; answers false for no such participant. */
export async function setPromptEmails(db: Db, participantId: string, enabled: boolean): Promise<boolean> {
  const result = await db.updateTable('participants').set({ prompt_emails: enabled ? 1 : 0 }).where('id', '=', participantId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
