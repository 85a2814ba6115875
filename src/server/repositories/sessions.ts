import type { Db } from './db';
import type { LabUserRow, NewSession } from '../db/types';
import { prepared } from './prepared';

export function insertSession(db: Db, session: NewSession): Promise<unknown> {
  return db.insertInto('sessions').values(session).execute();
}

const liveLabUserSession = prepared(2, (db: Db, sessionId: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('lab_users', 'lab_users.id', 'sessions.lab_user_id')
    .innerJoin('labs', 'labs.id', 'lab_users.lab_id')
    .selectAll('lab_users')
    .select(['labs.organization', 'sessions.expires_at as session_expires_at', 'sessions.second_factor_setup'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

/** The live lab-user session with its account, in one query: every authenticated call makes it. */
export async function findLiveLabUserSession(
  db: Db,
  sessionId: string,
  now: string,
): Promise<(LabUserRow & { organization: number; session_expires_at: string; second_factor_setup: number }) | undefined> {
  return (await liveLabUserSession(db, sessionId, now))[0];
}

export function findLiveSystemOwnerSession(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('system_owners', 'system_owners.id', 'sessions.system_owner_id')
    .select(['system_owners.id', 'system_owners.email', 'sessions.expires_at as session_expires_at', 'sessions.second_factor_setup'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export function endSession(db: Db, sessionId: string, now: string): Promise<unknown> {
  return db.updateTable('sessions').set({ ended_at: now }).where('id', '=', sessionId).execute();
}

/** Ends every session of a lab user (after a password change). */
export function endLabUserSessions(db: Db, userId: string, now: string): Promise<unknown> {
  return db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('lab_user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Drops sessions that ended or expired before the given time, so the table does not grow without end. */
export function deleteOldSessions(db: Db, before: string): Promise<unknown> {
  return db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
    .execute();
}

/** The session may be used for everything once its account has added a second factor. */
export function endSecondFactorSetup(db: Db, sessionId: string): Promise<unknown> {
  return db.updateTable('sessions').set({ second_factor_setup: 0 }).where('id', '=', sessionId).execute();
}
