// Two server processes on one PostgreSQL database, each with its push sender on a one-second timer: 2,000 EMA
// prompts made due at the same moment reach the test push service (HTTPS, its certificate trusted through
// NODE_EXTRA_CA_CERTS) each exactly once, none lost, whichever process claims it (FOR UPDATE SKIP LOCKED), each
// claimed once. Needs TEST_DATABASE_URL (skipped without it).
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../../../src/server/db/types';
import { postgresUrl, ProcessScratch, query } from '../support/ownDatabases';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, seedStudyOverHttp, startServerProcess, type ServerProcess } from '../support/serverProcess';
import { startPushService, type PushService } from '../support/pushService';
import { PushTally, seedPrompts } from '../support/duePrompts';

jest.setTimeout(240_000);

const PROMPTS = 2_000;

(postgresUrl ? describe : describe.skip)('the push sender in two server processes on PostgreSQL', () => {
  const scratch = new ProcessScratch('push_processes');
  const servers: ServerProcess[] = [];
  let service: PushService | undefined;
  let db: Kysely<Database> | undefined;

  beforeAll(() => ensureServerBuild(), 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await db?.destroy();
    await service?.close();
    await scratch.remove();
  });

  it(`pushes each of ${PROMPTS.toLocaleString('en-US')} prompts due at once exactly once between them`, async () => {
    const databaseUrl = await scratch.database();
    const subscriptions: ReturnType<PushService['subscribe']>[] = [];
    const tally = new PushTally();
    service = await startPushService({ onPush: tally.onPush });
    for (let i = 0; i < PROMPTS; i += 1) subscriptions.push(service.subscribe());
    tally.watch(subscriptions);

    const env = { DATABASE_URL: databaseUrl, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, PUSH_INTERVAL_SECONDS: '1', NODE_EXTRA_CA_CERTS: service.certFile, PUSH_ENDPOINT_HOSTS: service.host };
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    const study = await seedStudyOverHttp(servers[0]);
    const [{ stage_id: stageId }] = await query<{ stage_id: string }>(databaseUrl, `SELECT stage_id FROM participant_groups WHERE id = '${study.groupId}'`);

    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: databaseUrl, max: 2 }) }) });
    const seeded = await seedPrompts(db, { studyId: study.studyId, stageId, groupId: study.groupId, questionnaireId: study.questionnaireId }, subscriptions);
    await seeded.makeDue(10 * 60_000);

    expect(await tally.until(PROMPTS, 120_000)).toBe(true);
    // A duplicate would come shortly after: both senders tick again and find nothing left to claim.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(tally.check(seeded.taskIds)).toEqual({ lost: 0, duplicates: 0, unexpected: 0 });
    expect([tally.unreadable, tally.strangers]).toEqual([0, 0]);
    const [done] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM tasks WHERE push_done_at IS NOT NULL AND push_attempts = 1');
    expect(done.n).toBe(PROMPTS);
    for (const s of servers) expect(s.logs()).not.toMatch(/push (sender )?failed/);
  });
});
