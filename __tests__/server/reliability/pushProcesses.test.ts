// Two server processes on one PostgreSQL database, each with its push sender on a one-second timer: 2,000 EMA
// prompts made due at the same moment reach the test push service (HTTPS, its certificate trusted through
// NODE_EXTRA_CA_CERTS) each exactly once, none lost, whichever process claims it (FOR UPDATE SKIP LOCKED), each
// claimed once. Needs TEST_DATABASE_URL (skipped without it).
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../../../src/server/db/types';
import { postgresUrl, query } from '../support/ownDatabases';
import { OWNER_EMAIL, OWNER_PASSWORD, seedStudyOverHttp, startServerProcess } from '../support/serverProcess';
import { startPushService, type PushService } from '../support/pushService';
import { pushesSettled, PushTally, seedPrompts } from '../support/duePrompts';
import { pushScene } from '../support/pushScene';

jest.setTimeout(240_000);

const PROMPTS = 2_000;

(postgresUrl ? describe : describe.skip)('the push sender in two server processes on PostgreSQL', () => {
  const scene = pushScene('push_processes');

  it(`pushes each of ${PROMPTS.toLocaleString('en-US')} prompts due at once exactly once between them`, async () => {
    const { scratch, servers } = scene;
    const databaseUrl = await scratch.database();
    const subscriptions: ReturnType<PushService['subscribe']>[] = [];
    const tally = new PushTally();
    const service = await startPushService({ onPush: tally.onPush });
    scene.service = service;
    for (let i = 0; i < PROMPTS; i += 1) subscriptions.push(service.subscribe());
    tally.watch(subscriptions);

    const env = { DATABASE_URL: databaseUrl, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, PUSH_INTERVAL_SECONDS: '1', NODE_EXTRA_CA_CERTS: service.certFile, PUSH_ENDPOINT_HOSTS: service.host };
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    const study = await seedStudyOverHttp(servers[0]);
    const [{ stage_id: stageId }] = await query<{ stage_id: string }>(databaseUrl, `SELECT stage_id FROM participant_groups WHERE id = '${study.groupId}'`);

    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: databaseUrl, max: 2 }) }) });
    scene.db = db;
    const seeded = await seedPrompts(db, { studyId: study.studyId, stageId, groupId: study.groupId, questionnaireId: study.questionnaireId }, subscriptions);
    await seeded.makeDue(10 * 60_000);

    expect(await tally.until(PROMPTS, 120_000)).toBe(true);
    // A duplicate would have come by the time the senders are done with every task.
    await pushesSettled(db, seeded.taskIds, service);
    expect(tally.check(seeded.taskIds)).toEqual({ lost: 0, duplicates: 0, unexpected: 0 });
    expect([tally.unreadable, tally.strangers]).toEqual([0, 0]);
    const [done] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM tasks WHERE push_done_at IS NOT NULL AND push_attempts = 1');
    expect(done.n).toBe(PROMPTS);
    for (const s of servers) expect(s.logs()).not.toMatch(/push (sender )?failed/);
  });
});
