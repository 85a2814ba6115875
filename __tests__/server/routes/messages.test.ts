// The research team's messages (issue 33, part 4), against a push service and an SMTP server of the tests' own:
// a message reaches the app's list of each chosen participant, is pushed to one with a working subscription and
// emailed to one without (or whose subscription is gone), and is recorded in the audit trail; the app marks it
// read once (a repeat answers the same); the rules on the text and the recipients; and who may make each call.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, appSignup, createParticipant, createStudy } from '../support/participants';
import { startPushService, type BrowserSubscription, type PushService } from '../support/pushService';
import { startSmtp, type RunningSmtp } from '../support/smtp';
import { inboxTexts, MESSAGE_RECIPIENTS_MAX, MESSAGE_TEXT_MAX_CHARS, sentSummary, type AppMessagesAnswer, type MessageReadAnswer, type SendMessageAnswer } from '../../../src/shared/inbox';
import { authMessages, participantMessages, studyMessages } from '../../../src/shared/messages';
import type { ActivityPage } from '../../../src/shared/audit';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(90_000);

/** A one-part mail's text, its transfer encoding (quoted-printable or base64, for text beyond ASCII) undone. */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const [head, body] = [raw.slice(0, split), raw.slice(split + 4)];
  if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

interface Person {
  id: string;
  email: string;
  token: string;
  subscription: BrowserSubscription | null;
}

describe.each(databases)('messages to participants (%s)', (database) => {
  let service: PushService;
  let smtp: RunningSmtp;
  let t: TestApp;
  let owner: string;
  let manager: string;
  let otherLab: string;
  let study: Study;

  beforeAll(async () => {
    service = await startPushService();
    smtp = await startSmtp();
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600', PUSH_ENDPOINT_HOSTS: service.host, SMTP_URL: smtp.url }, { pushAgent: service.agent });
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const other = await seedLab(t.app, owner);
    otherLab = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager, { active: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await service.close();
  }, 30_000);

  async function person(subscribed: boolean, inStudy: Study = study): Promise<Person> {
    const created = await createParticipant(t.app, manager, inStudy._id);
    const { token } = await appLogin(t.app, created.email);
    let subscription: BrowserSubscription | null = null;
    if (subscribed) {
      subscription = service.subscribe();
      expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token, payload: { ...subscription.body } })).statusCode).toBe(201);
    }
    return { id: created._id, email: created.email, token, subscription };
  }

  function sendMessage(body: Record<string, unknown>, token = manager, studyId = study._id): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: `/api/participants/${studyId}/messages`, token, payload: body });
  }

  const inbox = async (token: string) => json<AppMessagesAnswer>(await send(t.app, { method: 'GET', url: '/api/app/messages', token }));
  const storedCount = async () => Number((await t.app.ctx.db.selectFrom('participant_messages').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('pushes to a participant with a subscription and emails one without; both apps list it, unread; the audit trail records it', async () => {
    const pushed = await person(true);
    const mailed = await person(false);
    const text = '  Thank you for taking part!\r\nThe study ends on Friday.  ';
    const res = await sendMessage({ participantIds: [pushed.id, mailed.id], text });
    expect(res.statusCode).toBe(200);
    const answer = json<SendMessageAnswer>(res);
    expect(answer).toEqual({ message: sentSummary({ sent: 2, pushed: 1, emailed: 1, unreached: 0 }), sent: 2, pushed: 1, emailed: 1, unreached: 0 });

    const stored = 'Thank you for taking part!\nThe study ends on Friday.';
    const pushedList = await inbox(pushed.token);
    expect(pushedList.unread).toBe(1);
    expect(pushedList.messages).toEqual([{ _id: expect.any(String), studyId: study._id, studyName: study.chin_name, text: stored, sentAt: expect.any(String), readAt: null }]);
    expect(pushed.subscription?.messagesIn(service)).toEqual([{ kind: 'message', messageId: pushedList.messages[0]._id, studyName: study.chin_name, text: stored }]);

    const mail = await smtp.nextMailTo(mailed.email);
    expect(mail.raw).toContain(`A message from ${study.chin_name}`);
    expect(mail.raw).toContain('Thank you for taking part!');
    expect(mail.raw).toMatch(/http:\/\/localhost(:\d+)?\/app\/messages/);
    expect((await inbox(mailed.token)).messages.map((m) => m.text)).toEqual([stored]);
    expect(smtp.mails.filter((m) => m.to.includes(pushed.email.toLowerCase()))).toEqual([]);

    const rows = await t.app.ctx.db.selectFrom('participant_messages').select(['participant_id', 'delivery']).where('participant_id', 'in', [pushed.id, mailed.id]).orderBy('delivery').execute();
    expect(rows).toEqual([
      { participant_id: mailed.id, delivery: 'emailed' },
      { participant_id: pushed.id, delivery: 'pushed' },
    ]);

    const activity = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=message.sent`, token: manager }));
    expect(activity.entries).toEqual([
      expect.objectContaining({
        actorKind: 'lab_user',
        entityId: study._id,
        changes: expect.arrayContaining([
          { field: 'text', before: null, after: stored },
          { field: 'participantIds[0]', before: null, after: [pushed.id, mailed.id].sort()[0] },
        ]),
      }),
    ]);
  });

  it('a subscription its push service calls gone is removed, and the message is emailed instead', async () => {
    const p = await person(true);
    service.answers.set((p.subscription as BrowserSubscription).path, 410);
    const answer = json<SendMessageAnswer>(await sendMessage({ participantIds: [p.id], text: 'Hello' }));
    expect([answer.pushed, answer.emailed]).toEqual([0, 1]);
    expect(await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('participant_id', '=', p.id).execute()).toEqual([]);
    expect((await smtp.nextMailTo(p.email)).raw).toContain('Hello');
  });

  it('a participant who chose Traditional Chinese in the app gets the email in it', async () => {
    const p = await person(false);
    await t.app.ctx.db.updateTable('participants').set({ app_language: 'zh-Hant' }).where('id', '=', p.id).execute();
    await sendMessage({ participantIds: [p.id], text: '你好' });
    const mail = await smtp.nextMailTo(p.email);
    expect(bodyOf(mail.raw)).toContain(`「${study.chin_name}」的研究團隊傳送了一則訊息給你`);
    expect(bodyOf(mail.raw)).toContain('你好');
  });

  it('marks a message read once: sent again, the same answer with the first moment; the unread count follows', async () => {
    const p = await person(false);
    await sendMessage({ participantIds: [p.id], text: 'First' });
    await sendMessage({ participantIds: [p.id], text: 'Second' });
    const before = await inbox(p.token);
    expect([before.unread, before.messages.map((m) => m.text)]).toEqual([2, ['Second', 'First']]);
    const id = before.messages[1]._id;
    const first = await send(t.app, { method: 'POST', url: `/api/app/messages/${id}/read`, token: p.token });
    expect(first.statusCode).toBe(200);
    const read = json<MessageReadAnswer>(first).message;
    expect(read).toEqual({ ...before.messages[1], readAt: expect.any(String) });
    const again = await send(t.app, { method: 'POST', url: `/api/app/messages/${id}/read`, token: p.token });
    expect([again.statusCode, json<MessageReadAnswer>(again)]).toEqual([200, { message: read }]);
    expect((await inbox(p.token)).unread).toBe(1);
  });

  it("another participant neither sees nor reads someone's message (404), and a missing one answers 404", async () => {
    const p = await person(false);
    const stranger = await appSignup(t.app);
    await sendMessage({ participantIds: [p.id], text: 'Private' });
    const [message] = (await inbox(p.token)).messages;
    expect(await inbox(stranger.token)).toEqual({ messages: [], unread: 0 });
    for (const id of [message._id, 'no-such-message']) {
      const res = await send(t.app, { method: 'POST', url: `/api/app/messages/${id}/read`, token: stranger.token });
      expect([res.statusCode, messageOf(res)]).toEqual([404, inboxTexts.messageNotFound]);
    }
    expect((await inbox(p.token)).messages[0].readAt).toBeNull();
  });

  it.each([
    ['an empty text', () => ({ text: '' }), 400, inboxTexts.textRequired],
    ['a text of spaces only', () => ({ text: ' \n\t ' }), 400, inboxTexts.textRequired],
    ['a text too long', () => ({ text: 'x'.repeat(MESSAGE_TEXT_MAX_CHARS + 1) }), 400, inboxTexts.textTooLong],
    ['no participants', () => ({ participantIds: [] }), 400, inboxTexts.noRecipients],
    ['too many participants', () => ({ participantIds: Array.from({ length: MESSAGE_RECIPIENTS_MAX + 1 }, (_, i) => `p${i}`) }), 400, inboxTexts.tooManyRecipients],
  ])('refuses %s with its message, storing nothing', async (_name, change, status, message) => {
    const p = await person(false);
    const before = await storedCount();
    const res = await sendMessage({ participantIds: [p.id], text: 'Hello', ...change() });
    expect([res.statusCode, messageOf(res)]).toEqual([status, message]);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a participant of another study (404) and a withdrawn one (409), storing nothing for the others', async () => {
    const p = await person(false);
    const elsewhere = await person(false, await createStudy(t.app, manager, { active: true }));
    const withdrawn = await person(false);
    expect((await send(t.app, { method: 'PATCH', url: `/api/participants/${withdrawn.id}/status`, token: manager, payload: { studyId: study._id, status: 'withdrawn' } })).statusCode).toBe(200);
    const before = await storedCount();
    const outside = await sendMessage({ participantIds: [p.id, elsewhere.id], text: 'Hello' });
    expect([outside.statusCode, messageOf(outside)]).toEqual([404, inboxTexts.recipientNotInStudy]);
    const gone = await sendMessage({ participantIds: [p.id, withdrawn.id], text: 'Hello' });
    expect([gone.statusCode, messageOf(gone)]).toEqual([409, inboxTexts.recipientWithdrawn]);
    expect(await storedCount()).toBe(before);
  });

  it('each send is a message of its own (no key): the same body twice lists two messages', async () => {
    const p = await person(false);
    await sendMessage({ participantIds: [p.id, p.id], text: 'Twice' });
    await sendMessage({ participantIds: [p.id], text: 'Twice' });
    expect((await inbox(p.token)).messages.map((m) => m.text)).toEqual(['Twice', 'Twice']);
  });

  it("the send call: a participant's token 401, the system owner 403, another lab 404, no token 401", async () => {
    const p = await person(false);
    const body = { participantIds: [p.id], text: 'Hello' };
    const cases: Array<[string | undefined, number, string | null]> = [
      [p.token, 401, participantMessages.wrongTokenKind],
      [owner, 403, null],
      [otherLab, 404, studyMessages.studyNotFound],
      [undefined, 401, authMessages.sessionMissing],
    ];
    for (const [token, status, message] of cases) {
      // Not through sendMessage(): its token defaults to the manager's.
      const res = await send(t.app, { method: 'POST', url: `/api/participants/${study._id}/messages`, token, payload: body });
      expect(res.statusCode).toBe(status);
      if (message) expect(messageOf(res)).toBe(message);
    }
    expect((await inbox(p.token)).messages).toEqual([]);
  });

  it("the app's calls: a staff token 401, no token 401, an expired session 401, a signed-out (revoked) session 401", async () => {
    const p = await person(false);
    await sendMessage({ participantIds: [p.id], text: 'Hello' });
    const [message] = (await inbox(p.token)).messages;
    const calls = [
      { method: 'GET' as const, url: '/api/app/messages' },
      { method: 'POST' as const, url: `/api/app/messages/${message._id}/read` },
    ];
    for (const c of calls) {
      for (const token of [manager, owner]) {
        const res = await send(t.app, { ...c, token });
        expect([c.url, res.statusCode, messageOf(res)]).toEqual([c.url, 401, participantMessages.wrongTokenKind]);
      }
      const none = await send(t.app, c);
      expect([c.url, none.statusCode]).toEqual([c.url, 401]);
    }
    const expiring = await appLogin(t.app, p.email);
    await t.app.ctx.db.updateTable('participant_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('participant_id', '=', p.id).where('ended_at', 'is', null).execute();
    for (const c of calls) expect((await send(t.app, { ...c, token: expiring.token })).statusCode).toBe(401);
    await t.app.ctx.db.updateTable('participant_sessions').set({ expires_at: new Date(Date.now() + 3_600_000).toISOString() }).where('participant_id', '=', p.id).execute();
    expect((await send(t.app, { method: 'POST', url: '/api/app/logout', token: p.token })).statusCode).toBe(200);
    for (const c of calls) expect((await send(t.app, { ...c, token: p.token })).statusCode).toBe(401);
    const fresh = await appLogin(t.app, p.email);
    expect((await inbox(fresh.token)).messages[0].readAt).toBeNull();
  });
});
