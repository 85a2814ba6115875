// Every authenticated call of docs/api.md refuses the wrong caller in the same way: no session or a broken,
// forged or expired token (401), a session of the other organization (401), the wrong kind of account (403),
// and the system owner off the main host (403). A refused call changes nothing.
import { SignJWT } from 'jose';
import { createTestApp, databases, json, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { authenticatedRoutes, messageOf, registerUser, routeName, send, urlOf, userAsOwner, type RouteCase } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import type { Lab, LabUser, LabWithUsers } from '../../../src/shared/types/identity';
import type { TokenClaims } from '../../../src/server/services/identity/tokens';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

const HOUR = 3600_000;

interface TokenPayload {
  sub: string;
  jti: string;
  kind: TokenClaims['kind'];
  org: number | null;
  exp: number;
}

function payloadOf(token: string): TokenPayload {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as TokenPayload;
}

function claimsOf(token: string): TokenClaims {
  const p = payloadOf(token);
  return { sessionId: p.jti, accountId: p.sub, kind: p.kind, organization: p.org };
}

/** Only Date is faked: the database drivers, argon2 and Fastify keep their real timers. */
function fakeDateOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

const labUserRoutes = authenticatedRoutes.filter((r) => r.who === 'manager' || r.who === 'labUser');
const ownerRoutes = authenticatedRoutes.filter((r) => r.who === 'owner');
const anyLabUserRoutes = authenticatedRoutes.filter((r) => r.who !== 'owner');

describe.each(databases)('authentication and roles on every call (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let manager: string;
  let darkLab: SeededLab;
  let member: LabUser & { password: string };
  let memberToken: string;
  let ids: { labId: string; id: string };
  let before: { labs: Lab[]; lab: LabWithUsers; member: unknown };

  async function state() {
    const labs = json<{ labs: Lab[] }>(await send(t.app, { method: 'GET', url: '/api/labs', token: owner })).labs;
    const labRead = json<LabWithUsers>(await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${lab.labId}`, token: owner }));
    return { labs, lab: labRead, member: await userAsOwner(t.app, owner, member._id) };
  }

  function request(route: RouteCase, token: string | undefined, host = 'localhost') {
    return send(t.app, { method: route.method, url: urlOf(route, ids), token, headers: { host }, payload: route.body?.() });
  }

  beforeAll(async () => {
    t = await createTestApp(database, { SESSION_HOURS: '1' });
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    member = await registerUser(t.app, owner, lab.labId);
    memberToken = await labUserToken(t.app, member.email, member.password);
    darkLab = await seedLab(t.app, owner, 2);
    ids = { labId: lab.labId, id: member._id };
    before = await state();
  });
  afterAll(async () => t.close());
  afterEach(() => jest.useRealTimers());

  describe('401 without a valid token', () => {
    it.each(authenticatedRoutes.map((r) => [routeName(r), r] as const))('%s refuses a missing token', async (_name, route) => {
      const res = await request(route, undefined);
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(authMessages.sessionMissing);
    });

    it.each(authenticatedRoutes.map((r) => [routeName(r), r] as const))('%s refuses broken, tampered and forged tokens', async (_name, route) => {
      const real = route.who === 'owner' ? owner : manager;
      const [head, body, signature] = real.split('.');
      const otherAccount = Buffer.from(JSON.stringify({ ...payloadOf(real), sub: member._id })).toString('base64url');
      const longer = Buffer.from(JSON.stringify({ ...payloadOf(real), exp: payloadOf(real).exp + 100 * 3600 })).toString('base64url');
      const foreignSecret = await new SignJWT({ kind: payloadOf(real).kind, org: payloadOf(real).org })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(payloadOf(real).sub)
        .setJti(payloadOf(real).jti)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-secret-that-this-server-never-used-0123456789'));
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${body}.`;
      for (const bad of [`${head}.${otherAccount}.${signature}`, `${head}.${longer}.${signature}`, `${real}x`, foreignSecret, unsigned, 'garbage']) {
        const res = await request(route, bad);
        expect(res.statusCode).toBe(401);
      }
      const basic = await send(t.app, { method: route.method, url: urlOf(route, ids), headers: { authorization: `Basic ${real}` }, payload: route.body?.() });
      expect(basic.statusCode).toBe(401);
    });

    it.each(authenticatedRoutes.map((r) => [routeName(r), r] as const))(
      '%s refuses a token of this server whose expiry has passed, though its session is live',
      async (_name, route) => {
        const real = route.who === 'owner' ? owner : manager;
        const expired = await t.app.ctx.tokens.sign(claimsOf(real), new Date(Date.now() - 1000));
        const res = await request(route, expired);
        expect(res.statusCode).toBe(401);
        expect(messageOf(res)).toBe(authMessages.sessionExpired);
        // The same session with a valid expiry still works: only the expiry was refused.
        const renewed = await t.app.ctx.tokens.sign(claimsOf(real), new Date(Date.now() + 60_000));
        expect((await send(t.app, { method: 'GET', url: `/api/labs/labinfo/${lab.labId}`, token: renewed })).statusCode).toBe(200);
      },
    );

    it('refuses a token signed by this server that names a session of another kind or account', async () => {
      const claims = claimsOf(manager);
      const asOwner = await t.app.ctx.tokens.sign({ ...claims, kind: 'system_owner', organization: null }, new Date(Date.now() + HOUR));
      const asMember = await t.app.ctx.tokens.sign({ ...claims, accountId: member._id }, new Date(Date.now() + HOUR));
      const noSession = await t.app.ctx.tokens.sign({ ...claims, sessionId: '000000000000000000000000' }, new Date(Date.now() + HOUR));
      for (const [token, url] of [
        [asOwner, '/api/labs'],
        [asMember, '/api/access/get_all_access'],
        [noSession, '/api/users/lm/getUsers'],
      ]) {
        expect((await send(t.app, { method: 'GET', url, token })).statusCode).toBe(401);
      }
    });
  });

  describe('sessions expire after SESSION_HOURS', () => {
    it('keeps a session for the configured hours and ends it after, even for a token re-signed to last longer', async () => {
      const start = Date.now();
      fakeDateOnly();
      jest.setSystemTime(start);
      const ownerNow = await ownerToken(t.app);
      const userNow = await labUserToken(t.app, member.email, member.password);
      expect(new Date(payloadOf(userNow).exp * 1000).getTime()).toBeLessThanOrEqual(start + HOUR);

      jest.setSystemTime(start + HOUR - 60_000);
      expect((await send(t.app, { method: 'GET', url: '/api/labs', token: ownerNow })).statusCode).toBe(200);
      expect((await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: userNow })).statusCode).toBe(200);

      jest.setSystemTime(start + HOUR + 1000);
      const ownerLate = await send(t.app, { method: 'GET', url: '/api/labs', token: ownerNow });
      const userLate = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: userNow });
      expect([ownerLate.statusCode, userLate.statusCode]).toEqual([401, 401]);
      expect(messageOf(ownerLate)).toBe(authMessages.sessionExpired);
      expect(messageOf(userLate)).toBe(authMessages.sessionExpired);

      // The server's own record of the session has expired too: a token claiming more time does not help.
      const stretched = await t.app.ctx.tokens.sign(claimsOf(userNow), new Date(start + 10 * HOUR));
      const res = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: stretched });
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(authMessages.sessionExpired);

      // A new sign-in works again.
      const again = await labUserToken(t.app, member.email, member.password);
      expect((await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: again })).statusCode).toBe(200);
    });
  });

  describe('403 for the wrong kind of account', () => {
    it.each(ownerRoutes.map((r) => [routeName(r), r] as const))('%s refuses a lab manager and a lab user', async (_name, route) => {
      for (const token of [manager, memberToken]) {
        const res = await request(route, token);
        expect(res.statusCode).toBe(403);
        expect(messageOf(res)).toBe(authMessages.systemOwnerOnly);
      }
    });

    it.each(labUserRoutes.map((r) => [routeName(r), r] as const))('%s refuses the system owner', async (_name, route) => {
      const res = await request(route, owner);
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(authMessages.labUserOnly);
    });
  });

  describe('hosts', () => {
    it.each(anyLabUserRoutes.map((r) => [routeName(r), r] as const))(
      '%s refuses a session of organization 1 on the organization 2 host with 401',
      async (_name, route) => {
        const res = await request(route, route.who === 'labUser' ? memberToken : manager, 'dark.localhost');
        expect(res.statusCode).toBe(401);
        expect(messageOf(res)).toBe(authMessages.sessionOrganization);
      },
    );

    it('refuses a session of organization 2 on the organization 1 host with 401, and serves it on its own', async () => {
      const token = await labUserToken(t.app, darkLab.managerEmail, darkLab.managerPassword, 2);
      const wrong = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token, headers: { host: 'localhost' } });
      expect(wrong.statusCode).toBe(401);
      expect(messageOf(wrong)).toBe(authMessages.sessionOrganization);
      const right = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token, headers: { host: 'dark.localhost' } });
      expect(right.statusCode).toBe(200);
    });

    it.each(ownerRoutes.map((r) => [routeName(r), r] as const))('%s refuses the system owner off the main host with 403', async (_name, route) => {
      const res = await request(route, owner, 'dark.localhost');
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(authMessages.systemOwnerMainHostOnly);
    });
  });

  it('none of the refused calls above changed anything, and every session used is still live', async () => {
    expect(await state()).toEqual(before);
    for (const [token, url] of [
      [owner, '/api/labs'],
      [manager, '/api/users/lm/getUsers'],
      [memberToken, '/api/access/get_all_access'],
    ]) {
      expect((await send(t.app, { method: 'GET', url, token })).statusCode).toBe(200);
    }
    expect((await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email: member.email, password: member.password, organization: 1 } })).statusCode).toBe(200);
  });
});
