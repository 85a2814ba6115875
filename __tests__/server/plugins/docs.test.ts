// The API description at its stable address, /api/openapi.json, for generating clients; the browsable page stays.
import { call, createTestApp, json, type TestApp } from '../support/testApp';
import { OPENAPI_PATH } from '../../../src/server/plugins/docs';
import type { OpenApiDocument } from '../support/openApi';

describe('the API description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  }, 60_000);
  afterAll(async () => t.close());

  it('is served at /api/openapi.json without a session, as OpenAPI 3 JSON with every call', async () => {
    expect(OPENAPI_PATH).toBe('/api/openapi.json');
    const res = await call(t.app, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = json<OpenApiDocument>(res);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.paths['/api/studies']?.get?.operationId).toBe('listStudies');
    expect(doc.paths['/api/app/studies/{studyId}/responses']?.post?.operationId).toBe('submitResponse');
    expect(doc.paths['/api/app/studies/{studyId}/responses']?.post?.security).toEqual([{ participantAuth: [] }]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(60);
  });

  it('is the same document as the docs page shows, and is not itself listed in it', async () => {
    const stable = await call(t.app, { method: 'GET', url: '/api/openapi.json' });
    const page = await call(t.app, { method: 'GET', url: '/api/docs/json' });
    expect(json(stable)).toEqual(json(page));
    expect(json<OpenApiDocument>(stable).paths['/api/openapi.json']).toBeUndefined();
    const browsable = await call(t.app, { method: 'GET', url: '/api/docs/' });
    expect(browsable.statusCode).toBe(200);
    expect(browsable.headers['content-type']).toMatch(/^text\/html/);
  });

  it('documents the 413 and 415 that Fastify answers to a body it cannot read, on every call that takes a body', async () => {
    const doc = json<OpenApiDocument>(await call(t.app, { method: 'GET', url: '/api/openapi.json' }));
    const lacking: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation?.requestBody && !(operation.responses?.['413'] && operation.responses?.['415'])) lacking.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(lacking).toEqual([]);
    const login = await call(t.app, { method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(login.statusCode).toBe(415);
  });
});
