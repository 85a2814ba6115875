import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** A database or a transaction: every repository function takes one. */
export type Db = Kysely<Database>;

/** Which database a Kysely instance (or transaction) talks to, for the few statements written by hand. */
export function dialectOf(db: Db): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
