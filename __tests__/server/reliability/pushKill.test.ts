// A server process killed with SIGKILL in the middle of a batch of pushes (issue 31): what it had pushed is not
// pushed again once another process takes over its tasks, except the pushes in flight at that moment, which
// the sender had not yet seen accepted and recorded: at most CONCURRENT_PUSHES. The push service answers each
// push after a while, so the batch is under way when the process is killed; the killed process's claims are then
// made to run out (as their lease would) and a second process on the same database pushes the rest. On SQLite,
// and on PostgreSQL when TEST_DATABASE_URL is set.
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/database';
import { CONCURRENT_PUSHES } from '../../../src/server/services/push/pushSender';
import { postgresUrl } from '../support/ownDatabases';
import { pushScene } from '../support/pushScene';
import { OWNER_EMAIL, OWNER_PASSWORD, seedStudyOverHttp, startServerProcess } from '../support/serverProcess';
import { startPushService, type BrowserSubscription } from '../support/pushService';
import { pushesSettled, PushTally, seedPrompts } from '../support/duePrompts';

jest.setTimeout(240_000);

const PROMPTS = 500;
/** Pushes the first process gets through before it is killed. */
const KILL_AFTER = 150;
/** The push service's time to answer: a round of CONCURRENT_PUSHES takes at least this long. */
const ANSWER_AFTER_MS = 200;

describe.each(postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'])('a push sender killed mid-batch (%s)', (kind) => {
  const scene = pushScene('push_kill');

  it(`re-sends at most the pushes in flight when it was killed (≤ ${CONCURRENT_PUSHES})`, async () => {
    const tally = new PushTally();
    const pushService = await startPushService({ onPush: tally.onPush, answerAfterMs: ANSWER_AFTER_MS });
    scene.service = pushService;
    const subscriptions: BrowserSubscription[] = [];
    for (let i = 0; i < PROMPTS; i += 1) subscriptions.push(pushService.subscribe());
    tally.watch(subscriptions);

    const dataDir = scene.scratch.dataDir();
    const databaseUrl = kind === 'postgres' ? await scene.scratch.database() : null;
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
      SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
      PUSH_INTERVAL_SECONDS: '1',
      NODE_EXTRA_CA_CERTS: pushService.certFile,
      PUSH_ENDPOINT_HOSTS: pushService.host,
    };
    const first = await startServerProcess(env);
    scene.servers.push(first);
    const study = await seedStudyOverHttp(first);
    const db = openDatabase({ url: databaseUrl, sqliteFile: path.join(dataDir, 'portal.sqlite') }).db;
    scene.db = db;
    const { stage_id: stageId } = await db.selectFrom('participant_groups').select('stage_id').where('id', '=', study.groupId).executeTakeFirstOrThrow();
    const seeded = await seedPrompts(db, { studyId: study.studyId, stageId, groupId: study.groupId, questionnaireId: study.questionnaireId }, subscriptions);
    await seeded.makeDue(10 * 60_000);

    expect(await tally.until(KILL_AFTER, 60_000)).toBe(true);
    const inFlight = pushService.inFlight;
    await first.kill();
    const arrivedBeforeKill = [...tally.counts.values()].reduce((a, b) => a + b, 0);

    // The killed process's claims run out, as their lease would, and a second process takes the tasks over.
    const stillOpen = db.selectFrom('tasks').select(({ fn }) => fn.countAll<number>().as('n')).where('id', 'in', seeded.taskIds).where('push_done_at', 'is', null);
    const openAtKill = Number((await stillOpen.executeTakeFirstOrThrow()).n);
    await db.updateTable('tasks').set({ push_claimed_until: new Date(Date.now() - 1000).toISOString() }).where('id', 'in', seeded.taskIds).where('push_done_at', 'is', null).execute();
    scene.servers.push(await startServerProcess(env));

    expect(await tally.until(PROMPTS, 120_000)).toBe(true);
    await pushesSettled(db, seeded.taskIds, pushService);

    const counted = tally.check(seeded.taskIds);
    process.stdout.write(
      `push kill (${kind}): ${arrivedBeforeKill} pushes arrived before the kill, ${inFlight} unanswered just before it, ` +
        `${openAtKill} tasks not recorded as pushed; re-sent after it: ${counted.duplicates}\n`,
    );
    expect([counted.lost, counted.unexpected, tally.unreadable, tally.strangers]).toEqual([0, 0, 0, 0]);
    expect(counted.duplicates).toBeLessThanOrEqual(CONCURRENT_PUSHES);
  });
});
