// Two-step sign-in (issue 36 part 1): adding an authenticator app, the code step of both sign-ins, recovery codes,
// removal, and what the server refuses (a wrong code, a code replayed in its period, a used recovery code, an
// expired or used challenge, too many wrong codes, another kind of token).
import { generate } from 'otplib';
import { createTestApp, databases, call, json, ownerToken, seedLab, labUserToken, OWNER_EMAIL, OWNER_PASSWORD, type TestApp } from '../support/testApp';
import { messageOf, registerUser } from '../support/api';
import { appSignup } from '../support/participants';
import { authMessages, participantMessages, secondFactorMessages } from '../../../src/shared/messages';
import { RECOVERY_CODE_COUNT, TOTP_PERIOD_SECONDS } from '../../../src/shared/secondFactor';
import type { LabUserSession, SystemOwnerSession } from '../../../src/shared/types/identity';
import type { RecoveryCodes, SecondFactorChallenge, SecondFactorStatus, TotpEnrolment } from '../../../src/shared/types/secondFactor';

// Argon2id hashes the ten recovery codes and checks each one tried.
jest.setTimeout(60_000);

const MAX_ATTEMPTS = 4;

/** An enrolled account: its secret, its recovery codes, and the time (seconds) of the code that confirmed it. */
interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  confirmedAt: number;
}

/** The code of the period `periods` after the confirming code's: the next one is accepted once, whatever the clock's step. */
const codeAfter = (enrolled: Enrolled, periods: number) => generate({ secret: enrolled.secret, epoch: enrolled.confirmedAt + periods * TOTP_PERIOD_SECONDS });

describe.each(databases)('two-step sign-in (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labId: string;

  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: String(MAX_ATTEMPTS) });
    owner = await ownerToken(t.app);
    labId = (await seedLab(t.app, owner)).labId;
  });
  afterAll(async () => t.close());

  async function newUser() {
    const user = await registerUser(t.app, owner, labId);
    return { ...user, token: await labUserToken(t.app, user.email, user.password) };
  }

  async function enrol(token: string): Promise<Enrolled> {
    const started = await call(t.app, { method: 'POST', url: '/api/users/me/totp', token });
    expect(started.statusCode).toBe(200);
    const { secret } = json<TotpEnrolment>(started);
    const confirmedAt = Math.floor(Date.now() / 1000);
    const confirmed = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token, payload: { code: await generate({ secret, epoch: confirmedAt }) } });
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: json<RecoveryCodes>(confirmed).recoveryCodes, confirmedAt };
  }

  const login = (email: string, password: string) => call(t.app, { method: 'POST', url: '/api/users/login', payload: { email, password, organization: 1 } });
  const secondStep = (challengeToken: string, code: string) =>
    call(t.app, { method: 'POST', url: '/api/users/login/second_factor', payload: { challengeToken, code } });

  async function challenge(email: string, password: string): Promise<SecondFactorChallenge> {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return json<SecondFactorChallenge>(res);
  }

  async function auditOf(accountId: string): Promise<{ kind: string; changes: string }[]> {
    return t.app.ctx.db.selectFrom('audit_entries').select(['kind', 'changes']).where('entity_id', '=', accountId).orderBy('seq').execute();
  }

  const status = async (token: string) => json<SecondFactorStatus>(await call(t.app, { method: 'GET', url: '/api/users/me/second_factor', token }));

  describe('adding an authenticator app', () => {
    it('answers a secret, its otpauth URL and a QR code, then ten recovery codes for the first right code', async () => {
      const user = await newUser();
      expect(await status(user.token)).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });
      const started = await call(t.app, { method: 'POST', url: '/api/users/me/totp', token: user.token });
      expect(started.statusCode).toBe(200);
      const enrolment = json<TotpEnrolment>(started);
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
      expect(decodeURIComponent(enrolment.otpauthUrl)).toContain(user.email);
      expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
      // Not in force before the first code: the password alone still signs in.
      expect(json(await login(user.email, user.password)).token).toEqual(expect.any(String));

      const code = await generate({ secret: enrolment.secret });
      const confirmed = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: user.token, payload: { code } });
      expect(confirmed.statusCode).toBe(200);
      const { recoveryCodes } = json<RecoveryCodes>(confirmed);
      expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(await status(user.token)).toEqual({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });

      const stored = await t.app.ctx.db.selectFrom('recovery_codes').select('code_hash').where('lab_user_id', '=', user._id).execute();
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      for (const row of stored) expect(row.code_hash).toMatch(/^\$argon2id\$/);
      const audit = await auditOf(user._id);
      expect(audit.map((e) => e.kind)).toContain('secondFactor.added');
      expect(JSON.stringify(audit)).not.toContain(enrolment.secret);
    });

    it('refuses a wrong code and stays off', async () => {
      const user = await newUser();
      const started = json<TotpEnrolment>(await call(t.app, { method: 'POST', url: '/api/users/me/totp', token: user.token }));
      const right = await generate({ secret: started.secret });
      const wrong = right === '000000' ? '111111' : '000000';
      for (const code of [wrong, 'abcdef', '12345']) {
        const res = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: user.token, payload: { code } });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(secondFactorMessages.wrongCode);
      }
      expect(await status(user.token)).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });
    });

    it('refuses a confirmation before a start, and a start or confirmation once on', async () => {
      const user = await newUser();
      const early = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: user.token, payload: { code: '123456' } });
      expect(early.statusCode).toBe(409);
      expect(messageOf(early)).toBe(secondFactorMessages.notStarted);
      const enrolled = await enrol(user.token);
      const again = await call(t.app, { method: 'POST', url: '/api/users/me/totp', token: user.token });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(secondFactorMessages.alreadyOn);
      const confirmAgain = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: user.token, payload: { code: await codeAfter(enrolled, 1) } });
      expect(confirmAgain.statusCode).toBe(409);
      expect(messageOf(confirmAgain)).toBe(secondFactorMessages.alreadyOn);
    });

    it('refuses a code missing, empty or too long', async () => {
      const user = await newUser();
      for (const payload of [{}, { code: '' }, { code: '1'.repeat(33) }]) {
        const res = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: user.token, payload });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('signing in with a second factor', () => {
    it('answers a challenge and no session, then the session for the next code; a code is never accepted twice', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body).toEqual({ secondFactorRequired: true, challengeToken: expect.any(String), methods: ['totp', 'recovery_code'] });
      expect(body.token).toBeUndefined();

      // The confirming code's period is used: the same code is refused.
      const replayed = await secondStep(String(body.challengeToken), await codeAfter(enrolled, 0));
      expect(replayed.statusCode).toBe(401);
      expect(messageOf(replayed)).toBe(secondFactorMessages.wrongCode);

      const next = await codeAfter(enrolled, 1);
      const signedIn = await secondStep(String(body.challengeToken), next);
      expect(signedIn.statusCode).toBe(200);
      const session = json<LabUserSession>(signedIn);
      expect(session).toMatchObject({ _id: user._id, lab: labId, organization: 1, isLabManager: false, email: user.email });
      expect((await call(t.app, { method: 'GET', url: '/api/users/me/second_factor', token: session.token })).statusCode).toBe(200);

      // The same code again, in the same period, at a new sign-in.
      const again = await challenge(user.email, user.password);
      const replay = await secondStep(again.challengeToken, next);
      expect(replay.statusCode).toBe(401);
      expect(messageOf(replay)).toBe(secondFactorMessages.wrongCode);
      const kinds = (await auditOf(user._id)).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'secondFactor.failed')).toHaveLength(2);
      expect(kinds[kinds.length - 2]).toBe('signIn.succeeded');
    });

    it('signs in once with each recovery code, typed in any case and spacing; a used one is refused', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const [first] = enrolled.recoveryCodes;
      const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
      const used = await secondStep((await challenge(user.email, user.password)).challengeToken, typed);
      expect(used.statusCode).toBe(200);
      expect(json<LabUserSession>(used).email).toBe(user.email);
      expect(await status(json<LabUserSession>(used).token)).toEqual({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1, required: false });

      const reused = await secondStep((await challenge(user.email, user.password)).challengeToken, first);
      expect(reused.statusCode).toBe(401);
      expect(messageOf(reused)).toBe(secondFactorMessages.wrongCode);
      const audit = await auditOf(user._id);
      const recoveryUse = audit.filter((e) => e.kind === 'recoveryCode.used');
      expect(recoveryUse).toHaveLength(1);
      expect(JSON.parse(recoveryUse[0].changes)).toEqual(expect.arrayContaining([expect.objectContaining({ after: RECOVERY_CODE_COUNT - 1 })]));
      expect(JSON.stringify(audit)).not.toContain(first);
    });

    it('uses a challenge once, and refuses an expired, unknown or other kind of challenge', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const { challengeToken } = await challenge(user.email, user.password);
      expect((await secondStep(challengeToken, enrolled.recoveryCodes[0])).statusCode).toBe(200);
      const usedAgain = await secondStep(challengeToken, enrolled.recoveryCodes[1]);
      expect(usedAgain.statusCode).toBe(401);
      expect(messageOf(usedAgain)).toBe(secondFactorMessages.challengeExpired);

      const late = await challenge(user.email, user.password);
      await t.app.ctx.db.updateTable('sign_in_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('lab_user_id', '=', user._id).execute();
      const expired = await secondStep(late.challengeToken, enrolled.recoveryCodes[1]);
      expect(expired.statusCode).toBe(401);
      expect(messageOf(expired)).toBe(secondFactorMessages.challengeExpired);

      const unknown = await secondStep('not-a-challenge', enrolled.recoveryCodes[1]);
      expect(unknown.statusCode).toBe(401);
      expect(messageOf(unknown)).toBe(secondFactorMessages.challengeExpired);

      // A lab user's challenge at the owner's code step.
      const labChallenge = await challenge(user.email, user.password);
      const atOwners = await call(t.app, {
        method: 'POST',
        url: '/api/users/systemowner/login/second_factor',
        payload: { challengeToken: labChallenge.challengeToken, code: enrolled.recoveryCodes[1] },
      });
      expect(atOwners.statusCode).toBe(401);
      expect(messageOf(atOwners)).toBe(secondFactorMessages.challengeExpired);
      // Neither refusal used the recovery code.
      expect((await secondStep(labChallenge.challengeToken, enrolled.recoveryCodes[1])).statusCode).toBe(200);
    });

    it('counts wrong codes toward the sign-in throttle, and records each', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const { challengeToken } = await challenge(user.email, user.password);
      for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
        const wrong = await secondStep(challengeToken, 'aaaaa-aaaaa');
        expect(wrong.statusCode).toBe(401);
        expect(messageOf(wrong)).toBe(secondFactorMessages.wrongCode);
      }
      const limited = await secondStep(challengeToken, enrolled.recoveryCodes[0]);
      expect(limited.statusCode).toBe(429);
      expect(messageOf(limited)).toBe(authMessages.tooManyAttempts);
      // The password step is held back too: a right password does not reset the count.
      const password = await login(user.email, user.password);
      expect(password.statusCode).toBe(429);
      const failed = (await auditOf(user._id)).filter((e) => e.kind === 'secondFactor.failed');
      expect(failed).toHaveLength(MAX_ATTEMPTS);
      expect(JSON.stringify(failed)).not.toContain('aaaaa');
    });

    it('refuses a malformed code step', async () => {
      for (const payload of [{}, { challengeToken: 'x' }, { code: '123456' }, { challengeToken: 'x'.repeat(129), code: '123456' }, { challengeToken: 'x', code: '1'.repeat(33) }]) {
        expect((await call(t.app, { method: 'POST', url: '/api/users/login/second_factor', payload })).statusCode).toBe(400);
      }
    });
  });

  describe('removing the authenticator app', () => {
    it('needs the password and a current code, then the password alone signs in', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const code = await codeAfter(enrolled, 1);
      const remove = (payload: { password: string; code: string }) => call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: user.token, payload });

      const wrongPassword = await remove({ password: 'not-the-password', code });
      expect(wrongPassword.statusCode).toBe(400);
      expect(messageOf(wrongPassword)).toBe(secondFactorMessages.wrongPassword);
      const wrongCode = await remove({ password: user.password, code: await codeAfter(enrolled, 0) });
      expect(wrongCode.statusCode).toBe(400);
      expect(messageOf(wrongCode)).toBe(secondFactorMessages.wrongCode);
      const removed = await remove({ password: user.password, code });
      expect(removed.statusCode).toBe(200);
      expect(messageOf(removed)).toBe(secondFactorMessages.removed);

      expect(await status(user.token)).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });
      expect(await t.app.ctx.db.selectFrom('recovery_codes').select('id').where('lab_user_id', '=', user._id).execute()).toEqual([]);
      expect(json(await login(user.email, user.password)).token).toEqual(expect.any(String));
      const again = await remove({ password: user.password, code });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(secondFactorMessages.notOn);
      const kinds = (await auditOf(user._id)).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'secondFactor.failed')).toHaveLength(2);
      expect(kinds).toContain('secondFactor.removed');
    });

    it('takes a recovery code instead of the app\'s code', async () => {
      const user = await newUser();
      const enrolled = await enrol(user.token);
      const res = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: user.token, payload: { password: user.password, code: enrolled.recoveryCodes[3] } });
      expect(res.statusCode).toBe(200);
      const kinds = (await auditOf(user._id)).map((e) => e.kind);
      expect(kinds.slice(-2)).toEqual(['recoveryCode.used', 'secondFactor.removed']);
    });
  });

  describe('who may call', () => {
    const mine = [
      { method: 'GET' as const, url: '/api/users/me/second_factor' },
      { method: 'POST' as const, url: '/api/users/me/totp' },
      { method: 'POST' as const, url: '/api/users/me/totp/confirm', payload: { code: '123456' } },
      { method: 'POST' as const, url: '/api/users/me/totp/remove', payload: { password: 'whatever-it-is', code: '123456' } },
    ];

    it('refuses the account calls signed out and with a participant\'s token', async () => {
      const participant = await appSignup(t.app);
      for (const route of mine) {
        const signedOut = await call(t.app, route);
        expect(signedOut.statusCode).toBe(401);
        expect(messageOf(signedOut)).toBe(authMessages.sessionMissing);
        const wrongKind = await call(t.app, { ...route, token: participant.token });
        expect(wrongKind.statusCode).toBe(401);
        expect(messageOf(wrongKind)).toBe(participantMessages.wrongTokenKind);
      }
    });

    it('keeps each account\'s factor its own', async () => {
      const first = await newUser();
      const second = await newUser();
      const enrolled = await enrol(first.token);
      expect(await status(second.token)).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });
      // The first user's code does not turn the second's on, nor remove the first's.
      const started = await call(t.app, { method: 'POST', url: '/api/users/me/totp', token: second.token });
      expect(started.statusCode).toBe(200);
      const confirm = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token: second.token, payload: { code: await codeAfter(enrolled, 1) } });
      expect(confirm.statusCode).toBe(400);
      const remove = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: second.token, payload: { password: second.password, code: enrolled.recoveryCodes[0] } });
      expect(remove.statusCode).toBe(409);
      expect(messageOf(remove)).toBe(secondFactorMessages.notOn);
      // The second user signs in with the password alone; the first's recovery code does not finish the first's sign-in for them.
      expect(json(await login(second.email, second.password)).token).toEqual(expect.any(String));
      expect(await status(first.token)).toEqual({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    });
  });

  // Last: while the owner has a second factor, the password alone no longer answers the owner's session.
  describe('the system owner', () => {
    const ownerLogin = (headers: Record<string, string> = {}) =>
      call(t.app, { method: 'POST', url: '/api/users/systemowner/login', headers, payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
    const ownerStep = (challengeToken: string, code: string, headers: Record<string, string> = {}) =>
      call(t.app, { method: 'POST', url: '/api/users/systemowner/login/second_factor', headers, payload: { challengeToken, code } });

    it('adds an app, signs in with a code or a recovery code at the owner\'s code step, and removes it', async () => {
      const enrolled = await enrol(owner);
      const first = json<SecondFactorChallenge>(await ownerLogin());
      expect(first).toEqual({ secondFactorRequired: true, challengeToken: expect.any(String), methods: ['totp', 'recovery_code'] });

      const atLabStep = await secondStep(first.challengeToken, await codeAfter(enrolled, 1));
      expect(atLabStep.statusCode).toBe(401);
      expect(messageOf(atLabStep)).toBe(secondFactorMessages.challengeExpired);
      const otherHost = await ownerStep(first.challengeToken, await codeAfter(enrolled, 1), { host: 'dark.localhost' });
      expect(otherHost.statusCode).toBe(403);
      expect(messageOf(otherHost)).toBe(authMessages.systemOwnerMainHostOnly);

      const signedIn = await ownerStep(first.challengeToken, await codeAfter(enrolled, 1));
      expect(signedIn.statusCode).toBe(200);
      const session = json<SystemOwnerSession>(signedIn);
      expect(session.email).toBe(OWNER_EMAIL);
      expect((await call(t.app, { method: 'GET', url: '/api/labs', token: session.token })).statusCode).toBe(200);

      const second = json<SecondFactorChallenge>(await ownerLogin());
      expect((await ownerStep(second.challengeToken, enrolled.recoveryCodes[0])).statusCode).toBe(200);
      const third = json<SecondFactorChallenge>(await ownerLogin());
      const reused = await ownerStep(third.challengeToken, enrolled.recoveryCodes[0]);
      expect(reused.statusCode).toBe(401);
      expect(messageOf(reused)).toBe(secondFactorMessages.wrongCode);

      const removed = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: owner, payload: { password: OWNER_PASSWORD, code: enrolled.recoveryCodes[1] } });
      expect(removed.statusCode).toBe(200);
      expect(json(await ownerLogin()).token).toEqual(expect.any(String));
      const ownerId = session._id;
      const kinds = (await auditOf(ownerId)).map((e) => e.kind);
      expect(kinds).toEqual(expect.arrayContaining(['secondFactor.added', 'recoveryCode.used', 'secondFactor.failed', 'secondFactor.removed']));
    });
  });
});
