// For the queries every call makes: build the query once with stand-in arguments, keep its compiled SQL, and
// afterwards only put the real arguments in their places. Building and compiling with Kysely costs more than
// running a small SQLite query; on SQLite the read then goes straight to the statement (db/database.ts
// directReaderOf), outside a transaction.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './db';
import { directReaderOf } from '../db/database';

const MARK = '\u0000prepared-argument-';

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query: which argument goes there, or null for a fixed value. */
  slots: (number | null)[];
}

export interface PreparedOptions {
  /**
   * False for reads on the answer path (a participant's submissions, tasks and participations): every answer
   * committed changes what they read, so the connection's kept results (db/resultCache.ts) are never used again
   * and keeping them only costs a check of data_version and the keeping itself on each call.
   */
  keep: boolean;
}

export function prepared<Args extends unknown[], Row>(arity: Args['length'], build: (db: Db, ...args: Args) => Compilable<Row>, options: PreparedOptions = { keep: true }) {
  const compiled = new WeakMap<Db, Compiled<Row>>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as Args;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : null));
      if (slots.filter((s) => s !== null).length !== arity) throw new Error('every argument of a prepared query must appear once as a parameter');
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === null ? p : args[slot];
    });
    const direct = directReaderOf(db)?.(query.sql, parameters, options.keep);
    if (direct) return direct as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** The options of the answer path's reads: their rows are not kept. */
export const ANSWER_PATH: PreparedOptions = { keep: false };
