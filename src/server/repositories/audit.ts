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
