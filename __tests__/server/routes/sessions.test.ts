import { createTestApp, databases, call, json, ownerToken, seedLab, labUserToken, OWNER_EMAIL, OWNER_PASSWORD, type TestApp } from '../support/testApp';
import { authMessages } from '../../../src/shared/messages';

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
});
