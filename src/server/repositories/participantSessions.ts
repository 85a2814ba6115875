// Participant app sessions, kept apart from staff sessions, and the password reset codes.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { ParticipantRow, ParticipantSessionsTable, PasswordResetsTable } from '../db/types';
import { prepared } from './prepared';
import { withLocks } from './locks';

export function insertParticipantSession(db: Db, row: Insertable<ParticipantSessionsTable>): Promise<unknown> {
  return db.insertInto('participant_sessions').values(row).execute();
}

const liveSession = prepared(2, (db: Db, sessionId: string, now: string) =>
  db
    .selectFrom('participant_sessions as s')
    .innerJoin('participants as p', 'p.id', 's.participant_id')
    .selectAll('p')
    .select('s.expires_at as session_expires_at')
    .where('s.id', '=', sessionId)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now),
);

/** The live session's participant and when the session ends, in one query: every app call makes it. */
export async function findLiveParticipantSession(db: Db, sessionId: string, now: string): Promise<{ participant: ParticipantRow; expiresAt: string } | undefined> {
  const row = (await liveSession(db, sessionId, now))[0];
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...participant } = row;
  return { participant, expiresAt };
}

export function endParticipantSession(db: Db, sessionId: string, now: string): Promise<unknown> {
  return db.updateTable('participant_sessions').set({ ended_at: now }).where('id', '=', sessionId).execute();
}

/** Ends the participant's sessions except the one named (the device that changed the password keeps its own). */
export function endOtherParticipantSessions(db: Db, participantId: string, keepSessionId: string | null, now: string): Promise<unknown> {
  let query = db
    .updateTable('participant_sessions')
    .set({ ended_at: now })
    .where('participant_id', '=', participantId)
    .where('ended_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  return query.execute();
}

/**
 * Stores a new reset code unless the participant was sent `max` codes since `since`; answers whether it was
 * stored. The count and the insert are one step under the participant's lock, so requests sent at the same
 * moment cannot all pass the count.
 */
export function insertPasswordResetWithinLimit(db: Db, row: Insertable<PasswordResetsTable>, since: string, max: number): Promise<boolean> {
  return withLocks(db, [`password resets for ${row.participant_id}`], async (trx) => {
    if ((await countPasswordResetsSince(trx, row.participant_id, since)) >= max) return false;
    await trx.insertInto('password_resets').values(row).execute();
    return true;
  });
}

/** The newest unused, unexpired code of the participant. */
export function findLivePasswordReset(db: Db, participantId: string, now: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function countPasswordResetsSince(db: Db, participantId: string, since: string): Promise<number> {
  return db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('participant_id', '=', participantId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * Takes one of the code's tries, unless all `max` are taken; answers whether one was. One conditional update, so
 * tries sent at the same moment are counted one by one on both databases.
 */
export async function takeResetAttempt(db: Db, id: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the code used unless it already is; answers whether this call did (a code resets the password once). */
export async function markPasswordResetUsed(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
