import type { Db } from './db';
import { withLocks } from './locks';

export interface LoginAttempt {
  id: string;
  /** The account's key (services/identity/signIn.ts attemptKey). */
  email: string;
  address: string;
  attempted_at: string;
}

export interface AttemptLimits {
  /** Attempts at or before this time no longer count. */
  since: string;
  perAccount: number;
  perAddress: number;
}

async function countSince(db: Db, column: 'email' | 'address', value: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(column, '=', value)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records a sign-in attempt unless its account or its address has reached its limit; answers whether it was
 * recorded. The counts and the insert are one step under the account's and the address's locks, so attempts sent
 * at the same moment, to any server process, are counted one after another and no more than the limit pass.
 */
export function recordAttemptWithinLimits(db: Db, attempt: LoginAttempt, limits: AttemptLimits): Promise<boolean> {
  const locks = [`login attempts for ${attempt.email}`, `login attempts from ${attempt.address}`];
  return withLocks(db, locks, async (trx) => {
    // Attempts that no longer count are removed here, for the account and address at hand, so the table holds
    // only what a window can still see and no sweep is needed.
    await trx
      .deleteFrom('login_attempts')
      .where('attempted_at', '<=', limits.since)
      .where((eb) => eb.or([eb('email', '=', attempt.email), eb('address', '=', attempt.address)]))
      .execute();
    if ((await countSince(trx, 'email', attempt.email, limits.since)) >= limits.perAccount) return false;
    if ((await countSince(trx, 'address', attempt.address, limits.since)) >= limits.perAddress) return false;
    await trx.insertInto('login_attempts').values(attempt).execute();
    return true;
  });
}

/** Takes back one attempt (its password was right, yet it did not sign in). */
export function forgetLoginAttempt(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export function clearFailedLogins(db: Db, email: string): Promise<unknown> {
  return db.deleteFrom('login_attempts').where('email', '=', email).execute();
}
