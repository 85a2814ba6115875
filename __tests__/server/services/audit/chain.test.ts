// The audit trail's chain on a real database: entries appended by concurrent writers stay numbered 1..n and
// chained; the triggers refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL); an owner who drops a trigger and edits a row is caught by
// the verify walk and by `npm run audit:verify`'s command, with a non-zero exit.
import { sql } from 'kysely';
import { createTestApp, databases, type TestApp } from '../../support/testApp';
import { recordAudit, SYSTEM_ACTOR } from '../../../../src/server/services/audit/record';
import { verifyAuditChain } from '../../../../src/server/services/audit/verify';
import { runAuditVerify } from '../../../../src/server/services/audit/verifyCommand';
import { entryHash, GENESIS_HASH } from '../../../../src/server/services/audit/hash';
import { hashedContentOf } from '../../../../src/server/services/audit/verify';

describe.each(databases)('audit chain (%s)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  const event = (n: number) => ({
    kind: 'study.basics.changed' as const,
    entityType: 'study',
    entityId: `study-${n}`,
    studyId: `study-${n}`,
    labId: 'lab-1',
    before: { name: `Study ${n}`, tags: ['a'] },
    after: { name: `Study ${n}!`, tags: ['a', 'b'] },
  });

  it('numbers and chains entries written at the same time by many writers', async () => {
    const db = t.app.ctx.db;
    const before = (await verifyAuditChain(db)).checked;
    await Promise.all(Array.from({ length: 24 }, (_, n) => recordAudit(db, SYSTEM_ACTOR, event(n))));
    const report = await verifyAuditChain(db);
    expect(report).toMatchObject({ checked: before + 24, broken: null, outside: null });
    const rows = await db.selectFrom('audit_entries').selectAll().orderBy('seq').execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0].prev_hash).toBe(GENESIS_HASH);
    const last = rows[rows.length - 1];
    expect(entryHash(rows[rows.length - 2].hash, hashedContentOf(last))).toBe(last.hash);
    expect(JSON.parse(last.changes)).toEqual([
      { field: 'name', before: expect.stringMatching(/^Study \d+$/), after: expect.stringMatching(/^Study \d+!$/) },
      { field: 'tags[1]', before: null, after: 'b' },
    ]);
  });

  it('refuses UPDATE and DELETE on the audit table, and on PostgreSQL TRUNCATE', async () => {
    const db = t.app.ctx.db;
    const refused = (query: Promise<unknown>) => query.then(() => 'changed', (error: Error) => error.message);
    expect(await refused(sql`update audit_entries set kind = 'study.deleted' where seq = 1`.execute(db))).toMatch(/append-only/);
    expect(await refused(sql`delete from audit_entries where seq = 1`.execute(db))).toMatch(/append-only/);
    if (database === 'postgres') expect(await refused(sql`truncate audit_entries`.execute(db))).toMatch(/append-only/);
    expect((await verifyAuditChain(db)).checked).toBeGreaterThan(0);
    expect((await verifyAuditChain(db)).broken).toBeNull();
  });

  it('finds the first entry a database owner edited behind the server, and the command exits non-zero', async () => {
    const db = t.app.ctx.db;
    await recordAudit(db, SYSTEM_ACTOR, event(99));
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    if (database === 'sqlite') expect(await runAuditVerify(t.config, output)).toBe(0);

    if (database === 'postgres') await sql`drop trigger audit_entries_no_change on audit_entries`.execute(db);
    else await sql`drop trigger audit_entries_no_update`.execute(db);
    await sql`update audit_entries set changes = ${'[{"field":"name","before":"Study 3","after":"Altered"}]'} where seq = 4`.execute(db);

    expect(await verifyAuditChain(db)).toMatchObject({ checked: 3, broken: { seq: 4, reason: 'its content does not match its hash' } });
    if (database === 'sqlite') {
      expect(await runAuditVerify(t.config, output)).toBe(1);
      expect(out).toEqual([expect.stringMatching(/^Audit trail intact: \d+ entries\.$/), expect.stringMatching(/^Head: \d+:[0-9a-f]{64}$/)]);
      expect(err).toEqual(['Audit trail broken at entry 4: its content does not match its hash (3 entries before it are intact).']);
    }
  });
});
