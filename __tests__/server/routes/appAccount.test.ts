// The participant app's account calls: sign up, sign in (rate-limited), sign out, password change (other
// sessions end) and password reset by a code mailed through a real local SMTP server.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail } from '../support/api';
import { appSignup, PARTICIPANT_PASSWORD } from '../support/participants';
import { resetCodeOf, startSmtp, type RunningSmtp } from '../support/smtp';
import { authMessages, participantMessages } from '../../../src/shared/messages';
import type { AppSession } from '../../../src/shared/types/participantApp';

jest.setTimeout(30_000);

describe.each(databases)('participant app accounts (%s)', (database) => {
  let t: TestApp;
  let smtp: RunningSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(database, { SMTP_URL: smtp.url, MAIL_FROM: 'Study <study@example.org>', LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3' });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  function api(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  const studies = (token: string) => api('GET', '/api/app/studies', token);

  describe('sign up and sign in', () => {
    it('signs up with 201 and a session that works on app calls', async () => {
      const email = uniqueEmail('Signup');
      const res = await api('POST', '/api/app/signup', undefined, { email, password: PARTICIPANT_PASSWORD });
      expect(res.statusCode).toBe(201);
      const session = json<AppSession>(res);
      expect(session).toEqual({ token: expect.any(String), expires: expect.any(String), participant: { _id: expect.any(String), email: email.toLowerCase() } });
      expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
      expect((await studies(session.token)).statusCode).toBe(200);
    });

    it.each([
      [{ email: '', password: PARTICIPANT_PASSWORD }, authMessages.emailRequired],
      [{ email: 'nope', password: PARTICIPANT_PASSWORD }, authMessages.invalidEmail],
      [{ email: 'p@example.org', password: 'short' }, authMessages.passwordTooShort],
    ])('refuses %j', async (body, message) => {
      const res = await api('POST', '/api/app/signup', undefined, body);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    });

    it('refuses an email taken by another participant, in any case', async () => {
      const email = uniqueEmail('taken');
      await appSignup(t.app, email);
      const res = await api('POST', '/api/app/signup', undefined, { email: email.toUpperCase(), password: PARTICIPANT_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(participantMessages.emailTaken);
    });

    it('signs in; a wrong password answers 401; too many failures answer 429 even with the right one', async () => {
      const email = uniqueEmail('login');
      await appSignup(t.app, email);
      const ok = await api('POST', '/api/app/login', undefined, { email: email.toUpperCase(), password: PARTICIPANT_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(json<AppSession>(ok).participant.email).toBe(email);
      for (let i = 0; i < 3; i += 1) {
        const wrong = await api('POST', '/api/app/login', undefined, { email, password: 'wrong-password' });
        expect(wrong.statusCode).toBe(401);
        expect(messageOf(wrong)).toBe(authMessages.invalidCredentials);
      }
      const limited = await api('POST', '/api/app/login', undefined, { email, password: PARTICIPANT_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(messageOf(limited)).toBe(authMessages.tooManyAttempts);
    });

    it.each([20, 100])('%i wrong passwords sent at once: the limit of them answer 401, the rest 429', async (count) => {
      const email = uniqueEmail('burst');
      await appSignup(t.app, email);
      const answers = await Promise.all(Array.from({ length: count }, () => api('POST', '/api/app/login', undefined, { email, password: 'wrong-password' })));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(count - 3).fill(429)]);
      expect((await api('POST', '/api/app/login', undefined, { email, password: PARTICIPANT_PASSWORD })).statusCode).toBe(429);
    });

    it('an unknown email answers like a wrong password', async () => {
      const res = await api('POST', '/api/app/login', undefined, { email: uniqueEmail('nobody'), password: PARTICIPANT_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(authMessages.invalidCredentials);
    });
  });

  describe('sessions', () => {
    it('logout ends this session only', async () => {
      const email = uniqueEmail('logout');
      const a = await appSignup(t.app, email);
      const b = json<AppSession>(await api('POST', '/api/app/login', undefined, { email, password: PARTICIPANT_PASSWORD }));
      const res = await api('POST', '/api/app/logout', a.token);
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(participantMessages.signedOut);
      expect((await studies(a.token)).statusCode).toBe(401);
      expect((await studies(b.token)).statusCode).toBe(200);
    });

    it('a password change keeps this session, ends the others, and the old password stops working', async () => {
      const email = uniqueEmail('change');
      const here = await appSignup(t.app, email);
      const there = json<AppSession>(await api('POST', '/api/app/login', undefined, { email, password: PARTICIPANT_PASSWORD }));
      // Used just before: a session remembered between calls (SQLite) must end at the change all the same.
      expect((await studies(there.token)).statusCode).toBe(200);
      const wrong = await api('PUT', '/api/app/password', here.token, { currentPassword: 'not-the-password', newPassword: 'brand-new-pass' });
      expect(wrong.statusCode).toBe(400);
      expect(messageOf(wrong)).toBe(participantMessages.currentPasswordWrong);
      const short = await api('PUT', '/api/app/password', here.token, { currentPassword: PARTICIPANT_PASSWORD, newPassword: 'short' });
      expect(messageOf(short)).toBe(authMessages.passwordTooShort);
      const res = await api('PUT', '/api/app/password', here.token, { currentPassword: PARTICIPANT_PASSWORD, newPassword: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(participantMessages.passwordChanged);
      expect((await studies(here.token)).statusCode).toBe(200);
      const ended = await studies(there.token);
      expect(ended.statusCode).toBe(401);
      expect(messageOf(ended)).toBe(authMessages.sessionExpired);
      expect((await api('POST', '/api/app/login', undefined, { email, password: PARTICIPANT_PASSWORD })).statusCode).toBe(401);
      expect((await api('POST', '/api/app/login', undefined, { email, password: 'brand-new-pass' })).statusCode).toBe(200);
    });
  });

  describe('password reset by mail', () => {
    it('mails a code; the code sets a new password once and ends every session', async () => {
      const email = uniqueEmail('reset');
      const session = await appSignup(t.app, email);
      const asked = await api('POST', '/api/app/password/reset_request', undefined, { email: email.toUpperCase() });
      expect(asked.statusCode).toBe(200);
      expect(messageOf(asked)).toBe(participantMessages.resetRequested);
      const mail = await smtp.nextMailTo(email);
      expect(mail.raw).toContain(`Subject: ${participantMessages.resetMailSubject}`);
      expect(mail.raw).toContain('From: Study <study@example.org>');
      const code = resetCodeOf(mail);

      const wrongCode = await api('POST', '/api/app/password/reset', undefined, { email, code: code === '000000' ? '111111' : '000000', newPassword: 'reset-password-1' });
      expect(wrongCode.statusCode).toBe(400);
      expect(messageOf(wrongCode)).toBe(participantMessages.resetCodeInvalid);

      const done = await api('POST', '/api/app/password/reset', undefined, { email, code, newPassword: 'reset-password-1' });
      expect(done.statusCode).toBe(200);
      expect(messageOf(done)).toBe(participantMessages.passwordReset);
      expect((await studies(session.token)).statusCode).toBe(401);
      expect((await api('POST', '/api/app/login', undefined, { email, password: 'reset-password-1' })).statusCode).toBe(200);
      const again = await api('POST', '/api/app/password/reset', undefined, { email, code, newPassword: 'reset-password-2' });
      expect(again.statusCode).toBe(400);
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const before = smtp.mails.length;
      const email = uniqueEmail('unknown');
      const res = await api('POST', '/api/app/password/reset_request', undefined, { email });
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(participantMessages.resetRequested);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.mails.length).toBe(before);
      const reset = await api('POST', '/api/app/password/reset', undefined, { email, code: '123456', newPassword: 'reset-password-1' });
      expect(messageOf(reset)).toBe(participantMessages.resetCodeInvalid);
    });

    it('stops accepting a code after five wrong tries', async () => {
      const email = uniqueEmail('tries');
      await appSignup(t.app, email);
      await api('POST', '/api/app/password/reset_request', undefined, { email });
      const code = resetCodeOf(await smtp.nextMailTo(email));
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i += 1) await api('POST', '/api/app/password/reset', undefined, { email, code: wrong, newPassword: 'reset-password-1' });
      const late = await api('POST', '/api/app/password/reset', undefined, { email, code, newPassword: 'reset-password-1' });
      expect(late.statusCode).toBe(400);
      expect(messageOf(late)).toBe(participantMessages.resetCodeInvalid);
    });

    /** The codes stored for the participant, with the tries each has had. */
    async function storedResets(email: string) {
      return t.app.ctx.db
        .selectFrom('password_resets as r')
        .innerJoin('participants as p', 'p.id', 'r.participant_id')
        .select(['r.attempts', 'r.used_at'])
        .where('p.email', '=', email)
        .execute();
    }

    it('twenty wrong codes sent at once are five tries: the code then refuses even itself', async () => {
      const email = uniqueEmail('triesburst');
      await appSignup(t.app, email);
      await api('POST', '/api/app/password/reset_request', undefined, { email });
      const code = resetCodeOf(await smtp.nextMailTo(email));
      const wrong = code === '999999' ? '888888' : '999999';
      const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/api/app/password/reset', undefined, { email, code: wrong, newPassword: 'reset-password-1' })));
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([400]));
      expect((await storedResets(email)).map((r) => r.attempts)).toEqual([5]);
      expect((await api('POST', '/api/app/password/reset', undefined, { email, code, newPassword: 'reset-password-1' })).statusCode).toBe(400);
    });

    it('the right code sent ten times at once sets the password once', async () => {
      const email = uniqueEmail('usedonce');
      await appSignup(t.app, email);
      await api('POST', '/api/app/password/reset_request', undefined, { email });
      const code = resetCodeOf(await smtp.nextMailTo(email));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => api('POST', '/api/app/password/reset', undefined, { email, code, newPassword: `reset-password-${i}` })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      expect((await api('POST', '/api/app/login', undefined, { email, password: `reset-password-${winner}` })).statusCode).toBe(200);
    });

    it('twenty reset requests sent at once store the five codes an hour allows', async () => {
      const email = uniqueEmail('requestburst');
      await appSignup(t.app, email);
      const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/api/app/password/reset_request', undefined, { email })));
      expect(new Set(answers.map(messageOf))).toEqual(new Set([participantMessages.resetRequested]));
      expect(await storedResets(email)).toHaveLength(5);
    });
  });
});

describe('password reset without mail', () => {
  it('answers 503 saying that mail is off', async () => {
    const t = await createTestApp('sqlite');
    try {
      const email = uniqueEmail('nomail');
      await appSignup(t.app, email);
      const res = await send(t.app, { method: 'POST', url: '/api/app/password/reset_request', payload: { email } });
      expect(res.statusCode).toBe(503);
      expect(messageOf(res)).toBe(participantMessages.resetMailOff);
    } finally {
      await t.close();
    }
  });
});
