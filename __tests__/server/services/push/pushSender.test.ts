// The Web Push sender against a push service of the tests' own over HTTPS (support/pushService.ts): a due prompt
// is pushed once, encrypted for the subscription, naming its task, kept no longer than its window; a closed
// window, a withdrawn or completed participation is not pushed; 410 removes the subscription; a failure is tried
// again while the window is open, a bounded number of times; two servers on one database push each task once.
import { createPublicKey, verify } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildOnStorage, createTestApp, createTestStorage, databases, OWNER_EMAIL, OWNER_PASSWORD, type TestApp, type TestStorage } from '../../support/testApp';
import { send } from '../../support/api';
import { startPushService, type PushService } from '../../support/pushService';
import { pushesSettled, PushTally, seedPrompts } from '../../support/duePrompts';
import { emaStudy, iso, moveTasks, naming, plannedParticipant, QUIET, type Planned } from '../../support/pushPlans';
import type { Questionnaire } from '../../../../src/shared/questionnaire/types';
import type { Study } from '../../../../src/shared/types/study';
import type { PushPayload } from '../../../../src/shared/push';
import { PUSH_MAX_ATTEMPTS } from '../../../../src/server/services/push/pushSender';

jest.setTimeout(90_000);

/**
 * The VAPID header as a push service checks it (RFC 8292): a JWT signed with ES256 by the server's key, for
 * the endpoint's origin, expiring within 24 hours, and the public key it names.
 */
function expectVapid(header: string | undefined, publicKey: string, endpoint: string): void {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match).not.toBeNull();
  const [, head, body, signature, k] = match as RegExpExecArray;
  expect(k).toBe(publicKey);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(new URL(endpoint).origin);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  // The public key is an uncompressed P-256 point (0x04, x, y).
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
}

describe.each(databases)('push sender (%s)', (database) => {
  let service: PushService;
  let t: TestApp;
  let manager: string;
  let study: Study;
  let questionnaire: Questionnaire;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(database, { ...QUIET, ...naming(service) }, { pushAgent: service.agent });
    ({ manager, study, questionnaire } = await emaStudy(t.app));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await service.close();
  }, 30_000);

  const prompt = (p: Planned) => p.ema.filter((task) => !task.reminder)[0];
  const pushesTo = (p: Planned) => service.received.filter((r) => r.path === p.subscription.path);

  it('pushes a due prompt once, encrypted for the subscription, naming its task, kept no longer than its window', async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    const task = prompt(p);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);

    await t.app.ctx.push.tick();
    await t.app.ctx.push.tick();

    const received = pushesTo(p);
    expect(received).toHaveLength(1);
    const closes = await t.app.ctx.db.selectFrom('tasks').select(['window_closes_at', 'push_done_at']).where('id', '=', task._id).executeTakeFirstOrThrow();
    expect(p.subscription.messagesIn(service)).toEqual([
      { taskId: task._id, promptId: task._id, studyId: p.studyId, questionnaire: { chin_name: questionnaire.chin_name }, window_closes_at: closes.window_closes_at },
    ]);
    expect(received[0].headers['content-encoding']).toBe('aes128gcm');
    expectVapid(received[0].headers.authorization, t.app.ctx.push.publicKey, p.subscription.body.endpoint);
    const ttl = Number(received[0].headers.ttl);
    expect(ttl).toBeGreaterThan(9 * 60);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
    expect(closes.push_done_at).not.toBeNull();
  });

  it("names a reminder's prompt in its payload, so the app's notification of the prompt is replaced", async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    const task = prompt(p);
    const reminder = p.ema.find((e) => e.prompt_id === task._id);
    if (!reminder) throw new Error('The EMA setting plans reminders');
    await moveTasks(t.app, [reminder._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    expect(p.subscription.messagesIn(service)).toEqual([expect.objectContaining({ taskId: reminder._id, promptId: task._id })]);
  });

  it('does not push a prompt whose window has closed (a restart catching up), nor one still to come', async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    await moveTasks(t.app, [prompt(p)._id], 30 * 60_000, -15 * 60_000);
    await t.app.ctx.push.tick();
    expect(pushesTo(p)).toHaveLength(0);
    const row = await t.app.ctx.db.selectFrom('tasks').select('push_done_at').where('id', '=', prompt(p)._id).executeTakeFirstOrThrow();
    // Done with, so it leaves the sender's index.
    expect(row.push_done_at).not.toBeNull();
  });

  it("does not push a withdrawn participant's prompts, nor a completed participation's", async () => {
    const withdrawn = await plannedParticipant(t.app, service, manager, study);
    await moveTasks(t.app, [prompt(withdrawn)._id], 60_000, 10 * 60_000);
    expect((await send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/withdraw`, token: withdrawn.token })).statusCode).toBe(200);
    const completed = await plannedParticipant(t.app, service, manager, study);
    await moveTasks(t.app, [prompt(completed)._id], 60_000, 10 * 60_000);
    // The task itself still open: only the participation says no.
    await t.app.ctx.db.updateTable('participations').set({ status: 'completed', completed_at: iso(Date.now()) }).where('id', '=', completed.participationId).execute();

    await t.app.ctx.push.tick();
    expect(pushesTo(withdrawn)).toHaveLength(0);
    expect(pushesTo(completed)).toHaveLength(0);
  });

  it('does not push a prompt already answered (completed) or a reminder of it', async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    const task = prompt(p);
    const reminders = p.ema.filter((e) => e.prompt_id === task._id).map((e) => e._id);
    await moveTasks(t.app, [task._id, ...reminders], 60_000, 10 * 60_000);
    await t.app.ctx.db.updateTable('tasks').set({ status: 'completed', completed_at: iso(Date.now()) }).where('id', 'in', [task._id, ...reminders]).execute();
    await t.app.ctx.push.tick();
    expect(pushesTo(p)).toHaveLength(0);
  });

  it('a push service answering 410 removes the subscription; another device of the participant still gets the prompt', async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    const second = service.subscribe();
    expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token: p.token, payload: { ...second.body } })).statusCode).toBe(201);
    service.answers.set(p.subscription.path, 410);
    await moveTasks(t.app, [prompt(p)._id], 60_000, 10 * 60_000);

    await t.app.ctx.push.tick();
    const endpoints = await t.app.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', 'in', [p.subscription.body.endpoint, second.body.endpoint]).execute();
    expect(endpoints.map((e) => e.endpoint)).toEqual([second.body.endpoint]);
    expect(second.messagesIn(service)).toEqual([expect.objectContaining({ taskId: prompt(p)._id })]);
  });

  it('a failed push is tried again while the window is open, and given up after a bounded number of attempts', async () => {
    const p = await plannedParticipant(t.app, service, manager, study);
    const [first, second] = p.ema.filter((e) => !e.reminder);
    await moveTasks(t.app, [first._id, second._id], 60_000, 10 * 60_000);
    service.answers.set(p.subscription.path, 500);
    const claims = () => t.app.ctx.db.selectFrom('tasks').select(['id', 'push_claimed_until', 'push_attempts', 'push_done_at']).where('id', 'in', [first._id, second._id]).orderBy('id').execute();
    /** The retry's wait is over. */
    const waitOver = () => t.app.ctx.db.updateTable('tasks').set({ push_claimed_until: iso(Date.now() - 1000) }).where('id', 'in', [first._id, second._id]).execute();

    await t.app.ctx.push.tick();
    expect(pushesTo(p)).toHaveLength(2);
    for (const row of await claims()) {
      expect(row.push_done_at).toBeNull();
      expect(Date.parse(row.push_claimed_until ?? '')).toBeGreaterThan(Date.now());
    }
    // Not before the retry is due.
    await t.app.ctx.push.tick();
    expect(pushesTo(p)).toHaveLength(2);

    // The push service is back for the first; the second keeps failing until the attempts run out.
    await waitOver();
    await t.app.ctx.db.updateTable('tasks').set({ push_done_at: iso(Date.now()) }).where('id', '=', first._id).execute();
    for (let attempt = 2; attempt <= PUSH_MAX_ATTEMPTS + 2; attempt += 1) {
      await t.app.ctx.push.tick();
      await waitOver();
    }
    expect(pushesTo(p)).toHaveLength(1 + PUSH_MAX_ATTEMPTS);
    const [a, b] = (await claims()).sort((x, y) => (x.id === first._id ? -1 : y.id === first._id ? 1 : 0));
    expect(a.push_attempts).toBe(1);
    expect([b.push_attempts, b.push_done_at === null]).toEqual([PUSH_MAX_ATTEMPTS, false]);

    // A failure that clears: pushed on the retry.
    service.answers.delete(p.subscription.path);
    const third = p.ema.filter((e) => !e.reminder)[2];
    service.answers.set(p.subscription.path, 503);
    await moveTasks(t.app, [third._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    service.answers.delete(p.subscription.path);
    await t.app.ctx.db.updateTable('tasks').set({ push_claimed_until: iso(Date.now() - 1000) }).where('id', '=', third._id).execute();
    await t.app.ctx.push.tick();
    expect(p.subscription.messagesIn(service)).toEqual([expect.objectContaining({ taskId: third._id })]);
  });
});

describe.each(databases)('a stored subscription at a host not allowed (%s)', (database) => {
  it('is not posted to (stored while PUSH_ENDPOINT_HOSTS named its host, or before hosts were checked); the task is done with', async () => {
    const service = await startPushService();
    const storage = await createTestStorage(database);
    const env = { ...QUIET, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD };
    try {
      const named = (await buildOnStorage(storage, { ...env, ...naming(service) }, false, { pushAgent: service.agent })).app;
      let stored: Planned;
      try {
        const { manager, study } = await emaStudy(named);
        stored = await plannedParticipant(named, service, manager, study);
      } finally {
        await named.close();
      }
      // The same database, the setting no longer naming the push service.
      const app = (await buildOnStorage(storage, env, false, { pushAgent: service.agent })).app;
      try {
        const task = stored.ema.filter((e) => !e.reminder)[0];
        await moveTasks(app, [task._id], 60_000, 10 * 60_000);
        expect(await app.ctx.push.tick()).toBe(0);
        expect(service.received.filter((r) => r.path === stored.subscription.path)).toHaveLength(0);
        const row = await app.ctx.db.selectFrom('tasks').select('push_done_at').where('id', '=', task._id).executeTakeFirstOrThrow();
        expect(row.push_done_at).not.toBeNull();
      } finally {
        await app.close();
      }
    } finally {
      await storage.drop();
      await service.close();
    }
  });
});

describe.each(databases)('two servers on one database (%s)', (database) => {
  let service: PushService;
  let storage: TestStorage;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const env = { ...QUIET, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD };

  beforeAll(async () => {
    service = await startPushService();
    storage = await createTestStorage(database);
    first = (await buildOnStorage(storage, { ...env, ...naming(service) }, false, { pushAgent: service.agent })).app;
    second = (await buildOnStorage(storage, { ...env, ...naming(service) }, false, { pushAgent: service.agent })).app;
  }, 60_000);
  afterAll(async () => {
    await first.close();
    await second.close();
    await storage.drop();
    await service.close();
  }, 30_000);

  it('share the VAPID keys made at first start, and push each due task once between them', async () => {
    expect(second.ctx.push.publicKey).toBe(first.ctx.push.publicKey);
    const { manager, study } = await emaStudy(first);
    const people = [await plannedParticipant(first, service, manager, study), await plannedParticipant(first, service, manager, study)];
    const due = people.flatMap((p) => p.ema.map((e) => e._id));
    for (const p of people) await moveTasks(first, p.ema.map((e) => e._id), 60_000, 10 * 60_000);

    const [a, b] = await Promise.all([first.ctx.push.tick(), second.ctx.push.tick()]);
    expect(a + b).toBe(due.length);
    const taskIds = people.flatMap((p) => p.subscription.messagesIn(service).map((m) => (m as PushPayload).taskId));
    expect(taskIds.sort()).toEqual([...due].sort());
  });
});

describe.each(databases)('two servers and a push service slower than a claim (%s)', (database) => {
  // The push service answers each push after a second, within the push timeout; a claim lasts 8 s. A batch of
  // 500 tasks, 50 at a time, takes 10 s: past its claim, when the other server (its timer ticking every second)
  // may claim the same tasks. (As deployed: 2 minutes, 15 s, and a push service answering after 20 s.)
  const timing = { claimMs: 8_000, timeoutMs: 3_000 };
  const PROMPTS = 500;

  it('push each prompt exactly once', async () => {
    const tally = new PushTally();
    const service = await startPushService({ onPush: tally.onPush, answerAfterMs: 1_000 });
    const storage = await createTestStorage(database);
    const env = { PUSH_INTERVAL_SECONDS: '1', SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, ...naming(service) };
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i += 1) apps.push((await buildOnStorage(storage, env, false, { pushAgent: service.agent, pushTiming: timing })).app);
      const { study, questionnaire } = await emaStudy(apps[0]);
      const subscriptions = Array.from({ length: PROMPTS }, () => service.subscribe());
      tally.watch(subscriptions);
      const stage = study.stage_list[0];
      const seeded = await seedPrompts(apps[0].ctx.db, { studyId: study._id, stageId: stage._id, groupId: stage.participant_group_list[0]._id, questionnaireId: questionnaire._id }, subscriptions);
      await seeded.makeDue(10 * 60_000);

      expect(await tally.until(PROMPTS, 120_000)).toBe(true);
      await pushesSettled(apps[0].ctx.db, seeded.taskIds, service, 120_000);
      expect(tally.check(seeded.taskIds)).toEqual({ lost: 0, duplicates: 0, unexpected: 0 });
    } finally {
      for (const app of apps) await app.close();
      await storage.drop();
      await service.close();
    }
  }, 240_000);
});

describe.each(databases)('push failures in the log (%s)', (database) => {
  let service: PushService;
  let storage: TestStorage;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    service = await startPushService();
    storage = await createTestStorage(database);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const env = { ...QUIET, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD };
    app = (await buildOnStorage(storage, { ...env, ...naming(service) }, { level: 'warn', stream }, { pushAgent: service.agent })).app;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await storage.drop();
    await service.close();
  }, 30_000);

  it("name the task and the push service's status, never the endpoint or the keys", async () => {
    const { manager, study } = await emaStudy(app);
    const p = await plannedParticipant(app, service, manager, study);
    const task = p.ema.filter((e) => !e.reminder)[0];
    await moveTasks(app, [task._id], 60_000, 10 * 60_000);
    service.answers.set(p.subscription.path, 500);
    await app.ctx.push.tick();

    const failures = lines.filter((line) => line.includes('push failed')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toEqual([expect.objectContaining({ taskId: task._id, statusCode: 500, attempt: 1 })]);
    const logged = lines.join('\n');
    for (const secret of [p.subscription.path, p.subscription.body.keys.p256dh, p.subscription.body.keys.auth]) expect(logged).not.toContain(secret);
  });
});

describe.each(databases)('the sender on its timer (%s)', (database) => {
  it('pushes a due prompt within PUSH_INTERVAL_SECONDS without being asked', async () => {
    const service = await startPushService();
    const t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '1', ...naming(service) }, { pushAgent: service.agent });
    try {
      const { manager, study } = await emaStudy(t.app);
      const p = await plannedParticipant(t.app, service, manager, study);
      const first = p.ema.filter((e) => !e.reminder)[0];
      await moveTasks(t.app, [first._id], 60_000, 10 * 60_000);
      const deadline = Date.now() + 10_000;
      while (p.subscription.messagesIn(service).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(p.subscription.messagesIn(service)).toEqual([expect.objectContaining({ taskId: first._id })]);
    } finally {
      await t.close();
      await service.close();
    }
  });
});
