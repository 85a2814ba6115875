// A check and the write it allows, made one step across server processes: the work runs in a transaction that
// first takes a lock per name, held until it ends.
import { sql } from 'kysely';
import { dialectOf, type Db } from './db';

/**
 * Runs `work` in a transaction holding the named locks. On PostgreSQL they are advisory locks (by a 64-bit hash
 * of each name), taken in one order, so two transactions that name the same locks never wait on each other in a
 * cycle. On SQLite every transaction begins immediate (db/database.ts) and so already holds the database's one
 * write lock: no other connection or process writes until it ends.
 */
export function withLocks<T>(db: Db, names: string[], work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(n, 0) as k from unnest(${names}::text[]) as n order by k) as ordered`.execute(trx);
    }
    return work(trx);
  });
}
