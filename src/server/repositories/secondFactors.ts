// Two-step sign-in's rows (migration 0029): authenticator secrets, recovery codes and sign-in challenges.
import type { Db } from './db';
import type { SignInChallengeRow, TotpFactorRow } from '../db/types';

/** A staff account: a lab user or a system owner. */
export interface StaffAccount {
  kind: 'lab_user' | 'system_owner';
  id: string;
}

const column = (account: StaffAccount) => (account.kind === 'lab_user' ? 'lab_user_id' : 'system_owner_id');

/** The row's owner columns for an insert. */
function ownedBy(account: StaffAccount) {
  return { lab_user_id: account.kind === 'lab_user' ? account.id : null, system_owner_id: account.kind === 'system_owner' ? account.id : null };
}

export function findTotpFactor(db: Db, account: StaffAccount): Promise<TotpFactorRow | undefined> {
  return db.selectFrom('totp_factors').selectAll().where(column(account), '=', account.id).executeTakeFirst();
}

/** Replaces the account's factor by an unconfirmed one with this secret (a started enrolment). */
export async function startTotpFactor(db: Db, account: StaffAccount, row: { id: string; secret: string; created_at: string }): Promise<void> {
  await db.deleteFrom('totp_factors').where(column(account), '=', account.id).execute();
  await db.insertInto('totp_factors').values({ ...row, ...ownedBy(account), confirmed_at: null, last_time_step: null }).execute();
}

/**
 * Records the step of an accepted code, only if it is later than the last one accepted: answers false when another
 * call accepted this step (or a later one) first, so a code is never accepted twice, even at the same moment.
 */
export async function useTimeStep(db: Db, factorId: string, step: number, confirmedAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('totp_factors')
    .set(confirmedAt ? { last_time_step: step, confirmed_at: confirmedAt } : { last_time_step: step })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function deleteTotpFactor(db: Db, account: StaffAccount): Promise<unknown> {
  return db.deleteFrom('totp_factors').where(column(account), '=', account.id).execute();
}

export function unusedRecoveryCodes(db: Db, account: StaffAccount): Promise<{ id: string; code_hash: string }[]> {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where(column(account), '=', account.id)
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function replaceRecoveryCodes(db: Db, account: StaffAccount, codes: { id: string; code_hash: string }[], now: string): Promise<void> {
  await deleteRecoveryCodes(db, account);
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ ...code, ...ownedBy(account), created_at: now, used_at: null })))
    .execute();
}

export function deleteRecoveryCodes(db: Db, account: StaffAccount): Promise<unknown> {
  return db.deleteFrom('recovery_codes').where(column(account), '=', account.id).execute();
}

/** Marks a recovery code used unless it already was: false when another call used it first. */
export async function useRecoveryCode(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('recovery_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts a challenge; the account's expired ones are dropped then, so the table holds only what can still matter. */
export async function insertChallenge(
  db: Db,
  account: StaffAccount,
  row: Pick<SignInChallengeRow, 'id' | 'token_hash' | 'organization' | 'attempt_key' | 'created_at' | 'expires_at'>,
): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where(column(account), '=', account.id).where('expires_at', '<=', row.created_at).execute();
  await db.insertInto('sign_in_challenges').values({ ...row, ...ownedBy(account), used_at: null }).execute();
}

/** A challenge by its token's hash, still unused and unexpired; with the account it is for. */
export async function findLiveChallenge(db: Db, tokenHash: string, now: string): Promise<(SignInChallengeRow & { account: StaffAccount }) | undefined> {
  const row = await db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const account: StaffAccount = row.lab_user_id ? { kind: 'lab_user', id: row.lab_user_id } : { kind: 'system_owner', id: row.system_owner_id as string };
  return { ...row, account };
}

/** Uses a challenge unless another call used it first (false then). */
export async function useChallenge(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
