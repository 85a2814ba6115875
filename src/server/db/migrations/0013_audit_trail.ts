// Frozen: the audit trail (issue 21).
// - audit_entries: one row per recorded change, numbered 1..n by `seq` with no gaps. Each row's `hash` is
//   sha256 over the previous row's hash and the row's own canonical content (services/audit/hash.ts), so an
//   edit made behind the server's back breaks the chain where it was made (`npm run audit:verify`).
// - Triggers refuse UPDATE and DELETE (and on PostgreSQL TRUNCATE): only a database owner who drops them first
//   can change an entry, and the chain then shows it.
import { Kysely, PostgresAdapter, sql } from 'kysely';

const REFUSAL = 'audit entries are append-only';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
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
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
  // The Activity page reads a study's, a lab's or everyone's entries newest first.
  await db.schema.createIndex('audit_entries_study_idx').on('audit_entries').columns(['study_id', 'seq']).execute();
  await db.schema.createIndex('audit_entries_lab_idx').on('audit_entries').columns(['lab_id', 'seq']).execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function audit_entries_refuse() returns trigger language plpgsql as $$ begin raise exception '${REFUSAL}'; end $$`,
      )
      .execute(db);
    await sql`create trigger audit_entries_no_change before update or delete on audit_entries for each row execute function audit_entries_refuse()`.execute(db);
    await sql`create trigger audit_entries_no_truncate before truncate on audit_entries for each statement execute function audit_entries_refuse()`.execute(db);
  } else {
    await sql.raw(`create trigger audit_entries_no_update before update on audit_entries begin select raise(abort, '${REFUSAL}'); end`).execute(db);
    await sql.raw(`create trigger audit_entries_no_delete before delete on audit_entries begin select raise(abort, '${REFUSAL}'); end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
  if (isPostgres(db)) await sql`drop function audit_entries_refuse()`.execute(db);
}
