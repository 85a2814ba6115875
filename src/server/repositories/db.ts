import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** A database or a transaction: every repository function takes one. */
export type Db = Kysely<Database>;
