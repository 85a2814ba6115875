import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import {
  call,
  createTestApp,
  databases,
  grantUpload,
  json,
  labUserToken,
  ownerToken,
  seedLab,
  uploadLocalFile,
  type SeededLab,
  type TestApp,
  type UploadGrant,
} from '../support/testApp';
import { messageOf } from '../support/api';
import { mediaMessages } from '../../../src/shared/messages';
import { LocalStorage } from '../../../src/server/storage/localStorage';
import type { MediaFile } from '../../../src/shared/types/media';
import { JPEG, MP3, MP4, PNG } from '../../support/mediaSamples';

const MB = 1024 * 1024;

/** Bytes in chunks, with no Content-Length: the server learns the size only by counting. */
function chunked(total: number, chunk = 256 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, 0x61));
    },
  });
}

/** PUTs `total` bytes in chunks (no Content-Length) to the listening app over a real socket. */
function putChunkedOverHttp(port: number, url: string, contentType: string, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: url, headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    chunked(total, 64 * 1024).pipe(req);
  });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

// Each test makes several calls that hash passwords; the whole suite runs many files at once.
jest.setTimeout(20_000);

describe.each(databases)('signed upload and download addresses on local storage (%s)', (database) => {
  let t: TestApp;
  let lab: SeededLab;
  let token: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const s = t.app.ctx.storage;
    if (!(s instanceof LocalStorage)) throw new Error('the test app should use local storage');
    storage = s;
  }, 30_000);
  afterAll(async () => t.close(), 30_000);

  const storedPath = (key: string) => path.join(t.config.dataDir, 'files', key);

  async function grant(fileName: string, size?: number): Promise<UploadGrant> {
    const res = await grantUpload(t.app, token, fileName, size);
    expect(res.statusCode).toBe(200);
    return json<UploadGrant>(res);
  }

  function put(url: string, contentType: string | undefined, payload: Buffer | Readable): Promise<LightMyRequestResponse> {
    // A stream goes chunked, as a real client frames a body whose length it does not announce.
    const framing = payload instanceof Readable ? { 'transfer-encoding': 'chunked' } : {};
    return call(t.app, { method: 'PUT', url, headers: { ...framing, ...(contentType ? { 'content-type': contentType } : {}) }, payload });
  }

  async function putOverHttp(url: string, contentType: string, total: number): Promise<{ status: number; body: string }> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the app is not listening on a port');
    return putChunkedOverHttp(address.port, url, contentType, total);
  }

  function grantIdOf(url: string): string {
    return new URL(url, 'http://localhost').pathname.split('/').pop() ?? '';
  }

  async function uploaded(fileName: string, bytes: Buffer): Promise<MediaFile> {
    const res = await uploadLocalFile(t.app, token, lab.labId, fileName, bytes);
    expect(res.statusCode).toBe(201);
    return json<MediaFile>(res);
  }

  describe('PUT /api/files/upload/{grant}', () => {
    it('stores the bytes sent with the granted content type, once', async () => {
      const g = await grant('once.png', 5);
      const first = await put(g.url, 'image/png', Buffer.from('first'));
      expect(first.statusCode).toBe(200);
      expect(messageOf(first)).toBe(mediaMessages.fileCreated);
      expect(fs.readFileSync(storedPath(g.file), 'utf8')).toBe('first');

      const second = await put(g.url, 'image/png', Buffer.from('second'));
      expect(second.statusCode).toBe(403);
      expect(messageOf(second)).toBe(mediaMessages.uploadLinkInvalid);
      expect(fs.readFileSync(storedPath(g.file), 'utf8')).toBe('first');
    });

    it('accepts a content type with parameters and in any letter case', async () => {
      const g = await grant('song.mp3');
      expect((await put(g.url, 'Audio/MPEG; charset=binary', Buffer.from('ID3'))).statusCode).toBe(200);
      expect(fs.existsSync(storedPath(g.file))).toBe(true);
    });

    it.each([['image/png'], ['text/plain'], [undefined]])(
      'stores an empty file sent with the content type %s (an empty body has none to compare); createfiles refuses it',
      async (contentType) => {
        const g = await grant('empty.png');
        const res = await put(g.url, contentType, Buffer.alloc(0));
        expect(res.statusCode).toBe(200);
        expect(fs.statSync(storedPath(g.file)).size).toBe(0);
        const register = await call(t.app, {
          method: 'POST',
          url: '/api/files/createfiles',
          token,
          payload: { lab: lab.labId, name: 'Empty', type: 'image', file: g.file, size: 0 },
        });
        expect(register.statusCode).toBe(400);
        expect(messageOf(register)).toBe(mediaMessages.contentNotAsNamed);
        expect(fs.existsSync(storedPath(g.file))).toBe(false);
      },
    );

    it.each([['image/jpeg'], ['application/octet-stream'], ['text/plain'], ['application/json'], [undefined]])(
      'refuses the content type %s for a png with 415, storing nothing and leaving the address usable',
      async (contentType) => {
        const g = await grant('typed.png');
        const res = await put(g.url, contentType, Buffer.from('{"not":"a png"}'));
        expect(res.statusCode).toBe(415);
        expect(messageOf(res)).toBe(mediaMessages.uploadWrongContentType);
        expect(fs.existsSync(storedPath(g.file))).toBe(false);
        expect((await put(g.url, 'image/png', Buffer.from('png'))).statusCode).toBe(200);
      },
    );

    it.each([
      ['an image', 'big.png', 'image/png', 2 * MB, 'Image should be no more than 2MB in size'],
      ['an audio file', 'big.mp3', 'audio/mpeg', 20 * MB, 'Audio should be no more than 20MB in size'],
    ])('refuses more bytes than %s may have, announced by Content-Length, with 413', async (_what, name, type, limit, message) => {
      // The browser may say nothing of the size: the grant's limit still holds.
      const g = await grant(name);
      const res = await put(g.url, type, Buffer.alloc(limit + 1, 1));
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toBe(message);
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
    });

    it('counts the bytes of a chunked upload over HTTP and stops past the limit, keeping nothing', async () => {
      // Over a real socket: the 413 must reach the client although the server stops reading the body.
      const g = await grant('stream.png');
      const dir = path.dirname(storedPath(g.file));
      const before = filesUnder(dir);
      const answer = await putOverHttp(g.url, 'image/png', 2 * MB + 100 * 1024);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Image should be no more than 2MB in size' });
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
      expect(filesUnder(dir)).toEqual(before);
      const register = await call(t.app, {
        method: 'POST',
        url: '/api/files/createfiles',
        token,
        payload: { lab: lab.labId, name: 'Stream', type: 'image', file: g.file, size: 10 },
      });
      expect(register.statusCode).toBe(400);
      expect(messageOf(register)).toBe(mediaMessages.uploadMissing);
      // The address was used up by the refused attempt.
      expect((await put(g.url, 'image/png', Buffer.from('x'))).statusCode).toBe(403);
    });

    it('stores a chunked upload of exactly the limit', async () => {
      const g = await grant('exact.png');
      const res = await put(g.url, 'image/png', chunked(2 * MB));
      expect(res.statusCode).toBe(200);
      expect(fs.statSync(storedPath(g.file)).size).toBe(2 * MB);
    });

    it('refuses an address whose time has passed, even correctly signed', async () => {
      const g = await grant('late.png');
      const expired = await storage.createUploadUrl({ grantId: grantIdOf(g.url), expiresAt: new Date(Date.now() - 1000) });
      const res = await put(expired, 'image/png', Buffer.from('late'));
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(mediaMessages.uploadLinkInvalid);
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
      // The address as granted is still good.
      expect((await put(g.url, 'image/png', Buffer.from('late'))).statusCode).toBe(200);
    });

    it('refuses the address once the clock has passed its expiry', async () => {
      const g = await grant('clock.png');
      const expires = Number(new URL(g.url, 'http://localhost').searchParams.get('expires'));
      expect(expires).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      const now = jest.spyOn(Date, 'now').mockReturnValue(expires + 1);
      try {
        const res = await put(g.url, 'image/png', Buffer.from('x'));
        expect(res.statusCode).toBe(403);
      } finally {
        now.mockRestore();
      }
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
    });

    it('refuses a grant that has expired on the server, whatever the address says', async () => {
      const g = await grant('revoked.png');
      await t.app.ctx.db
        .updateTable('upload_grants')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('object_key', '=', g.file)
        .execute();
      const res = await put(g.url, 'image/png', Buffer.from('x'));
      expect(res.statusCode).toBe(403);
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
    });

    it('refuses a tampered address', async () => {
      const g = await grant('tampered.png');
      const other = await grant('other.png');
      const url = new URL(g.url, 'http://localhost');
      const signature = url.searchParams.get('signature') ?? '';
      const expires = url.searchParams.get('expires') ?? '';
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const tampered = [
        `${url.pathname}?expires=${expires}&signature=${flipped}`,
        `${url.pathname}?expires=${Number(expires) + 3_600_000}&signature=${signature}`,
        `${url.pathname}?expires=${expires}&signature=${new URL(other.url, 'http://localhost').searchParams.get('signature') ?? ''}`,
        `/api/files/upload/${grantIdOf(other.url)}?expires=${expires}&signature=${signature}`,
        `${url.pathname}?expires=${expires}&signature=`,
      ];
      for (const address of tampered) {
        const res = await put(address, 'image/png', Buffer.from('x'));
        expect(`${address} ${res.statusCode}`).toBe(`${address} 403`);
      }
      expect((await put(url.pathname, 'image/png', Buffer.from('x'))).statusCode).toBe(400);
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
      expect(fs.existsSync(storedPath(other.file))).toBe(false);
      expect((await put(g.url, 'image/png', Buffer.from('x'))).statusCode).toBe(200);
    });
  });

  describe('GET /api/files/object/{key}', () => {
    it('serves the stored bytes with the content type of the file', async () => {
      const cases: Array<[string, string, Buffer]> = [
        ['photo.png', 'image/png', PNG],
        ['photo.jpg', 'image/jpeg', JPEG],
        ['song.mp3', 'audio/mpeg', MP3],
        ['clip.mp4', 'video/mp4', MP4],
      ];
      for (const [name, type, bytes] of cases) {
        const file = await uploaded(name, bytes);
        const res = await call(t.app, { method: 'GET', url: file.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.rawPayload).toEqual(bytes);
      }
    });

    it('answers a Range request with 206 and the bytes asked for', async () => {
      const bytes = Buffer.concat([MP4, Buffer.from('0123456789abcdefghij')]);
      const at = MP4.length;
      const file = await uploaded('range.mp4', bytes);
      const res = await call(t.app, { method: 'GET', url: file.url, headers: { range: `bytes=${at + 5}-${at + 9}` } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${at + 5}-${at + 9}/${bytes.length}`);
      expect(res.body).toBe('56789');
      const tail = await call(t.app, { method: 'GET', url: file.url, headers: { range: 'bytes=-3' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.body).toBe('hij');
      const outside = await call(t.app, { method: 'GET', url: file.url, headers: { range: `bytes=${bytes.length + 100}-${bytes.length + 200}` } });
      expect(outside.statusCode).toBe(416);
    });

    it('refuses a tampered or expired download address with 403', async () => {
      const file = await uploaded('secret.png', Buffer.concat([PNG, Buffer.from('secret')]));
      const url = new URL(file.url, 'http://localhost');
      const expires = url.searchParams.get('expires') ?? '';
      const signature = url.searchParams.get('signature') ?? '';
      const other = await uploaded('other.png', PNG);
      const expired = await storage.createDownloadUrl(file.file, new Date(Date.now() - 1000));
      for (const address of [
        `${url.pathname}?expires=${expires}&signature=${signature.slice(1)}x`,
        `${url.pathname}?expires=${Number(expires) + 1000}&signature=${signature}`,
        `/api/files/object/${other.file}?expires=${expires}&signature=${signature}`,
        expired,
      ]) {
        const res = await call(t.app, { method: 'GET', url: address });
        expect(`${address} ${res.statusCode}`).toBe(`${address} 403`);
        expect(res.body).not.toContain('secret');
      }
      expect((await call(t.app, { method: 'GET', url: url.pathname })).statusCode).toBe(400);
    });

    it('never serves a file outside the storage folder, even from a correctly signed key', async () => {
      for (const key of ['../portal.sqlite', `${lab.labId}/../../portal.sqlite`]) {
        const address = await storage.createDownloadUrl(key, new Date(Date.now() + 60_000));
        const res = await call(t.app, { method: 'GET', url: address });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain('SQLite format');
      }
    });
  });
});
