// The prompt emails' calls (issue 33): the app's switch (GET/PUT /api/app/prompt_emails, a state: sent twice it
// answers the same, and the newer choice wins), only the caller's own row, no staff token or ended session; the
// email's unsubscribe link (RFC 8058): a GET shows a page and changes nothing, the one-click POST turns the emails
// off without a sign-in (again: the same answer), a token not this server's is refused.
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appSignup } from '../support/participants';
import { participantMessages } from '../../../src/shared/messages';
import { promptEmailUnsubscribeTexts } from '../../../src/shared/messages/promptEmail';
import { unsubscribeToken } from '../../../src/server/services/email/unsubscribeToken';

jest.setTimeout(60_000);

const URL = '/api/app/prompt_emails';
const UNSUBSCRIBE = '/api/app/prompt_emails/unsubscribe';
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(databases)('prompt emails (%s)', (database) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    const lab = await seedLab(t.app, await ownerToken(t.app));
    staff = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const api = (method: 'GET' | 'PUT', token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    send(t.app, { method, url: URL, token, ...(payload ? { payload } : {}) });
  const wanted = async (participantId: string) =>
    (await t.app.ctx.db.selectFrom('participants').select('prompt_emails').where('id', '=', participantId).executeTakeFirstOrThrow()).prompt_emails;

  it('answers on for a new participant; turns off and on, the same answer when sent twice, the newer choice winning', async () => {
    const { token, participant } = await appSignup(t.app);
    expect(json(await api('GET', token))).toEqual({ enabled: true });
    const off = await api('PUT', token, { enabled: false });
    expect([off.statusCode, json(off)]).toEqual([200, { enabled: false }]);
    const again = await api('PUT', token, { enabled: false });
    expect([again.statusCode, json(again)]).toEqual([200, { enabled: false }]);
    expect(json(await api('GET', token))).toEqual({ enabled: false });
    expect(await wanted(participant._id)).toBe(0);
    expect(json(await api('PUT', token, { enabled: true }))).toEqual({ enabled: true });
    expect(await wanted(participant._id)).toBe(1);
  });

  it('changes only the caller’s own choice', async () => {
    const a = await appSignup(t.app);
    const b = await appSignup(t.app);
    await api('PUT', a.token, { enabled: false });
    expect(await wanted(a.participant._id)).toBe(0);
    expect(await wanted(b.participant._id)).toBe(1);
    expect(json(await api('GET', b.token))).toEqual({ enabled: true });
  });

  it.each([
    ['no body field', {}],
    ['a string', { enabled: 'perhaps' }],
    ['a number', { enabled: 2 }],
  ])('refuses %s with 400 and changes nothing', async (_what, payload) => {
    const { token, participant } = await appSignup(t.app);
    const res = await api('PUT', token, payload);
    expect(res.statusCode).toBe(400);
    expect(await wanted(participant._id)).toBe(1);
  });

  it('answers 401 without a session, to a staff token, and to a participant session that ended or expired', async () => {
    expect((await api('GET', undefined)).statusCode).toBe(401);
    const byStaff = await api('PUT', staff, { enabled: false });
    expect([byStaff.statusCode, messageOf(byStaff)]).toEqual([401, participantMessages.wrongTokenKind]);
    const ended = await appSignup(t.app);
    expect((await call(t.app, { method: 'POST', url: '/api/app/logout', token: ended.token })).statusCode).toBe(200);
    expect((await api('PUT', ended.token, { enabled: false })).statusCode).toBe(401);
    expect(await wanted(ended.participant._id)).toBe(1);
    const expired = await appSignup(t.app);
    await t.app.ctx.db.updateTable('participant_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('participant_id', '=', expired.participant._id).execute();
    expect((await api('GET', expired.token)).statusCode).toBe(401);
  });

  describe('the email’s unsubscribe link', () => {
    const linkOf = (participantId: string) => `${UNSUBSCRIBE}?token=${encodeURIComponent(t.app.ctx.unsubscribeTokens.tokenOf(participantId))}`;

    it('turns prompt emails off on the one-click POST, without a sign-in; again the same answer', async () => {
      const { token, participant } = await appSignup(t.app);
      const res = await t.app.inject({ method: 'POST', url: linkOf(participant._id), headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      expect([res.statusCode, json(res)]).toEqual([200, { message: promptEmailUnsubscribeTexts.done }]);
      expect(await wanted(participant._id)).toBe(0);
      const again = await t.app.inject({ method: 'POST', url: linkOf(participant._id), headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      expect([again.statusCode, json(again)]).toEqual([200, { message: promptEmailUnsubscribeTexts.done }]);
      // The app shows it off.
      expect(json(await api('GET', token))).toEqual({ enabled: false });
    });

    it('takes a multipart one-click body and a bodiless POST the same way', async () => {
      const { participant } = await appSignup(t.app);
      const boundary = 'xYz';
      const multipart = await t.app.inject({
        method: 'POST',
        url: linkOf(participant._id),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(200);
      expect(await wanted(participant._id)).toBe(0);
      const other = await appSignup(t.app);
      expect((await t.app.inject({ method: 'POST', url: linkOf(other.participant._id) })).statusCode).toBe(200);
      expect(await wanted(other.participant._id)).toBe(0);
    });

    it('shows a page on GET whose button posts the link, and changes nothing', async () => {
      const { participant } = await appSignup(t.app);
      const res = await t.app.inject({ method: 'GET', url: linkOf(participant._id), headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<form method="post"');
      expect(res.body).toContain(promptEmailUnsubscribeTexts.button);
      // A client that does not ask for HTML hears the question as JSON.
      const asJson = await t.app.inject({ method: 'GET', url: linkOf(participant._id) });
      expect([asJson.statusCode, json(asJson)]).toEqual([200, { message: promptEmailUnsubscribeTexts.ask }]);
      expect(await wanted(participant._id)).toBe(1);
    });

    it('answers a browser’s form post with a page', async () => {
      const { participant } = await appSignup(t.app);
      const res = await t.app.inject({ method: 'POST', url: linkOf(participant._id), headers: { ...ONE_CLICK, accept: 'text/html' }, payload: 'List-Unsubscribe=One-Click' });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expect(res.body).toContain('Prompt emails are off.');
    });

    it.each([
      ['no token', UNSUBSCRIBE],
      ['a token of another secret', `${UNSUBSCRIBE}?token=${encodeURIComponent(unsubscribeToken('another-secret-of-at-least-32-characters', 'p1'))}`],
      ['a broken token', `${UNSUBSCRIBE}?token=abc`],
    ])('refuses %s with 400 and changes nothing', async (_what, url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      expect([res.statusCode, messageOf(res)]).toEqual([400, promptEmailUnsubscribeTexts.invalid]);
      const asked = await t.app.inject({ method: 'GET', url });
      expect([asked.statusCode, messageOf(asked)]).toEqual([400, promptEmailUnsubscribeTexts.invalid]);
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([page.statusCode, page.headers['content-type']]).toEqual([400, expect.stringMatching(/^text\/html/)]);
      expect(page.body).toContain(promptEmailUnsubscribeTexts.invalid);
    });

    it('cannot be turned to another participant by changing the token’s id', async () => {
      const a = await appSignup(t.app);
      const b = await appSignup(t.app);
      const [, mac] = t.app.ctx.unsubscribeTokens.tokenOf(a.participant._id).split('.');
      const forged = `${Buffer.from(b.participant._id).toString('base64url')}.${mac}`;
      const res = await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE}?token=${encodeURIComponent(forged)}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(400);
      expect(await wanted(b.participant._id)).toBe(1);
    });
  });
});
