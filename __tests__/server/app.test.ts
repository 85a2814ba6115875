// The app as a whole: what every answer shares (JSON errors, security headers, no secrets), the OpenAPI
// document, the built portal, and what the first start does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  buildOnStorage,
  call,
  createTestApp,
  createTestStorage,
  databases,
  json,
  labUserToken,
  ownerToken,
  seedLab,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  type TestApp,
  type TestStorage,
} from './support/testApp';
import { authenticatedRoutes, messageOf, publicRoutes, registerUser, routeName, send, urlOf, type RouteCase } from './support/api';
import { countSystemOwners } from '../../src/server/repositories/systemOwners';
import { generalMessages } from '../../src/shared/messages';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

describe.each(databases)('the app (%s)', (database) => {
  describe('answers and headers', () => {
    let t: TestApp;
    let owner: string;
    let printedAtStart = '';
    beforeAll(async () => {
      const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printedAtStart += String(chunk);
        return true;
      });
      try {
        t = await createTestApp(database, { BODY_LIMIT_BYTES: '1024' });
      } finally {
        write.mockRestore();
      }
      owner = await ownerToken(t.app);
    });
    afterAll(async () => t.close());

    it('creates the system owner from SYSTEM_OWNER_PASSWORD without printing it', async () => {
      expect(printedAtStart).not.toContain(OWNER_PASSWORD);
      expect(printedAtStart).not.toContain('Password');
      expect(await countSystemOwners(t.app.ctx.db)).toBe(1);
    });

    it.each([
      ['GET', '/api/nothing-here'],
      ['POST', '/api/users/nothing'],
      ['DELETE', '/api/labs'],
      ['GET', '/api'],
      ['GET', '/studies/1'],
    ] as const)('answers %s %s with a JSON 404 {message}', async (method, url) => {
      const res = await send(t.app, { method, url, token: owner });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(json(res)).toEqual({ message: generalMessages.notFound });
    });

    it('sends the security headers on answers and on errors', async () => {
      for (const res of [await send(t.app, { method: 'GET', url: '/api/config' }), await send(t.app, { method: 'GET', url: '/api/labs' })]) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    });

    it("lets only the portal itself frame the participant app (the pilot page's phone frame), and the portal frame it", async () => {
      const appPage = await send(t.app, { method: 'GET', url: '/app/studies/s1' });
      expect(String(appPage.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(appPage.headers['x-frame-options']).toBe('SAMEORIGIN');
      const portal = await send(t.app, { method: 'GET', url: '/api/config' });
      expect(String(portal.headers['content-security-policy'])).toMatch(/frame-src 'self'/);
      for (const url of ['/application', '/api/app/site']) {
        expect(String((await send(t.app, { method: 'GET', url })).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      }
    });

    it('answers malformed JSON with 400 on public and authenticated calls', async () => {
      for (const [url, method] of [
        ['/api/users/login', 'POST'],
        ['/api/labs/systemowner/createlab', 'POST'],
        ['/api/users/systemowner/users/000000000000000000000000', 'PUT'],
      ] as const) {
        const res = await send(t.app, { method, url, token: owner, headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.org",' });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(generalMessages.malformedBody);
      }
    });

    it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
      const res = await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email: 'a@b.org', password: 'x'.repeat(2000), organization: 1 } });
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toBe(generalMessages.payloadTooLarge);
    });

    it('answers bad input with a 4xx {message}, never a 500', async () => {
      const lab = await seedLab(t.app, owner);
      const bodies: unknown[] = [null, [], 'text', 12, { email: [], password: {}, organization: '1', labName: 5, isLabManager: 'yes', access: 'all' }];
      for (const route of authenticatedRoutes.filter((r) => r.body !== undefined)) {
        for (const body of bodies) {
          const res = await send(t.app, {
            method: route.method,
            url: urlOf(route, { labId: lab.labId, id: lab.managerId }),
            token: owner,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect([routeName(route), res.statusCode < 500]).toEqual([routeName(route), true]);
          expect(typeof messageOf(res)).toBe('string');
        }
      }
      const text = await send(t.app, { method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      expect(text.statusCode).toBe(400);
      expect(typeof messageOf(text)).toBe('string');
      const tooLong = await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${'a'.repeat(65)}`, token: owner });
      expect(tooLong.statusCode).toBe(400);
    });

    it('serves GET /api/docs/json: an OpenAPI document that lists every call, the authenticated ones with the bearer scheme', async () => {
      const res = await call(t.app, { method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = json<OpenApiDocument>(res);
      expect(doc.openapi).toMatch(/^3\./);
      expect(res.body).not.toContain('password_hash');
      for (const route of [...publicRoutes, ...authenticatedRoutes]) {
        const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
        expect([routeName(route), operation !== undefined]).toEqual([routeName(route), true]);
      }
      for (const route of authenticatedRoutes) {
        expect(doc.paths[route.path][route.method.toLowerCase()].security).toEqual([{ bearerAuth: [] }]);
      }
    });

    it('serves the browsable API documentation without a session', async () => {
      const res = await call(t.app, { method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBeLessThan(400);
    });

    it('never answers a password or its hash: a successful call of every route (each answer is scanned by send)', async () => {
      const lab = await seedLab(t.app, owner);
      const member = await registerUser(t.app, owner, lab.labId);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const memberToken = await labUserToken(t.app, member.email, member.password);
      const tokenFor = (route: RouteCase) => (route.who === 'owner' ? owner : route.who === 'labUser' ? memberToken : manager);
      const last = (r: RouteCase) => r.method === 'DELETE' || r.path === '/api/users/logout';
      const ordered = [...authenticatedRoutes.filter((r) => !last(r)), ...authenticatedRoutes.filter(last)];
      for (const route of ordered) {
        const res = await send(t.app, { method: route.method, url: urlOf(route, { labId: lab.labId, id: member._id }), token: tokenFor(route), payload: route.body?.() });
        expect([routeName(route), res.statusCode]).toEqual([routeName(route), route.method === 'POST' && route.path !== '/api/users/logout' ? 201 : 200]);
      }
      const publicAnswers = [
        await send(t.app, { method: 'GET', url: '/api/config' }),
        await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } }),
        await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email: lab.managerEmail, password: lab.managerPassword, organization: 1 } }),
      ];
      expect(publicAnswers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    });
  });

  describe('the built portal', () => {
    let t: TestApp;
    let publicDir: string;
    beforeAll(async () => {
      publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-public-'));
      fs.mkdirSync(path.join(publicDir, 'assets'));
      fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>portal</title>');
      fs.writeFileSync(path.join(publicDir, 'assets', 'main.0123abcd.js'), 'console.log(1);');
      t = await createTestApp(database, { PUBLIC_DIR: publicDir });
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(publicDir, { recursive: true, force: true });
    });

    it('answers index.html, never cached, for any page the router decides', async () => {
      for (const url of ['/', '/studies/1', '/systemowner/labs']) {
        const res = await call(t.app, { method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.body).toContain('<title>portal</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it('serves hashed assets as immutable', async () => {
      const res = await call(t.app, { method: 'GET', url: '/assets/main.0123abcd.js' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('console.log(1);');
      expect(res.headers['cache-control']).toContain('immutable');
    });

    it('keeps an unknown /api path a JSON 404, and a POST to a page a 404', async () => {
      for (const [method, url] of [['GET', '/api/unknown'], ['POST', '/studies/1']] as const) {
        const res = await call(t.app, { method, url });
        expect(res.statusCode).toBe(404);
        expect(json(res)).toEqual({ message: generalMessages.notFound });
      }
    });
  });

  describe('the first start and a restart on the same data', () => {
    let storage: TestStorage;
    let app: FastifyInstance | null = null;
    let password = '';
    let token = '';
    beforeAll(async () => {
      storage = await createTestStorage(database);
    });
    afterEach(async () => {
      jest.restoreAllMocks();
      await app?.close();
      app = null;
    });
    afterAll(async () => storage.drop());

    function captureStdout(): string[] {
      const printed: string[] = [];
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
      return printed;
    }

    function ownerLogin(email: string, secret: string) {
      if (!app) throw new Error('no app');
      return send(app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email, password: secret } });
    }

    it('without SYSTEM_OWNER_PASSWORD, creates owner@localhost with a random password printed on the console only', async () => {
      const printed = captureStdout();
      const logged: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(chunk.toString());
          done();
        },
      });
      app = (await buildOnStorage(storage, {}, { level: 'info', stream: logStream })).app;
      const output = printed.join('');
      password = /Password \(shown only now\): (\S+)/.exec(output)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(output).toContain('owner@localhost');
      expect(await countSystemOwners(app.ctx.db)).toBe(1);
      const res = await ownerLogin('owner@localhost', password);
      expect(res.statusCode).toBe(200);
      token = json<{ token: string }>(res).token;
      expect(logged.join('')).toContain('system owner account created');
      expect(logged.join('')).not.toContain(password);
    });

    it('on a restart, neither adds an owner nor changes or prints the password; sessions survive it', async () => {
      const printed = captureStdout();
      app = (await buildOnStorage(storage, { SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD })).app;
      expect(printed.join('')).not.toContain('Password');
      expect(await countSystemOwners(app.ctx.db)).toBe(1);
      expect((await ownerLogin('owner@localhost', password)).statusCode).toBe(200);
      expect((await ownerLogin(OWNER_EMAIL, OWNER_PASSWORD)).statusCode).toBe(401);
      // The signing secret is kept with the data.
      expect((await send(app, { method: 'GET', url: '/api/labs', token })).statusCode).toBe(200);
    });

    it('with another SESSION_SECRET, refuses the tokens signed before', async () => {
      app = (await buildOnStorage(storage, { SESSION_SECRET: 'b'.repeat(40) })).app;
      expect((await send(app, { method: 'GET', url: '/api/labs', token })).statusCode).toBe(401);
      const renewed = json<{ token: string }>(await ownerLogin('owner@localhost', password)).token;
      expect((await send(app, { method: 'GET', url: '/api/labs', token: renewed })).statusCode).toBe(200);
    });
  });
});
