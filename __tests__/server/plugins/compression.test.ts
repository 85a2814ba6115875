// Compression on the wire: the portal's files as the build compressed them (Brotli, gzip, or plain for a client
// that accepts neither), and JSON answers above COMPRESS_MIN_BYTES compressed on the fly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { call, createTestApp, type TestApp } from '../support/testApp';
import Fastify from 'fastify';
import { chosenEncoding, COMPRESS_MIN_BYTES, registerCompression } from '../../../src/server/plugins/compression';

const words = Array.from({ length: 600 }, (_, i) => `study${(i * 7919) % 1000}`);
const script = `export const portal = ${JSON.stringify(words)};\n`;
const page = '<!doctype html><title>portal</title><script src="/assets/main.0123abcd.js"></script>';

let t: TestApp;
let publicDir: string;

beforeAll(async () => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-public-'));
  fs.mkdirSync(path.join(publicDir, 'assets'));
  // As the build writes them: each file with its .br and .gz beside it.
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(publicDir, name), text);
    fs.writeFileSync(path.join(publicDir, `${name}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(publicDir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', page);
  write('assets/main.0123abcd.js', script);
  t = await createTestApp('sqlite', { PUBLIC_DIR: publicDir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const prebuilt = (name: string) => fs.readFileSync(path.join(publicDir, name));

const get = (url: string, acceptEncoding?: string) =>
  call(t.app, { method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the portal files', () => {
  it('come in Brotli to a browser that accepts it, immutable, as JavaScript, varying on Accept-Encoding', async () => {
    const res = await get('/assets/main.0123abcd.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    // The build's file itself, not a compression made for this answer.
    expect(res.rawPayload.equals(prebuilt('assets/main.0123abcd.js.br'))).toBe(true);
    expect(res.headers['content-length']).toBe(String(prebuilt('assets/main.0123abcd.js.br').length));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('come in gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/main.0123abcd.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(prebuilt('assets/main.0123abcd.js.gz'))).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('come plain to a client that accepts neither, still varying on Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/main.0123abcd.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('include the page the router decides, for any address of the portal', async () => {
    const res = await get('/studies/1', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(prebuilt('index.html.br'))).toBe(true);
  });
});

describe('JSON answers', () => {
  it('are compressed on the fly above COMPRESS_MIN_BYTES', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await get('/api/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('are sent as they are below it', async () => {
    const res = await get('/api/config', 'gzip, br');
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toHaveProperty('organization');
  });
});

describe('the encoding chosen for an Accept-Encoding header', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%s: %s', (header, encoding) => {
    expect(chosenEncoding(header)).toBe(encoding);
  });
});

describe('answers of other kinds', () => {
  // The hook alone, on an app of its own with routes that answer what the product's routes may.
  const other = Fastify();
  const body = JSON.stringify(words);

  beforeAll(async () => {
    registerCompression(other);
    other.get('/test/stream', (_request, reply) => reply.type('text/csv; charset=utf-8').send(Readable.from([body, body])));
    other.get('/test/png', (_request, reply) => reply.type('image/png').send(Buffer.alloc(COMPRESS_MIN_BYTES * 2, 7)));
    other.get('/test/varied', (_request, reply) => reply.header('vary', 'origin').type('application/json').send(body));
  });
  afterAll(async () => other.close());

  const fetch = (url: string, acceptEncoding?: string) =>
    other.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('compresses a stream of text without a length, and sends it plain to a client that accepts neither', async () => {
    const gz = await fetch('/test/stream', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString()).toBe(body + body);
    const plain = await fetch('/test/stream');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body + body);
  });

  it('leaves media alone and keeps what Vary named', async () => {
    const png = await fetch('/test/png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(COMPRESS_MIN_BYTES * 2);
    const varied = await fetch('/test/varied', 'br');
    expect(varied.headers['content-encoding']).toBe('br');
    expect(varied.headers['vary']).toBe('origin, accept-encoding');
    expect(varied.headers['content-length']).toBe(String(varied.rawPayload.length));
    expect(brotliDecompressSync(varied.rawPayload).toString()).toBe(body);
  });
});
