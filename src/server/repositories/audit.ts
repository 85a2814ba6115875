// The audit trail's rows (migration 0013): appended at the tail of the chain, read by the Activity page, walked
// by the verify command. Nothing here updates or deletes a row; the database's triggers refuse it anyway.
import { sql } from 'kysely';
import { dialectOf, type Db } from './db';
import type { AuditEntriesTable, AuditEntryRow } from '../db/types';

/**
 * Holds the chain's tail until the transaction ends. On SQLite every transaction already holds the one write
 * lock (it begins immediate, db/database.ts); on PostgreSQL an advisory lock does it, taken just before the
 * tail is read so that two writers never read the same tail.
 */
export async function lockChainTail(trx: Db): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended('audit trail: tail', 0))`.execute(trx);
}

export async function chainTail(trx: Db): Promise<{ seq: number; hash: string } | null> {
  const row = await trx.selectFrom('audit_entries').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

export async function insertAuditEntry(trx: Db, row: AuditEntriesTable): Promise<void> {
  await trx.insertInto('audit_entries').values(row).execute();
}

/** Which entries a reader may see and asked for. */
export interface AuditFilter {
  studyId?: string;
  labId?: string;
  /** The person, by the email the entry names. */
  actorEmail?: string;
  kind?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_entries');
  if (filter.studyId) query = query.where('study_id', '=', filter.studyId);
  if (filter.labId) query = query.where('lab_id', '=', filter.labId);
  if (filter.actorEmail) query = query.where('actor_email', '=', filter.actorEmail);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

/** One page of entries, newest first, and how many match in all. */
export async function listAuditEntries(db: Db, filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const rows = await filtered(db, filter).selectAll().orderBy('seq', 'desc').offset(offset).limit(limit).execute();
  const count = await filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Every entry of a filter, oldest first, in batches (the analysis export's CSV, the verify command). */
export async function* auditEntriesInOrder(db: Db, filter: AuditFilter, batch = 500): AsyncGenerator<AuditEntryRow> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, filter).selectAll().where('seq', '>', after).orderBy('seq', 'asc').limit(batch).execute();
    yield* rows;
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1].seq);
  }
}

/**
 * The rows numbered below 1 or not at all (migration 0014 refuses them now; a database owner can still put one
 * there): how many, and the lowest number (null for a row with none). Any other row is walked in order by
 * `auditEntriesInOrder`, so together the two see every row.
 */
export async function rowsOutsideChain(db: Db): Promise<{ rows: number; first: number | null }> {
  const outside = () => db.selectFrom('audit_entries').where((eb) => eb.or([eb('seq', 'is', null), eb('seq', '<', 1)]));
  const count = await outside().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = Number(count.n);
  if (rows === 0) return { rows, first: null };
  const lowest = await outside().select('seq').orderBy('seq', 'asc').limit(1).executeTakeFirstOrThrow();
  return { rows, first: lowest.seq === null ? null : Number(lowest.seq) };
}
