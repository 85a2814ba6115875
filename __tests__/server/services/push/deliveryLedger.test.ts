// The push sender's delivery ledger (issue 33): each prompt and reminder it is done with records the push
// services' answer (accepted, refused, gone, none), when it was sent and by which channel, and when it is due for
// email (services/push/emailDue.ts): at once when it could not be pushed, emailAfterMinutes after an accepted
// push; never when the study or the participant turned email off (then a participant without a subscription still
// gets the prompt by subscribing in the window). A reminder follows its prompt's channel.
import { createTestApp, databases, json, type TestApp } from '../../support/testApp';
import { startPushService, type PushService } from '../../support/pushService';
import { emaStudy, iso, moveTasks, naming, plannedParticipant, QUIET, subscribe, unsubscribedParticipant } from '../../support/pushPlans';
import { PUSH_MAX_ATTEMPTS, PUSH_RETRY_MS } from '../../../../src/server/services/push/pushSender';
import type { Study } from '../../../../src/shared/types/study';
import type { AppTasksAnswer } from '../../../../src/shared/types/participantApp';
import type { EmaTasksAnswer } from '../../../../src/shared/types/participant';
import { send } from '../../support/api';

jest.setTimeout(90_000);

type Ema = AppTasksAnswer['ema'];
const promptsOf = (ema: Ema) => ema.filter((e) => !e.reminder);
const remindersOf = (ema: Ema, promptId: string) => ema.filter((e) => e.prompt_id === promptId);

describe.each(databases)('the delivery ledger (%s)', (database) => {
  let service: PushService;
  let t: TestApp;
  let manager: string;
  let study: Study;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(database, { ...QUIET, ...naming(service) }, { pushAgent: service.agent });
    ({ manager, study } = await emaStudy(t.app));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await service.close();
  }, 30_000);

  const ledger = (id: string) =>
    t.app.ctx.db
      .selectFrom('tasks')
      .select(['sent_at', 'delivery_channel', 'push_result', 'email_due_at', 'push_done_at', 'push_attempts', 'notification_datetime'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const setStudy = (studyId: string, values: { email_fallback?: number; email_after_minutes?: number }) =>
    t.app.ctx.db.updateTable('studies').set(values).where('id', '=', studyId).execute();
  /** Within the moments a tick ran. */
  const between = (value: string | null, from: number, to: number) => {
    const at = Date.parse(value ?? '');
    expect(at).toBeGreaterThanOrEqual(from);
    expect(at).toBeLessThanOrEqual(to);
  };

  it('an accepted push records sent_at, channel push and accepted, and is due for email emailAfterMinutes later', async () => {
    await setStudy(study._id, { email_fallback: 1, email_after_minutes: 7 });
    const p = await plannedParticipant(t.app, service, manager, study);
    const [task] = promptsOf(p.ema);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);
    const before = Date.now();
    expect(await t.app.ctx.push.tick()).toBe(1);
    const after = Date.now();

    const row = await ledger(task._id);
    expect([row.delivery_channel, row.push_result]).toEqual(['push', 'accepted']);
    between(row.sent_at, before, after);
    expect(Date.parse(row.email_due_at ?? '') - Date.parse(row.sent_at ?? '')).toBe(7 * 60_000);
    expect(row.push_done_at).not.toBeNull();
  });

  it("a participant without a subscription is claimed: none, no sent_at, due for email at once; nothing is posted", async () => {
    await setStudy(study._id, { email_fallback: 1, email_after_minutes: 2 });
    const p = await unsubscribedParticipant(t.app, manager, study);
    const [task] = promptsOf(p.ema);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);
    const posted = service.received.length;
    const before = Date.now();
    expect(await t.app.ctx.push.tick()).toBe(0);
    const after = Date.now();

    const row = await ledger(task._id);
    expect([row.push_result, row.sent_at, row.delivery_channel]).toEqual(['none', null, null]);
    between(row.email_due_at, before, after);
    expect(row.push_done_at).not.toBeNull();
    expect(service.received.length).toBe(posted);
  });

  it('a subscription gone (410) is recorded gone and due for email at once', async () => {
    await setStudy(study._id, { email_fallback: 1 });
    const p = await plannedParticipant(t.app, service, manager, study);
    service.answers.set(p.subscription.path, 410);
    const [task] = promptsOf(p.ema);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);
    const before = Date.now();
    await t.app.ctx.push.tick();
    const after = Date.now();

    const row = await ledger(task._id);
    expect([row.push_result, row.sent_at, row.delivery_channel]).toEqual(['gone', null, null]);
    between(row.email_due_at, before, after);
  });

  it('a push refused on every attempt is recorded refused once the attempts ran out, then due for email; not before', async () => {
    await setStudy(study._id, { email_fallback: 1 });
    const p = await plannedParticipant(t.app, service, manager, study);
    service.answers.set(p.subscription.path, 500);
    const [task] = promptsOf(p.ema);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);
    const waitOver = () => t.app.ctx.db.updateTable('tasks').set({ push_claimed_until: iso(Date.now() - 1000) }).where('id', '=', task._id).execute();

    await t.app.ctx.push.tick();
    expect(await ledger(task._id)).toEqual(expect.objectContaining({ push_result: null, email_due_at: null, push_done_at: null }));
    for (let attempt = 2; attempt <= PUSH_MAX_ATTEMPTS; attempt += 1) {
      await waitOver();
      await t.app.ctx.push.tick();
    }
    const row = await ledger(task._id);
    expect([row.push_result, row.sent_at, row.push_attempts]).toEqual(['refused', null, PUSH_MAX_ATTEMPTS]);
    expect(row.email_due_at).not.toBeNull();
    expect(row.push_done_at).not.toBeNull();
  });

  it('the study without email: nothing is due for email; a participant without a subscription gets the prompt by subscribing in the window', async () => {
    const { manager: itsManager, study: noEmail } = await emaStudy(t.app);
    await setStudy(noEmail._id, { email_fallback: 0 });
    const [pushed, waiting] = [await plannedParticipant(t.app, service, itsManager, noEmail), await unsubscribedParticipant(t.app, itsManager, noEmail)];
    const pushedTask = promptsOf(pushed.ema)[0];
    const waitingTask = promptsOf(waiting.ema)[0];
    await moveTasks(t.app, [pushedTask._id, waitingTask._id], 60_000, 10 * 60_000);

    const before = Date.now();
    await t.app.ctx.push.tick();
    expect(await ledger(pushedTask._id)).toEqual(expect.objectContaining({ push_result: 'accepted', delivery_channel: 'push', email_due_at: null }));
    const waited = await ledger(waitingTask._id);
    // Recorded as having no channel, not counted as an attempt, kept for a later try.
    expect(waited).toEqual(expect.objectContaining({ push_result: 'none', email_due_at: null, push_done_at: null, push_attempts: 0 }));
    const retry = await t.app.ctx.db.selectFrom('tasks').select('push_claimed_until').where('id', '=', waitingTask._id).executeTakeFirstOrThrow();
    expect(Date.parse(retry.push_claimed_until ?? '')).toBeGreaterThanOrEqual(before + PUSH_RETRY_MS);

    const subscription = await subscribe(t.app, service, waiting.token);
    await t.app.ctx.db.updateTable('tasks').set({ push_claimed_until: iso(Date.now() - 1000) }).where('id', '=', waitingTask._id).execute();
    await t.app.ctx.push.tick();
    expect(subscription.messagesIn(service)).toEqual([expect.objectContaining({ taskId: waitingTask._id })]);
    expect(await ledger(waitingTask._id)).toEqual(expect.objectContaining({ push_result: 'accepted', delivery_channel: 'push', email_due_at: null }));
  });

  it('a participant who turned prompt emails off is not due for email, pushed or not', async () => {
    await setStudy(study._id, { email_fallback: 1 });
    const p = await plannedParticipant(t.app, service, manager, study);
    await t.app.ctx.db.updateTable('participants').set({ prompt_emails: 0 }).where('id', '=', p.participantId).execute();
    service.answers.set(p.subscription.path, 410);
    const [task] = promptsOf(p.ema);
    await moveTasks(t.app, [task._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    expect(await ledger(task._id)).toEqual(expect.objectContaining({ push_result: 'gone', email_due_at: null }));
  });

  it("a reminder follows its prompt's channel: the prompt by email, the reminder is not pushed but due for email at its moment", async () => {
    await setStudy(study._id, { email_fallback: 1 });
    const p = await unsubscribedParticipant(t.app, manager, study);
    const [prompt] = promptsOf(p.ema);
    const [reminder] = remindersOf(p.ema, prompt._id);
    await moveTasks(t.app, [prompt._id], 6 * 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    // The prompt is on its way to email (not yet sent); then the phone subscribes before the reminder.
    const subscription = await subscribe(t.app, service, p.token);
    await moveTasks(t.app, [reminder._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();

    expect(subscription.messagesIn(service)).toEqual([]);
    const row = await ledger(reminder._id);
    expect([row.push_result, row.sent_at, row.delivery_channel, row.email_due_at]).toEqual([null, null, null, row.notification_datetime]);
    expect(row.push_done_at).not.toBeNull();

    // Emailed (as the email sender records it): the next reminder follows too.
    const second = remindersOf(p.ema, prompt._id)[1];
    await t.app.ctx.db.updateTable('tasks').set({ delivery_channel: 'email', sent_at: iso(Date.now()), email_result: 'sent' }).where('id', '=', prompt._id).execute();
    await moveTasks(t.app, [second._id], 30_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    expect(subscription.messagesIn(service)).toEqual([]);
    const secondRow = await ledger(second._id);
    expect([secondRow.push_result, secondRow.email_due_at]).toEqual([null, secondRow.notification_datetime]);
  });

  it('a reminder of a pushed prompt is pushed; so is one whose prompt went by email when the participant no longer wants emails', async () => {
    await setStudy(study._id, { email_fallback: 1 });
    const pushed = await plannedParticipant(t.app, service, manager, study);
    const [prompt] = promptsOf(pushed.ema);
    const [reminder] = remindersOf(pushed.ema, prompt._id);
    await moveTasks(t.app, [prompt._id], 6 * 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    await moveTasks(t.app, [reminder._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    expect(pushed.subscription.messagesIn(service).map((m) => (m as { taskId: string }).taskId)).toEqual([prompt._id, reminder._id]);
    expect(await ledger(reminder._id)).toEqual(expect.objectContaining({ push_result: 'accepted', delivery_channel: 'push' }));

    const optedOut = await plannedParticipant(t.app, service, manager, study);
    const [emailed] = promptsOf(optedOut.ema);
    const [itsReminder] = remindersOf(optedOut.ema, emailed._id);
    await t.app.ctx.db.updateTable('tasks').set({ delivery_channel: 'email', sent_at: iso(Date.now()), push_result: 'none', email_result: 'sent', push_done_at: iso(Date.now()) }).where('id', '=', emailed._id).execute();
    await t.app.ctx.db.updateTable('participants').set({ prompt_emails: 0 }).where('id', '=', optedOut.participantId).execute();
    await moveTasks(t.app, [itsReminder._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    expect(optedOut.subscription.messagesIn(service)).toEqual([expect.objectContaining({ taskId: itsReminder._id })]);
  });

  it("the EMA Schedule answers each notification's ledger: pushed and received (the app's report), not pushed and due for email, not yet sent", async () => {
    await setStudy(study._id, { email_fallback: 1, email_after_minutes: 2 });
    const pushed = await plannedParticipant(t.app, service, manager, study);
    const unreached = await unsubscribedParticipant(t.app, manager, study);
    const [prompt, later] = promptsOf(pushed.ema);
    const [unreachedPrompt] = promptsOf(unreached.ema);
    await moveTasks(t.app, [prompt._id, unreachedPrompt._id], 60_000, 10 * 60_000);
    await t.app.ctx.push.tick();
    const received = new Date().toISOString();
    const report = await send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/events`, token: pushed.token, payload: { events: [{ taskId: prompt._id, kind: 'received', at: received }] } });
    expect(report.statusCode).toBe(200);

    const schedule = async (participantId: string) => {
      const res = await send(t.app, { method: 'GET', url: `/api/ema_tasks/${study._id}/${participantId}?scope=all`, token: manager });
      expect(res.statusCode).toBe(200);
      return new Map(json<EmaTasksAnswer>(res).emaTasks.map((e) => [e._id, e.delivery]));
    };
    const ofPushed = await schedule(pushed.participantId);
    const sent = await ledger(prompt._id);
    expect(ofPushed.get(prompt._id)).toEqual({
      channel: 'push', sent_at: sent.sent_at, push_result: 'accepted', received_at: received, email_due_at: sent.email_due_at, email_result: null, emailed_at: null,
    });
    expect(ofPushed.get(later._id)).toEqual({ channel: null, sent_at: null, push_result: null, received_at: null, email_due_at: null, email_result: null, emailed_at: null });
    const due = await ledger(unreachedPrompt._id);
    expect((await schedule(unreached.participantId)).get(unreachedPrompt._id)).toEqual({
      channel: null, sent_at: null, push_result: 'none', received_at: null, email_due_at: due.email_due_at, email_result: null, emailed_at: null,
    });
    expect(due.email_due_at).not.toBeNull();
  });
});
