// Frozen: the audit trail's entries are numbered from 1 (issue 31). The server only ever appends entry n + 1,
// but a row put in by hand with a number of 0 or below (or none, which SQLite allowed in a key that is not its
// rowid) was shown on the Activity pages and walked by no check. `seq` is now NOT NULL and CHECK (seq > 0).
// - PostgreSQL adds the check to the table; its triggers (no UPDATE, DELETE or TRUNCATE) stay as they are.
// - SQLite cannot add a check to a table, so the table is rebuilt in one transaction: the rows are copied into
//   a table with the check, the old one dropped (which fires no trigger), the new one renamed, and its indexes
//   and the triggers refusing UPDATE and DELETE made again as migration 0013 made them.
// A row already numbered below 1 stops the migration, and so the server's start, with the rows named: it is
// evidence of a change behind the server's back, which no migration should erase or renumber. What to do then
// is in docs/operations.md ("The audit trail").
import { Kysely, PostgresAdapter, sql } from 'kysely';

const REFUSAL = 'audit entries are append-only';
const CHECK_NAME = 'audit_entries_seq_positive';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Refuses to go on while a row is numbered below 1 (or not at all), naming the first few. */
async function refuseRowsOutsideChain(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ seq: number | string | null }>`select seq from audit_entries where seq is null or seq < 1 order by seq limit 10`.execute(db);
  if (rows.length === 0) return;
  const numbers = rows.map((r) => (r.seq === null ? 'none' : String(r.seq))).join(', ');
  throw new Error(
    `audit_entries has rows numbered below 1, outside the audit chain (numbers: ${numbers}). They were put there behind the server's back; keep a copy of them and remove them as docs/operations.md ("The audit trail") says, then start the server again.`,
  );
}

/** SQLite's table as migration 0013 made it, with the check when asked; its indexes and triggers too. */
async function rebuildOnSqlite(db: Kysely<unknown>, withCheck: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let table = trx.schema
      .createTable('audit_entries_rebuilt')
      .addColumn('seq', 'bigint', (c) => (withCheck ? c.primaryKey().notNull() : c.primaryKey()))
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor_id', 'varchar(32)')
      .addColumn('actor_email', 'varchar(320)')
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(64)')
      .addColumn('study_id', 'varchar(32)')
      .addColumn('lab_id', 'varchar(32)')
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique());
    // SQLite keeps any value in any column: the check also refuses a number stored as text or a fraction.
    if (withCheck) table = table.addCheckConstraint(CHECK_NAME, sql`seq > 0 and typeof(seq) = 'integer'`);
    await table.execute();
    await sql`insert into audit_entries_rebuilt select seq, at, actor_kind, actor_id, actor_email, kind, entity_type, entity_id, study_id, lab_id, changes, prev_hash, hash from audit_entries`.execute(trx);
    await sql`drop table audit_entries`.execute(trx);
    await sql`alter table audit_entries_rebuilt rename to audit_entries`.execute(trx);
    await trx.schema.createIndex('audit_entries_study_idx').on('audit_entries').columns(['study_id', 'seq']).execute();
    await trx.schema.createIndex('audit_entries_lab_idx').on('audit_entries').columns(['lab_id', 'seq']).execute();
    await sql.raw(`create trigger audit_entries_no_update before update on audit_entries begin select raise(abort, '${REFUSAL}'); end`).execute(trx);
    await sql.raw(`create trigger audit_entries_no_delete before delete on audit_entries begin select raise(abort, '${REFUSAL}'); end`).execute(trx);
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await refuseRowsOutsideChain(db);
  if (isPostgres(db)) await sql`alter table audit_entries add constraint ${sql.ref(CHECK_NAME)} check (seq > 0)`.execute(db);
  else await rebuildOnSqlite(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table audit_entries drop constraint ${sql.ref(CHECK_NAME)}`.execute(db);
  else await rebuildOnSqlite(db, false);
}
