// Every kind of refusal answers JSON {message} with its 4xx status: broken JSON, a body too large, a media
// type without a parser, a wrong method, an unknown path, a malformed address, a failed schema, text with NUL
// and numbers past their bounds; and input that once reached the database as a failed query (a page of 1e20,
// Infinity, a NUL in an id, an overlong email or forwarded address in a failed sign-in) is a 4xx on both databases.
import type { LightMyRequestResponse } from 'fastify';
import { generalMessages } from '../../../src/shared/messages';
import { MAX_PAGE_NUMBER } from '../../../src/shared/limits';
import { call, createTestApp, databases, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';

function refusal(res: LightMyRequestResponse): { status: number; message: unknown } {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { status: res.statusCode, message: (res.json() as { message?: unknown }).message };
}

describe.each(databases)('refusals (%s)', (database) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(database, { BODY_LIMIT_BYTES: '1024', TRUST_PROXY: 'true' });
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const json = { 'content-type': 'application/json' };

  it('answers each kind of refusal as JSON {message}', async () => {
    const login = '/api/users/login';
    expect(refusal(await call(t.app, { method: 'POST', url: login, headers: json, payload: '{"email": ' }))).toEqual({ status: 400, message: generalMessages.malformedBody });
    expect(refusal(await call(t.app, { method: 'POST', url: login, headers: json, payload: JSON.stringify({ email: 'x'.repeat(2000) }) }))).toEqual({
      status: 413,
      message: generalMessages.payloadTooLarge,
    });
    expect(refusal(await call(t.app, { method: 'POST', url: login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }))).toEqual({
      status: 415,
      message: 'Unsupported Media Type',
    });
    expect(refusal(await call(t.app, { method: 'PATCH', url: '/api/config' }))).toEqual({ status: 404, message: generalMessages.notFound });
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/no/such/call' }))).toEqual({ status: 404, message: generalMessages.notFound });
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/studies/%E0%A4%A', token: manager }))).toEqual({ status: 400, message: generalMessages.badAddress });
    expect(refusal(await call(t.app, { method: 'POST', url: login, headers: json, payload: '{"password": "x"}' }))).toEqual({
      status: 400,
      message: `${generalMessages.invalidRequest}: body must have required property 'email'`,
    });
  });

  it('refuses a page number above the bound, and answers the pages there are below it', async () => {
    for (const url of ['/api/studies', '/api/qx_list', '/api/files/userFiles']) {
      for (const page of ['99999999999999999999', '1e300', String(MAX_PAGE_NUMBER + 1)]) {
        const res = refusal(await call(t.app, { method: 'GET', url: `${url}?pageNumber=${page}`, token: manager }));
        expect([url, page, res.status, res.message]).toEqual([url, page, 400, `${generalMessages.invalidRequest}: querystring/pageNumber must be <= ${MAX_PAGE_NUMBER}`]);
      }
      const last = await call(t.app, { method: 'GET', url: `${url}?pageNumber=${MAX_PAGE_NUMBER}`, token: manager });
      expect([url, last.statusCode, (last.json() as { pages: number; page: number }).pages]).toEqual([url, 200, 1]);
    }
  });

  it('refuses an infinite number, which schema coercion lets past minimum and maximum', async () => {
    const infinite = { status: 400, message: generalMessages.infiniteNumber };
    for (const page of ['Infinity', '-Infinity', '1e400']) {
      expect(refusal(await call(t.app, { method: 'GET', url: `/api/studies?pageNumber=${page}`, token: manager }))).toEqual(infinite);
    }
    expect(refusal(await call(t.app, { method: 'POST', url: '/api/files/genLabS3URL', token: manager, payload: { filePath: 'a.png', fileType: '', requestType: 'putObject', fileSize: 'Infinity' } }))).toEqual(infinite);
  });

  it('refuses text holding U+0000 in a path, a query or a body', async () => {
    const nul = { status: 400, message: generalMessages.nulCharacter };
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/studies/a%00b', token: manager }))).toEqual(nul);
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/files/targetfiles?keyword=%00', token: manager }))).toEqual(nul);
    expect(refusal(await call(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { chin_name: 'a\u0000', abbrev: 'NUL' } }))).toEqual(nul);
  });

  it('checks a query on a call that has no path parameter and no body, its keys included, and an empty body', async () => {
    const nul = { status: 400, message: generalMessages.nulCharacter };
    const infinite = { status: 400, message: generalMessages.infiniteNumber };
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers?note=%00', token: manager }))).toEqual(nul);
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers?a%00b=1', token: manager }))).toEqual(nul);
    expect(refusal(await call(t.app, { method: 'GET', url: '/api/studies?pageNumber=Infinity', token: manager }))).toEqual(infinite);
    expect(refusal(await call(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { 'key\u0000': 'x', chin_name: 'a', abbrev: 'NUL' } }))).toEqual(nul);
    // The same calls without the bad value pass the check.
    expect((await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers?note=plain', token: manager })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token: manager })).statusCode).toBe(200);
  });

  it('counts a failed sign-in with an overlong email or forwarded address without a failed query', async () => {
    const body = { email: `${'e'.repeat(250)}@lab.org`, password: 'not-the-password', organization: 1 };
    const forwarded = { 'x-forwarded-for': 'f'.repeat(200) };
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t.app, { method: 'POST', url: '/api/users/login', headers: forwarded, payload: body });
      expect(res.statusCode).toBe(401);
    }
    const attempts = await t.app.ctx.db.selectFrom('login_attempts').select(['email', 'address']).execute();
    const long = attempts.filter((a) => a.email.startsWith('lab_user:sha256:'));
    expect(long).toHaveLength(2);
    expect(long.every((a) => a.address.length === 64)).toBe(true);
  });
});
