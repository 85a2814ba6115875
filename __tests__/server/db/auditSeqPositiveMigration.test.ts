// Migration 0014 on an audit trail written before it (issue 31): every entry is kept and the chain stays whole;
// a row numbered 0 or below is refused afterwards, while UPDATE and DELETE (and TRUNCATE on PostgreSQL) are still
// refused; down and up again keep the entries. A row already numbered below 1 stops the migration, named in its
// error, and leaves the table as it was.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import { recordAudit, SYSTEM_ACTOR } from '../../../src/server/services/audit/record';
import { verifyAuditChain } from '../../../src/server/services/audit/verify';
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';

const event = (n: number) => ({ kind: 'study.basics.changed' as const, entityType: 'study', entityId: `s${n}`, studyId: `s${n}`, labId: 'l1', before: { n }, after: { n: n + 1 } });

async function entriesOf(db: Kysely<Database>) {
  return db.selectFrom('audit_entries').selectAll().orderBy('seq').execute();
}

const outcome = (query: Promise<unknown>) => query.then(() => 'done', (error: Error) => error.message);

/** An entry numbered `seq` put in by hand, with hashes of its own (unique, as the table asks). */
async function insertNumbered(db: Kysely<Database>, seq: number): Promise<string> {
  const [first] = await entriesOf(db);
  const mark = String(Math.abs(seq) + 1).padStart(64, 'c');
  return outcome(db.insertInto('audit_entries').values({ ...first, seq, prev_hash: mark, hash: mark.replace(/c/g, 'd') }).execute());
}

describe.each(databases)('migration 0014_audit_seq_positive (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('keeps every entry and the triggers, refuses an entry numbered 0 or below, and goes down and up again', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
      expect((await migrator.migrateTo('0013_audit_trail')).error).toBeUndefined();
      for (let n = 0; n < 3; n += 1) await recordAudit(db, SYSTEM_ACTOR, event(n));
      const before = await entriesOf(db);

      expect((await migrator.migrateTo('0014_audit_seq_positive')).error).toBeUndefined();
      expect(await entriesOf(db)).toEqual(before);
      expect(await verifyAuditChain(db)).toMatchObject({ checked: 3, broken: null, outside: null });
      expect(await insertNumbered(db, 0)).toMatch(/check constraint|audit_entries_seq_positive/i);
      expect(await insertNumbered(db, -4)).toMatch(/check constraint|audit_entries_seq_positive/i);
      expect(await outcome(sql`update audit_entries set kind = 'study.deleted' where seq = 1`.execute(db))).toMatch(/append-only/);
      expect(await outcome(sql`delete from audit_entries where seq = 1`.execute(db))).toMatch(/append-only/);
      if (database === 'postgres') expect(await outcome(sql`truncate audit_entries`.execute(db))).toMatch(/append-only/);
      // The server goes on appending, and reads a study's entries by its index.
      await recordAudit(db, SYSTEM_ACTOR, event(3));
      expect(await verifyAuditChain(db)).toMatchObject({ checked: 4, broken: null });
      if (database === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan select * from audit_entries where study_id = 's1' order by seq desc`.execute(db);
        expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('audit_entries_study_idx');
      }

      // Down: a row numbered 0 is taken again (as before 0014); up again refuses to go on while it is there.
      const four = await entriesOf(db);
      expect((await migrator.migrateTo('0013_audit_trail')).error).toBeUndefined();
      expect(await entriesOf(db)).toEqual(four);
      expect(await outcome(sql`delete from audit_entries where seq = 1`.execute(db))).toMatch(/append-only/);
      expect(await insertNumbered(db, 0)).toBe('done');
      const refused = await migrator.migrateTo('0014_audit_seq_positive');
      expect(refused.error).toHaveProperty('message', expect.stringContaining('audit_entries has rows numbered below 1, outside the audit chain (numbers: 0)'));
      expect(refused.results?.find((r) => r.migrationName === '0014_audit_seq_positive')?.status).toBe('Error');
      expect((await entriesOf(db)).map((e) => Number(e.seq))).toEqual([0, 1, 2, 3, 4]);
      expect(await outcome(sql`delete from audit_entries where seq = 0`.execute(db))).toMatch(/append-only/);
    });
  });
});
