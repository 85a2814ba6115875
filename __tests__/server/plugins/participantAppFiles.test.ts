// The participant app's files under /app, served as the portal's are: the build's Brotli and gzip copies,
// hashed assets immutable, the page and the service worker never cached, and the app's page for any other
// /app address (the app's router decides), on either organization's host.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { call, createTestApp, json, type TestApp } from '../support/testApp';
import { generalMessages } from '../../../src/shared/messages';

const portalPage = '<!doctype html><title>portal</title>';
const appPage = '<!doctype html><title>Study app</title><script defer src="/app/assets/app.0123abcd.js"></script>';
const appScript = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `task${i}`))};\n`;
const worker = 'self.addEventListener("install", () => {});\n';

function writeBuild(dir: string, withApp: boolean): void {
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', portalPage);
  if (withApp) {
    write('app/index.html', appPage);
    write('app/assets/app.0123abcd.js', appScript);
    write('app/sw.js', worker);
  }
}

describe('the participant app under /app', () => {
  let t: TestApp;
  let publicDir: string;
  beforeAll(async () => {
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-public-'));
    writeBuild(publicDir, true);
    t = await createTestApp('sqlite', { PUBLIC_DIR: publicDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  const get = (url: string, host = 'localhost', acceptEncoding = 'gzip, deflate, br, zstd') =>
    call(t.app, { method: 'GET', url, headers: { host, 'accept-encoding': acceptEncoding } });

  it('answers the app page, Brotli, never cached, for /app and every address under it on both hosts', async () => {
    for (const host of ['localhost', 'dark.localhost']) {
      for (const url of ['/app', '/app/', '/app/index.html', '/app/join/ABC123', '/app/studies/7/tasks/9', '/app/signin?next=%2Fapp%2Fjoin%2FX']) {
        const res = await get(url, host);
        expect([host, url, res.statusCode]).toEqual([host, url, 200]);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.rawPayload.equals(fs.readFileSync(path.join(publicDir, 'app/index.html.br')))).toBe(true);
      }
    }
  });

  it('serves its hashed assets immutable, in the encoding the client accepts', async () => {
    const br = await get('/app/assets/app.0123abcd.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await get('/app/assets/app.0123abcd.js', 'localhost', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/app/assets/app.0123abcd.js', 'localhost', 'identity');
    expect(plain.body).toBe(appScript);
  });

  it('serves the service worker as a script that is always checked for a new version', async () => {
    const res = await get('/app/sw.js', 'localhost', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(worker);
  });

  it('leaves the portal its own page, and an address that only starts with "app" to the portal', async () => {
    for (const url of ['/', '/studies/1', '/apps', '/application/x']) {
      const res = await get(url, 'localhost', 'identity');
      expect([url, res.body]).toEqual([url, portalPage]);
    }
  });

  it('answers robots.txt asking every crawler to stay out, on either host', async () => {
    for (const host of ['localhost', 'dark.localhost']) {
      const res = await get('/robots.txt', host);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('User-agent: *\nDisallow: /\n');
    }
  });

  it('keeps the app API a JSON 404 for an unknown call', async () => {
    const res = await get('/api/app/unknown');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: generalMessages.notFound });
  });
});

describe('a build without the participant app', () => {
  let t: TestApp;
  let publicDir: string;
  beforeAll(async () => {
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-public-'));
    writeBuild(publicDir, false);
    t = await createTestApp('sqlite', { PUBLIC_DIR: publicDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it('answers 404 under /app rather than the portal page', async () => {
    const res = await call(t.app, { method: 'GET', url: '/app/join/ABC' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: generalMessages.notFound });
  });
});

