import { createTestApp, databases, call, json, ownerToken, seedLab, labUserToken, OWNER_EMAIL, OWNER_PASSWORD, type TestApp } from '../support/testApp';
import { authMessages } from '../../../src/shared/messages';
import { messageOf, registerUser, send, USER_PASSWORD } from '../support/api';
import type { LabUserSession, SystemOwnerSession } from '../../../src/shared/types/identity';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

describe.each(databases)('sign-in and sessions (%s)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3' });
  });
  afterAll(async () => t.close());

  describe('POST /api/users/login', () => {
    it('answers the session of a lab user, never a password hash', async () => {
      const owner = await ownerToken(t.app);
      const lab = await seedLab(t.app, owner);
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users/login',
        payload: { email: lab.managerEmail.toUpperCase(), password: lab.managerPassword, organization: 1 },
      });
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body).toMatchObject({ organization: 1, lab: lab.labId, isLabManager: true, email: lab.managerEmail });
      expect(typeof body.token).toBe('string');
      expect(new Date(String(body.expires)).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it('refuses a wrong password with the same message as an unknown email', async () => {
      const wrong = await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: OWNER_EMAIL, password: 'nope-nope', organization: 1 } });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).message).toBe(authMessages.invalidCredentials);
    });

    it('refuses an account of the other organization', async () => {
      const owner = await ownerToken(t.app);
      const lab = await seedLab(t.app, owner, 1);
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users/login',
        headers: { host: 'dark.localhost' },
        payload: { email: lab.managerEmail, password: lab.managerPassword, organization: 2 },
      });
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(authMessages.wrongOrganization);
    });

    it('limits failed attempts per account with 429', async () => {
      const owner = await ownerToken(t.app);
      const lab = await seedLab(t.app, owner);
      for (let i = 0; i < 3; i += 1) {
        const res = await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: lab.managerEmail, password: 'wrong-pass', organization: 1 } });
        expect(res.statusCode).toBe(401);
      }
      const limited = await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: lab.managerEmail, password: lab.managerPassword, organization: 1 } });
      expect(limited.statusCode).toBe(429);
      expect(json(limited).message).toBe(authMessages.tooManyAttempts);
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await call(t.app, { method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('The request body is not valid JSON');
    });
  });

  describe('tokens', () => {
    it('refuses a tampered token and a missing one with 401', async () => {
      const owner = await ownerToken(t.app);
      const lab = await seedLab(t.app, owner);
      const token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const [head, payload, signature] = token.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
      for (const bad of [`${head}.${forged}.${signature}`, `${token}x`, undefined]) {
        const res = await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token: bad });
        expect(res.statusCode).toBe(401);
      }
    });

    it('ends the session on logout', async () => {
      const owner = await ownerToken(t.app);
      const lab = await seedLab(t.app, owner);
      const token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      expect((await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token })).statusCode).toBe(200);
      expect((await call(t.app, { method: 'POST', url: '/api/users/logout', token })).statusCode).toBe(200);
      const after = await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token });
      expect(after.statusCode).toBe(401);
    });
  });

  describe('POST /api/users/systemowner/login', () => {
    it('signs the owner in on the main host only', async () => {
      const ok = await call(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toMatchObject({ email: OWNER_EMAIL });
      const elsewhere = await call(t.app, {
        method: 'POST',
        url: '/api/users/systemowner/login',
        headers: { host: 'dark.localhost' },
        payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(json(elsewhere).message).toBe(authMessages.systemOwnerMainHostOnly);
    });
  });

  describe('sign-in, sign-out and the sign-in limits, in more detail', () => {
    let owner: string;
    let labId: string;
    beforeAll(async () => {
      owner = await ownerToken(t.app);
      labId = (await seedLab(t.app, owner)).labId;
    });

    function login(payload: Record<string, unknown>, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
      return send(t.app, { method: 'POST', url: '/api/users/login', payload, remoteAddress, headers });
    }

    describe('POST /api/users/login', () => {
      it('answers the whole session: ids, token, an expiry SESSION_HOURS ahead, organization and role', async () => {
        const user = await registerUser(t.app, owner, labId);
        const startedAt = Date.now();
        const res = await login({ email: user.email, password: user.password, organization: 1 });
        expect(res.statusCode).toBe(200);
        const session = json<LabUserSession>(res);
        expect(session).toEqual({
          _id: user._id,
          token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          expires: expect.any(String),
          organization: 1,
          lab: labId,
          isLabManager: false,
          email: user.email,
        });
        const expires = new Date(session.expires).getTime();
        expect(expires).toBeGreaterThanOrEqual(startedAt + 12 * 3600_000 - 1000);
        expect(expires).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
        const use = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: session.token });
        expect(use.statusCode).toBe(200);
      });

      it('refuses an unknown email with the same answer as a wrong password', async () => {
        const unknown = await login({ email: 'nobody-here@lab.org', password: 'whatever-1', organization: 1 }, '198.51.100.1');
        expect(unknown.statusCode).toBe(401);
        expect(messageOf(unknown)).toBe(authMessages.invalidCredentials);
      });

      it.each([
        ['no organization', { email: 'a@b.org', password: 'whatever-1' }],
        ['an organization that does not exist', { email: 'a@b.org', password: 'whatever-1', organization: 3 }],
        ['no password', { email: 'a@b.org', organization: 1 }],
        ['an email that is not text', { email: { address: 'a@b.org' }, password: 'whatever-1', organization: 1 }],
      ])('refuses a body with %s with 400', async (_what, payload) => {
        const res = await login(payload, '198.51.100.2');
        expect(res.statusCode).toBe(400);
      });
    });

    describe('POST /api/users/systemowner/login', () => {
      it('answers the owner session, with the email in any case; the session works for owner calls', async () => {
        const res = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: `  ${OWNER_EMAIL.toUpperCase()} `, password: OWNER_PASSWORD } });
        expect(res.statusCode).toBe(200);
        const session = json<SystemOwnerSession>(res);
        expect(session).toEqual({ _id: expect.any(String), token: expect.any(String), expires: expect.any(String), email: OWNER_EMAIL });
        expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
        expect((await send(t.app, { method: 'GET', url: '/api/labs', token: session.token })).statusCode).toBe(200);
      });

      it("refuses a wrong password, and a lab user's credentials, with 401", async () => {
        const user = await registerUser(t.app, owner, labId);
        for (const payload of [
          { email: OWNER_EMAIL, password: 'not-the-password' },
          { email: user.email, password: user.password },
        ]) {
          const res = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload, remoteAddress: '198.51.100.3' });
          expect(res.statusCode).toBe(401);
          expect(messageOf(res)).toBe(authMessages.invalidCredentials);
        }
      });
    });

    describe('POST /api/users/logout', () => {
      it('ends only the session it is called with', async () => {
        const user = await registerUser(t.app, owner, labId);
        const first = await labUserToken(t.app, user.email, user.password);
        const second = await labUserToken(t.app, user.email, user.password);
        const res = await send(t.app, { method: 'POST', url: '/api/users/logout', token: first });
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({ message: authMessages.signedOut });
        const ended = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: first });
        expect(ended.statusCode).toBe(401);
        expect(messageOf(ended)).toBe(authMessages.sessionExpired);
        expect((await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: second })).statusCode).toBe(200);
        expect((await send(t.app, { method: 'POST', url: '/api/users/logout', token: first })).statusCode).toBe(401);
      });

      it("ends the system owner's session", async () => {
        const token = await ownerToken(t.app);
        expect((await send(t.app, { method: 'POST', url: '/api/users/logout', token })).statusCode).toBe(200);
        expect((await send(t.app, { method: 'GET', url: '/api/labs', token })).statusCode).toBe(401);
        expect((await send(t.app, { method: 'GET', url: '/api/labs', token: owner })).statusCode).toBe(200);
      });
    });

    describe('the limit per account', () => {
      it('counts failures from every address against the account', async () => {
        const user = await registerUser(t.app, owner, labId);
        for (const address of ['192.0.2.10', '192.0.2.11', '192.0.2.12']) {
          expect((await login({ email: user.email, password: 'wrong-password', organization: 1 }, address)).statusCode).toBe(401);
        }
        const limited = await login({ email: user.email.toUpperCase(), password: user.password, organization: 1 }, '192.0.2.13');
        expect(limited.statusCode).toBe(429);
        expect(messageOf(limited)).toBe(authMessages.tooManyAttempts);
        // Other accounts are not affected.
        const other = await registerUser(t.app, owner, labId);
        expect((await login({ email: other.email, password: other.password, organization: 1 }, '192.0.2.10')).statusCode).toBe(200);
      });

      it('starts counting again after a successful sign-in', async () => {
        const user = await registerUser(t.app, owner, labId);
        const address = '192.0.2.20';
        for (let round = 0; round < 2; round += 1) {
          for (let i = 0; i < 2; i += 1) {
            expect((await login({ email: user.email, password: 'wrong-password', organization: 1 }, address)).statusCode).toBe(401);
          }
          expect((await login({ email: user.email, password: user.password, organization: 1 }, address)).statusCode).toBe(200);
        }
      });

      it('limits the system owner apart from a lab user who has the same email', async () => {
        // Emails are unique per kind of account: a lab user may have the owner's email.
        const namesake = await registerUser(t.app, owner, labId, { email: OWNER_EMAIL.toUpperCase(), password: USER_PASSWORD });
        expect(namesake.email).toBe(OWNER_EMAIL);
        for (const address of ['192.0.2.30', '192.0.2.31', '192.0.2.32']) {
          const res = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: 'wrong-password' }, remoteAddress: address });
          expect(res.statusCode).toBe(401);
        }
        const limited = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD }, remoteAddress: '192.0.2.33' });
        expect(limited.statusCode).toBe(429);
        expect(messageOf(limited)).toBe(authMessages.tooManyAttempts);
        expect((await login({ email: OWNER_EMAIL, password: USER_PASSWORD, organization: 1 }, '192.0.2.34')).statusCode).toBe(200);
      });
    });
  });
});

describe.each(databases)('the sign-in limit per address (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labId: string;
  beforeAll(async () => {
    t = await createTestApp(database, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '4', LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '100', LOGIN_WINDOW_MINUTES: '1' });
    owner = await ownerToken(t.app);
    labId = (await seedLab(t.app, owner)).labId;
  });
  afterAll(async () => t.close());
  afterEach(() => jest.useRealTimers());

  function login(payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) {
    return send(t.app, { method: 'POST', url: '/api/users/login', payload, remoteAddress, headers });
  }

  it('refuses every sign-in from an address after its failures, for any account, until the window passes', async () => {
    const user = await registerUser(t.app, owner, labId);
    const start = Date.now();
    jest.useFakeTimers({
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    jest.setSystemTime(start);
    const address = '203.0.113.5';
    for (let i = 0; i < 4; i += 1) {
      // Each failure names another account, and claims another address in a header the server must not trust.
      const res = await login({ email: `guess${i}@lab.org`, password: 'wrong-password', organization: 1 }, address, { 'x-forwarded-for': `198.51.100.${i + 50}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ email: user.email, password: user.password, organization: 1 }, address);
    expect(limited.statusCode).toBe(429);
    expect(messageOf(limited)).toBe(authMessages.tooManyAttempts);
    const ownerLimited = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD }, remoteAddress: address });
    expect(ownerLimited.statusCode).toBe(429);

    // Another address is not affected.
    expect((await login({ email: user.email, password: user.password, organization: 1 }, '203.0.113.6')).statusCode).toBe(200);

    // Failures older than LOGIN_WINDOW_MINUTES no longer count.
    jest.setSystemTime(start + 61_000);
    expect((await login({ email: user.email, password: user.password, organization: 1 }, address)).statusCode).toBe(200);
    // ... and are gone: the attempt that finds them stale removes them, so the table does not grow for ever.
    const kept = await t.app.ctx.db.selectFrom('login_attempts').select('id').where('address', '=', address).execute();
    expect(kept).toEqual([]);
  });

  it('refuses all but the limit of 20 failures sent at once from one address, each for another account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ email: `burst${i}@lab.org`, password: 'wrong-password', organization: 1 }, '203.0.113.7')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(401), ...Array<number>(16).fill(429)]);
  });
});

describe.each(databases)('sign-in attempts sent at the same moment (%s)', (database) => {
  // The default limits: 10 failures per account, 50 per address.
  const LIMIT = 10;
  let t: TestApp;
  let owner: string;
  let labId: string;
  let addresses = 0;
  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    labId = (await seedLab(t.app, owner)).labId;
  });
  afterAll(async () => t.close());

  /** Each attempt from an address of its own, so only the account's limit applies. */
  function login(payload: Record<string, unknown>, url = '/api/users/login', headers: Record<string, string> = {}) {
    addresses += 1;
    return send(t.app, { method: 'POST', url, payload, headers, remoteAddress: `10.0.${Math.floor(addresses / 250)}.${addresses % 250}` });
  }

  const atOnce = (count: number, payload: () => Record<string, unknown>, url?: string) =>
    Promise.all(Array.from({ length: count }, () => login(payload(), url)));

  function tally(answers: Awaited<ReturnType<typeof login>>[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    return counts;
  }

  it.each([20, 100])('%i wrong passwords for one lab user at once: the limit of them answer 401, the rest 429', async (count) => {
    const user = await registerUser(t.app, owner, labId);
    const answers = await atOnce(count, () => ({ email: user.email, password: 'wrong-password', organization: 1 }));
    expect(tally(answers)).toEqual({ 401: LIMIT, 429: count - LIMIT });
    expect(new Set(answers.filter((a) => a.statusCode === 429).map(messageOf))).toEqual(new Set([authMessages.tooManyAttempts]));
    expect((await login({ email: user.email, password: user.password, organization: 1 })).statusCode).toBe(429);
  });

  it('20 wrong passwords for the system owner at once: the limit of them answer 401, the rest 429', async () => {
    const answers = await atOnce(20, () => ({ email: OWNER_EMAIL, password: 'wrong-password' }), '/api/users/systemowner/login');
    expect(tally(answers)).toEqual({ 401: LIMIT, 429: 20 - LIMIT });
  });

  it('the right password inside the limit signs in among wrong ones sent with it', async () => {
    const user = await registerUser(t.app, owner, labId);
    const wrong = () => ({ email: user.email, password: 'wrong-password', organization: 1 });
    const [right, ...others] = await Promise.all([login({ email: user.email, password: user.password, organization: 1 }), ...Array.from({ length: LIMIT - 1 }, () => login(wrong()))]);
    expect(right.statusCode).toBe(200);
    expect(tally(others)).toEqual({ 401: LIMIT - 1 });
  });

  it('a sign-in clears the count of the failures before it', async () => {
    const user = await registerUser(t.app, owner, labId);
    const wrong = () => ({ email: user.email, password: 'wrong-password', organization: 1 });
    expect(tally(await atOnce(LIMIT - 1, wrong))).toEqual({ 401: LIMIT - 1 });
    expect((await login({ email: user.email, password: user.password, organization: 1 })).statusCode).toBe(200);
    expect(tally(await atOnce(LIMIT + 5, wrong))).toEqual({ 401: LIMIT, 429: 5 });
  });

  it('the right password at the other organization is refused without counting as a failure', async () => {
    const lab = await seedLab(t.app, owner, 1);
    const elsewhere = () => login({ email: lab.managerEmail, password: lab.managerPassword, organization: 2 }, undefined, { host: 'dark.localhost' });
    // One after another: an attempt counts while its password is being checked.
    for (let i = 0; i < LIMIT + 2; i += 1) expect((await elsewhere()).statusCode).toBe(403);
    expect((await login({ email: lab.managerEmail, password: lab.managerPassword, organization: 1 })).statusCode).toBe(200);
  });
});
