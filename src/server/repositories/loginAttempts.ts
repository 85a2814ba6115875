import type { Db } from './db';

export function recordFailedLogin(db: Db, attempt: { id: string; email: string; address: string; attempted_at: string }) {
  return db.insertInto('login_attempts').values(attempt).execute();
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

export function countFailedLoginsForEmail(db: Db, email: string, since: string): Promise<number> {
  return countSince(db, 'email', email, since);
}

export function countFailedLoginsFromAddress(db: Db, address: string, since: string): Promise<number> {
  return countSince(db, 'address', address, since);
}

export function clearFailedLogins(db: Db, email: string): Promise<unknown> {
  return db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

export function deleteLoginAttemptsBefore(db: Db, before: string): Promise<unknown> {
  return db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
}
