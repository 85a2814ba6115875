// `npm run audit:verify` on a real database (issue 31): every row is accounted for (a row numbered 0 or below,
// which the Activity pages would show, is a failure, as is a gap), the head is printed on the last line, and
// `--expect <seq>:<hash>` fails when that entry was removed or rewritten, even when what is left is a whole chain.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildOnStorage, createTestStorage, databases, OWNER_EMAIL, OWNER_PASSWORD, type TestStorage } from '../../support/testApp';
import type { Config } from '../../../../src/server/config';
import { recordAudit, SYSTEM_ACTOR } from '../../../../src/server/services/audit/record';
import { entryHash, GENESIS_HASH } from '../../../../src/server/services/audit/hash';
import { hashedContentOf, verifyAuditChain } from '../../../../src/server/services/audit/verify';
import { runAuditVerify } from '../../../../src/server/services/audit/verifyCommand';

describe.each(databases)('npm run audit:verify (%s)', (database) => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    storage = await createTestStorage(database);
    ({ app, config } = await buildOnStorage(storage, { SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD }));
  });
  afterAll(async () => {
    await app.close();
    await storage.drop();
  });

  const db = () => app.ctx.db;
  const event = (n: number) => ({ kind: 'study.basics.changed' as const, entityType: 'study', entityId: `study-${n}`, studyId: `study-${n}`, labId: 'lab-1', before: { n }, after: { n: n + 1 } });

  async function verify(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAuditVerify(config, { out: (l) => out.push(l), err: (l) => err.push(l) }, args, storage.schema);
    return { code, out, err };
  }

  async function entries() {
    return db().selectFrom('audit_entries').select(['seq', 'hash']).orderBy('seq').execute();
  }

  /** What a database owner can do behind the server: drop the triggers (and on PostgreSQL the check). */
  async function dropGuards(): Promise<void> {
    if (database === 'postgres') {
      await sql`drop trigger audit_entries_no_change on audit_entries`.execute(db());
      await sql`alter table audit_entries drop constraint if exists audit_entries_seq_positive`.execute(db());
    } else {
      await sql`drop trigger audit_entries_no_update`.execute(db());
      await sql`drop trigger audit_entries_no_delete`.execute(db());
    }
  }

  it('prints the head on its last line, and --expect passes for an entry still in the chain with its hash', async () => {
    // An empty trail's head is entry 0, the hash the first entry is chained to.
    expect(await verify()).toEqual({ code: 0, out: ['Audit trail intact: 0 entries.', `Head: 0:${GENESIS_HASH}`], err: [] });
    for (let n = 0; n < 4; n += 1) await recordAudit(db(), SYSTEM_ACTOR, event(n));
    const rows = await entries();
    const head = rows[rows.length - 1];
    const intact = await verify();
    expect(intact).toEqual({ code: 0, out: [`Audit trail intact: ${rows.length} entries.`, `Head: ${head.seq}:${head.hash}`], err: [] });

    const earlier = rows[1];
    expect(await verify('--expect', `${earlier.seq}:${earlier.hash}`)).toEqual({
      code: 0,
      out: [`Audit trail intact: ${rows.length} entries.`, `Entry ${earlier.seq} has the hash expected.`, `Head: ${head.seq}:${head.hash}`],
      err: [],
    });
    // The hash may be given in capitals.
    expect((await verify('--expect', `${head.seq}:${head.hash.toUpperCase()}`)).code).toBe(0);
  });

  it('refuses an --expect it cannot read, with exit code 2', async () => {
    const usage = 'Usage: npm run audit:verify [-- --expect <seq>:<hash>], the hash 64 hexadecimal digits.';
    for (const args of [['--expect'], ['--expect', '3'], ['--expect', '3:abc'], ['--expect', 'x:' + 'a'.repeat(64)], ['--expect', `0:${'a'.repeat(64)}`], ['--head']]) {
      expect(await verify(...args)).toEqual({ code: 2, out: [], err: [usage] });
    }
  });

  it('fails --expect when the newest entries were removed, or the entry rewritten, though what is left is a whole chain', async () => {
    await recordAudit(db(), SYSTEM_ACTOR, event(10));
    const rows = await entries();
    const head = rows[rows.length - 1];
    const kept = `${head.seq}:${head.hash}`;
    await dropGuards();

    // The newest entry removed: the chain that is left is whole, only the head kept elsewhere shows it.
    await sql`delete from audit_entries where seq = ${head.seq}`.execute(db());
    const shortened = await verify('--expect', kept);
    expect(shortened.code).toBe(1);
    expect(shortened.err).toEqual([`Entry ${head.seq} is not in the audit trail, which ends at entry ${Number(head.seq) - 1}: newer entries were removed.`]);
    const before = rows[rows.length - 2];
    expect(shortened.out[shortened.out.length - 1]).toBe(`Head: ${before.seq}:${before.hash}`);

    // Rewritten in its place with its hash recomputed: a whole chain again, but not the entry kept.
    await recordAudit(db(), SYSTEM_ACTOR, event(11));
    const rewritten = await verify('--expect', kept);
    const [now] = await db().selectFrom('audit_entries').select('hash').where('seq', '=', head.seq).execute();
    expect(rewritten.code).toBe(1);
    expect(rewritten.err).toEqual([`Entry ${head.seq} has the hash ${now.hash}, not ${head.hash}: the audit trail was rewritten at or before it.`]);
    expect((await verifyAuditChain(db())).broken).toBeNull();
  });

  it('accounts for every row: a row numbered 0 or below, or a gap, fails', async () => {
    for (let n = 20; n < 23; n += 1) await recordAudit(db(), SYSTEM_ACTOR, event(n));
    const rows = await entries();
    const last = rows[rows.length - 1];
    // A row that claims to come before the first entry, chained to nothing: the Activity pages would show it.
    const content = { ...hashedContentOf(await db().selectFrom('audit_entries').selectAll().where('seq', '=', 1).executeTakeFirstOrThrow()), seq: 0, kind: 'study.deleted' };
    const forged = { seq: 0, at: content.at, actor_kind: 'system', actor_id: null, actor_email: null, kind: 'study.deleted', entity_type: 'study', entity_id: content.entityId, study_id: content.studyId, lab_id: content.labId, changes: '[]', prev_hash: 'f'.repeat(64), hash: entryHash('f'.repeat(64), { ...content, changes: [] }) };
    if (database === 'sqlite') await sql`pragma ignore_check_constraints = on`.execute(db());
    try {
      await db().insertInto('audit_entries').values(forged).execute();
      await db().insertInto('audit_entries').values({ ...forged, seq: -5, prev_hash: 'e'.repeat(64), hash: 'd'.repeat(64) }).execute();
    } finally {
      if (database === 'sqlite') await sql`pragma ignore_check_constraints = off`.execute(db());
    }
    const outside = await verify();
    expect(outside.code).toBe(1);
    expect(outside.err).toEqual([`Audit trail broken: 2 rows are numbered below 1, outside the chain (the first numbered -5); the ${last.seq} entries of the chain are intact.`]);
    expect(outside.out).toEqual([]);
    expect((await verifyAuditChain(db())).outside).toEqual({ rows: 2, first: -5 });
    await sql`delete from audit_entries where seq <= 0`.execute(db());
    expect((await verify()).code).toBe(0);

    // A gap: the entry in the middle removed.
    await sql`delete from audit_entries where seq = 2`.execute(db());
    const gap = await verify();
    expect(gap.code).toBe(1);
    expect(gap.err).toEqual(['Audit trail broken at entry 2: entry 2 is missing, the next row is numbered 3 (1 entries before it are intact).']);
  });
});
