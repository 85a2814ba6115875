// The prompt email sender against a real SMTP server of the tests' own (support/smtp.ts): a prompt due for email
// (email_due_at, as the push sender sets it) goes out once, in the participant's language, naming the study and
// the window's end, linking to the task, with the one-click unsubscribe headers; the ledger records it; a push
// the phone received, a participant who turned the emails off, a pilot or a study that stopped emailing gets
// none; a 5xx is recorded refused, a 4xx or a mail server that is down is tried again; two servers on one
// database email each prompt once.
import type { FastifyInstance } from 'fastify';
import { buildOnStorage, createTestApp, createTestStorage, databases, json, labUserToken, ownerToken, seedLab, OWNER_EMAIL, OWNER_PASSWORD, type TestApp, type TestStorage } from '../../support/testApp';
import { send, uniqueEmail } from '../../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { startSmtp, type ReceivedMail, type RunningSmtp } from '../../support/smtp';
import { readMail } from '../../support/mimeMail';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../../src/shared/types/study';
import type { AppTasksAnswer } from '../../../../src/shared/types/participantApp';
import { outcomeOf, retryDelayMs } from '../../../../src/server/services/email/promptEmailSender';

jest.setTimeout(90_000);

const iso = (ms: number) => new Date(ms).toISOString();
/** No tick of either timer during a test: each test ticks the email sender itself. */
const QUIET = { PUSH_INTERVAL_SECONDS: '3600', EMAIL_INTERVAL_SECONDS: '3600' };
/** Short waits, so a retry can be seen within a test. */
const TIMING = { claimMs: 60_000, timeoutMs: 3_000, retryMs: 1_000 };

interface Person {
  participantId: string;
  email: string;
  token: string;
  ema: AppTasksAnswer['ema'];
}

async function emaStudy(app: FastifyInstance): Promise<{ manager: string; study: Study }> {
  const lab = await seedLab(app, await ownerToken(app));
  const manager = await labUserToken(app, lab.managerEmail, lab.managerPassword);
  const questionnaire = await createQuestionnaire(app, manager, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'text')] }]);
  const study = await createStudy(app, manager, { active: true });
  await setGroupSettings(app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
    ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: questionnaire._id, chin_name: '', abbrev: '' }], time_list: ['00:00', '12:00'], number_of_days: 2 }],
  });
  return { manager, study };
}

/** A participant of the study with their plan made (their first tasks call), no push subscription. */
async function person(app: FastifyInstance, manager: string, study: Study, email = uniqueEmail('prompted')): Promise<Person> {
  const created = await createParticipant(app, manager, study._id, email);
  const { token } = await appLogin(app, created.email);
  const tasks = await send(app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token });
  expect(tasks.statusCode).toBe(200);
  return { participantId: created._id, email: created.email, token, ema: json<AppTasksAnswer>(tasks).ema };
}

const firstPrompt = (p: Person) => p.ema.filter((e) => !e.reminder)[0]._id;

/** Makes the tasks' moment a minute ago, their window open ten more minutes, and their email due as `fields` say (now by default). */
async function dueForEmail(app: FastifyInstance, ids: string[], fields: Record<string, string | null> = {}): Promise<void> {
  const now = Date.now();
  await app.ctx.db
    .updateTable('tasks')
    .set({ notification_datetime: iso(now - 60_000), window_closes_at: iso(now + 10 * 60_000), email_due_at: iso(now - 1000), push_result: 'none', push_done_at: iso(now - 1000), ...fields })
    .where('id', 'in', ids)
    .execute();
}

async function ledger(app: FastifyInstance, id: string) {
  return app.ctx.db
    .selectFrom('tasks')
    .select(['sent_at', 'delivery_channel', 'push_result', 'email_done_at', 'email_result', 'email_attempts', 'email_claimed_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const mailsTo = (smtp: RunningSmtp, address: string): ReceivedMail[] => smtp.mails.filter((m) => m.to.includes(address.toLowerCase()));

describe('the email sender’s rules', () => {
  it('takes a 5xx reply as permanent and everything else as temporary', () => {
    expect(outcomeOf(Object.assign(new Error('no'), { responseCode: 550 }))).toBe('refused');
    expect(outcomeOf(Object.assign(new Error('later'), { responseCode: 451 }))).toBe('temporary');
    expect(outcomeOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe('temporary');
  });

  it('doubles the wait from the first, up to ten minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(10 * 60_000);
  });
});

describe.each(databases)('prompt email sender (%s)', (database) => {
  let smtp: RunningSmtp;
  let t: TestApp;
  let manager: string;
  let study: Study;
  /** Addresses refused for good (550), and those refused once for now (451). */
  const refusedForGood = new Set<string>();
  const refusedOnce = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtp({
      refuse: (address) => {
        if (refusedForGood.has(address)) return 550;
        if (refusedOnce.delete(address)) return 451;
        return null;
      },
    });
    t = await createTestApp(database, { ...QUIET, SMTP_URL: smtp.url, MAIL_FROM: 'Study <study@example.org>', PORTAL_ORG_NAMES: 'Alpha University,Beta Institute' }, { emailTiming: TIMING });
    ({ manager, study } = await emaStudy(t.app));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  const tick = () => {
    const sender = t.app.ctx.promptEmails;
    if (!sender) throw new Error('SMTP_URL is set: the email sender runs');
    return sender.tick();
  };

  it('emails a prompt of a participant without push at its moment, once, and records it in the ledger', async () => {
    const p = await person(t.app, manager, study);
    const taskId = firstPrompt(p);
    await dueForEmail(t.app, [taskId]);
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    const mails = mailsTo(smtp, p.email);
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0].raw);
    expect(mail.headers.get('subject')).toContain(study.chin_name);
    // The default host, localhost, is written as the start banner writes it: http with the server's port.
    const link = `http://localhost:8080/app/studies/${study._id}/tasks/${taskId}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);
    expect(mail.text).toContain('Alpha University');
    // The window's end in the task's zone.
    expect(mail.text).toMatch(/It is open until .+ \(Asia\/Hong_Kong\)\./);
    expect(mail.html).toContain('#c2410c');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/localhost:8080\/api\/app\/prompt_emails\/unsubscribe\?token=[\w%.-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const row = await ledger(t.app, taskId);
    expect(row).toMatchObject({ delivery_channel: 'email', push_result: 'none', email_result: 'sent', email_attempts: 1, email_claimed_until: null });
    expect(row.sent_at).not.toBeNull();
    expect(row.email_done_at).not.toBeNull();
  });

  it("turns prompt emails off through the email's own List-Unsubscribe link (RFC 8058 one-click), and no more are sent", async () => {
    const p = await person(t.app, manager, study);
    const [first, second] = p.ema.filter((e) => !e.reminder).map((e) => e._id);
    await dueForEmail(t.app, [first]);
    expect(await tick()).toBe(1);
    const link = /^<(https?:[^>]+)>$/.exec(readMail(mailsTo(smtp, p.email)[0].raw).headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    const { pathname, search } = new URL(link);
    const res = await t.app.inject({ method: 'POST', url: `${pathname}${search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    await dueForEmail(t.app, [second]);
    expect(await tick()).toBe(0);
    expect(mailsTo(smtp, p.email)).toHaveLength(1);
  });

  it('writes in Traditional Chinese for a participant whose app is in it, in the organization 2 host’s name and colour', async () => {
    const other = await emaStudy(t.app);
    const lab2 = await t.app.ctx.db.selectFrom('studies').select('lab_id').where('id', '=', other.study._id).executeTakeFirstOrThrow();
    const p = await person(t.app, other.manager, other.study);
    // Moved to organization 2 once its participant is made (its manager's session is organization 1's).
    await t.app.ctx.db.updateTable('labs').set({ organization: 2 }).where('id', '=', lab2.lab_id).execute();
    await t.app.ctx.db.updateTable('participants').set({ app_language: 'zh-Hant' }).where('id', '=', p.participantId).execute();
    const taskId = firstPrompt(p);
    await dueForEmail(t.app, [taskId]);
    expect(await tick()).toBe(1);
    const mail = readMail(mailsTo(smtp, p.email)[0].raw);
    expect(mail.headers.get('subject')).toContain('現已開放');
    expect(mail.text).toContain('開放至');
    expect(mail.text).toContain('Beta Institute');
    expect(mail.text).toContain(`http://dark.localhost:8080/app/studies/${other.study._id}/tasks/${taskId}`);
    expect(mail.html).toContain('#198754');
  });

  it('emails a push accepted but not received only once the delay has passed, keeping the push as the channel', async () => {
    const p = await person(t.app, manager, study);
    const taskId = firstPrompt(p);
    const pushedAt = iso(Date.now() - 30_000);
    await dueForEmail(t.app, [taskId], { push_result: 'accepted', sent_at: pushedAt, delivery_channel: 'push', email_due_at: iso(Date.now() + 60_000) });
    expect(await tick()).toBe(0);
    expect(mailsTo(smtp, p.email)).toHaveLength(0);
    await t.app.ctx.db.updateTable('tasks').set({ email_due_at: iso(Date.now() - 1000) }).where('id', '=', taskId).execute();
    expect(await tick()).toBe(1);
    expect(mailsTo(smtp, p.email)).toHaveLength(1);
    expect(await ledger(t.app, taskId)).toMatchObject({ sent_at: pushedAt, delivery_channel: 'push', push_result: 'accepted', email_result: 'sent' });
  });

  it('does not email a push the phone reported received, and retires it', async () => {
    const p = await person(t.app, manager, study);
    const taskId = firstPrompt(p);
    await dueForEmail(t.app, [taskId], { push_result: 'accepted', sent_at: iso(Date.now() - 60_000), delivery_channel: 'push', received_at: iso(Date.now() - 59_000) });
    expect(await tick()).toBe(0);
    expect(mailsTo(smtp, p.email)).toHaveLength(0);
    const row = await ledger(t.app, taskId);
    expect(row.email_done_at).not.toBeNull();
    expect(row.email_result).toBeNull();
  });

  it('emails no one who turned prompt emails off, no pilot participant, no study that stopped emailing, and no closed window', async () => {
    const off = await person(t.app, manager, study);
    await t.app.ctx.db.updateTable('participants').set({ prompt_emails: 0 }).where('id', '=', off.participantId).execute();
    const pilot = await person(t.app, manager, study);
    await t.app.ctx.db.updateTable('participants').set({ pilot: 1 }).where('id', '=', pilot.participantId).execute();
    const closed = await person(t.app, manager, study);
    const stopped = await emaStudy(t.app);
    const inStopped = await person(t.app, stopped.manager, stopped.study);
    expect((await send(t.app, { method: 'PUT', url: `/api/studies/${stopped.study._id}/prompting`, token: stopped.manager, payload: { emailFallback: false } })).statusCode).toBe(200);
    await dueForEmail(t.app, [firstPrompt(off), firstPrompt(pilot), firstPrompt(inStopped)]);
    await dueForEmail(t.app, [firstPrompt(closed)], { window_closes_at: iso(Date.now() - 1000) });
    expect(await tick()).toBe(0);
    for (const p of [off, pilot, closed, inStopped]) expect(mailsTo(smtp, p.email)).toHaveLength(0);
    // The closed window's email is retired; the others wait for their window's end.
    expect((await ledger(t.app, firstPrompt(closed))).email_done_at).not.toBeNull();
    expect((await ledger(t.app, firstPrompt(off))).email_done_at).toBeNull();
  });

  it('records a permanent refusal (5xx) as refused, with no sent moment, and does not try again', async () => {
    const p = await person(t.app, manager, study);
    refusedForGood.add(p.email.toLowerCase());
    const taskId = firstPrompt(p);
    await dueForEmail(t.app, [taskId]);
    expect(await tick()).toBe(0);
    const row = await ledger(t.app, taskId);
    expect(row).toMatchObject({ email_result: 'refused', sent_at: null, email_attempts: 1 });
    expect(row.email_done_at).not.toBeNull();
    expect(await tick()).toBe(0);
    expect((await ledger(t.app, taskId)).email_attempts).toBe(1);
  });

  it('tries a temporary refusal (4xx) again after the backoff, and then sends it', async () => {
    const p = await person(t.app, manager, study);
    refusedOnce.add(p.email.toLowerCase());
    const taskId = firstPrompt(p);
    await dueForEmail(t.app, [taskId]);
    const before = Date.now();
    expect(await tick()).toBe(0);
    const waiting = await ledger(t.app, taskId);
    expect(waiting).toMatchObject({ email_done_at: null, email_result: null, email_attempts: 1 });
    // Not before the first retry's wait.
    expect(Date.parse(waiting.email_claimed_until ?? '')).toBeGreaterThanOrEqual(before + TIMING.retryMs);
    expect(await tick()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, TIMING.retryMs + 200));
    expect(await tick()).toBe(1);
    expect(mailsTo(smtp, p.email)).toHaveLength(1);
    expect(await ledger(t.app, taskId)).toMatchObject({ email_result: 'sent', email_attempts: 2, delivery_channel: 'email' });
  });
});

describe.each(databases)('a mail server that is down (%s)', (database) => {
  it('delays the email, tries again while the window is open, and sends it once the server is back', async () => {
    // A port with nothing listening: connection refused, as a mail server that is down.
    const probe = await startSmtp();
    const port = Number(new URL(probe.url).port);
    await probe.stop();
    const t = await createTestApp(database, { ...QUIET, SMTP_URL: `smtp://127.0.0.1:${port}` }, { emailTiming: TIMING });
    let back: RunningSmtp | null = null;
    try {
      const { manager, study } = await emaStudy(t.app);
      const p = await person(t.app, manager, study);
      const taskId = firstPrompt(p);
      await dueForEmail(t.app, [taskId]);
      const sender = t.app.ctx.promptEmails;
      if (!sender) throw new Error('SMTP_URL is set');
      expect(await sender.tick()).toBe(0);
      expect(await ledger(t.app, taskId)).toMatchObject({ email_done_at: null, email_result: null, email_attempts: 1 });
      back = await startSmtp({ port });
      await new Promise((resolve) => setTimeout(resolve, TIMING.retryMs + 200));
      expect(await sender.tick()).toBe(1);
      expect(mailsTo(back, p.email)).toHaveLength(1);
      expect(await ledger(t.app, taskId)).toMatchObject({ email_result: 'sent', email_attempts: 2 });
    } finally {
      await t.close();
      await back?.stop();
    }
  });
});

describe.each(databases)('two servers on one database (%s)', (database) => {
  let smtp: RunningSmtp;
  let storage: TestStorage;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    storage = await createTestStorage(database);
    const env = { ...QUIET, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, SMTP_URL: smtp.url };
    first = (await buildOnStorage(storage, env, false, { emailTiming: TIMING })).app;
    second = (await buildOnStorage(storage, env, false, { emailTiming: TIMING })).app;
  }, 60_000);
  afterAll(async () => {
    await first.close();
    await second.close();
    await storage.drop();
    await smtp.stop();
  }, 30_000);

  it('email each due prompt and reminder once between them', async () => {
    const { manager, study } = await emaStudy(first);
    const people = [await person(first, manager, study), await person(first, manager, study), await person(first, manager, study)];
    const due = people.flatMap((p) => p.ema.map((e) => e._id));
    await dueForEmail(first, due);
    const [a, b] = await Promise.all([first.ctx.promptEmails?.tick(), second.ctx.promptEmails?.tick()]);
    expect((a ?? 0) + (b ?? 0)).toBe(due.length);
    const linked = smtp.mails.map((m) => /\/tasks\/(\w+)/.exec(readMail(m.raw).text)?.[1]);
    expect(linked.sort()).toEqual([...due].sort());
  });
});
