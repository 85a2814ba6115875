import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage, TooManyBytes } from '../../../src/server/storage/localStorage';
import { sign, signatureMatches } from '../../../src/server/storage/signing';

const SECRET = 'a-secret-of-the-test-that-is-long-enough';

function query(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires') ?? '', signature: parsed.searchParams.get('signature') ?? '' };
}

describe('signing', () => {
  it('matches only the same secret and the same parts', () => {
    const signature = sign(SECRET, 'put', 'grant', '123');
    expect(signatureMatches(SECRET, signature, 'put', 'grant', '123')).toBe(true);
    expect(signatureMatches(`${SECRET}x`, signature, 'put', 'grant', '123')).toBe(false);
    expect(signatureMatches(SECRET, signature, 'get', 'grant', '123')).toBe(false);
    expect(signatureMatches(SECRET, signature, 'put', 'grant', '124')).toBe(false);
    expect(signatureMatches(SECRET, signature, 'put', 'gran', 't123')).toBe(false);
    expect(signatureMatches(SECRET, '', 'put', 'grant', '123')).toBe(false);
    expect(signatureMatches(SECRET, `${signature}x`, 'put', 'grant', '123')).toBe(false);
  });

  it('is URL-safe', () => {
    for (let i = 0; i < 50; i += 1) expect(sign(SECRET, 'get', `key-${i}`, String(i))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-local-storage-'));
    storage = new LocalStorage(path.join(root, 'files'), SECRET);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates its folder', () => {
    expect(fs.statSync(path.join(root, 'files')).isDirectory()).toBe(true);
    expect(storage.kind).toBe('local');
  });

  describe('keys', () => {
    it('maps a key to a file inside the folder', () => {
      expect(storage.pathOf('lab/images/1-a.png')).toBe(path.join(root, 'files', 'lab', 'images', '1-a.png'));
    });

    it.each(['../outside.png', 'lab/../../outside.png', '/etc/passwd', '..', ''])('refuses the key "%s"', (key) => {
      expect(() => storage.pathOf(key)).toThrow(/outside the storage folder/);
    });

    it('answers no file for a key outside the folder, and removes nothing there', async () => {
      fs.writeFileSync(path.join(root, 'outside.png'), 'keep');
      expect(await storage.stat('../outside.png')).toBeNull();
      await expect(storage.remove('../outside.png')).rejects.toThrow();
      expect(fs.readFileSync(path.join(root, 'outside.png'), 'utf8')).toBe('keep');
    });
  });

  describe('write, stat and remove', () => {
    it('writes the bytes and answers their size', async () => {
      const n = await storage.write('lab/images/1-a.png', Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5);
      expect(n).toBe(5);
      expect(fs.readFileSync(storage.pathOf('lab/images/1-a.png'), 'utf8')).toBe('abcde');
      expect(await storage.stat('lab/images/1-a.png')).toEqual({ size: 5, contentType: null });
    });

    it('stops past the limit and leaves no file, not even a partial one', async () => {
      await expect(storage.write('lab/images/2-b.png', Readable.from([Buffer.alloc(4), Buffer.alloc(4)]), 7)).rejects.toBeInstanceOf(TooManyBytes);
      expect(await storage.stat('lab/images/2-b.png')).toBeNull();
      expect(fs.readdirSync(path.join(root, 'files', 'lab', 'images'))).toEqual([]);
    });

    it('never leaves a partial file behind, however quickly the limit is passed', async () => {
      // The refusal can come while the partial file is still being opened; it must be gone all the same.
      for (let i = 0; i < 200; i += 1) {
        await expect(storage.write(`lab/videos/${i}.mp4`, Readable.from([Buffer.alloc(4), Buffer.alloc(4)]), 7)).rejects.toBeInstanceOf(TooManyBytes);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fs.readdirSync(path.join(root, 'files', 'lab', 'videos'))).toEqual([]);
    });

    it('keeps an earlier file when a later write of the same key fails', async () => {
      await storage.write('lab/images/3-c.png', Readable.from([Buffer.from('old')]), 10);
      await expect(storage.write('lab/images/3-c.png', Readable.from([Buffer.alloc(11)]), 10)).rejects.toBeInstanceOf(TooManyBytes);
      expect(fs.readFileSync(storage.pathOf('lab/images/3-c.png'), 'utf8')).toBe('old');
    });

    it('answers no file for a folder or a missing key', async () => {
      await storage.write('lab/images/4-d.png', Readable.from([Buffer.from('x')]), 10);
      expect(await storage.stat('lab/images')).toBeNull();
      expect(await storage.stat('lab/images/missing.png')).toBeNull();
    });

    it('reads the first bytes of a file (fewer when it is shorter), and nothing for a missing key', async () => {
      await storage.write('photos/p/1.png', Readable.from([Buffer.from('0123456789')]), 100);
      expect((await storage.readStart('photos/p/1.png', 4))?.toString()).toBe('0123');
      expect((await storage.readStart('photos/p/1.png', 64))?.toString()).toBe('0123456789');
      expect(await storage.readStart('photos/p/missing.png', 4)).toBeNull();
    });

    it('removes a file, and a missing one without error', async () => {
      await storage.write('lab/audios/5-e.mp3', Readable.from([Buffer.from('x')]), 10);
      await storage.remove('lab/audios/5-e.mp3');
      expect(await storage.stat('lab/audios/5-e.mp3')).toBeNull();
      await expect(storage.remove('lab/audios/5-e.mp3')).resolves.toBeUndefined();
    });
  });

  describe('signed addresses', () => {
    it('signs an upload address for its grant until it expires', async () => {
      const expiresAt = new Date(Date.now() + 60_000);
      const url = await storage.createUploadUrl({ grantId: 'grant-1', expiresAt });
      const q = query(url);
      expect(q.path).toBe('/api/files/upload/grant-1');
      expect(q.expires).toBe(String(expiresAt.getTime()));
      expect(storage.uploadSignatureValid('grant-1', q.expires, q.signature)).toBe(true);
      expect(storage.uploadSignatureValid('grant-2', q.expires, q.signature)).toBe(false);
      expect(storage.uploadSignatureValid('grant-1', String(expiresAt.getTime() + 1), q.signature)).toBe(false);
      // An upload signature is no download signature.
      expect(storage.downloadSignatureValid('grant-1', q.expires, q.signature)).toBe(false);
      expect(new LocalStorage(path.join(root, 'other'), `${SECRET}-other`).uploadSignatureValid('grant-1', q.expires, q.signature)).toBe(false);
    });

    it('refuses an address past its time', async () => {
      const url = await storage.createUploadUrl({ grantId: 'g', expiresAt: new Date(Date.now() - 1) });
      const q = query(url);
      expect(storage.uploadSignatureValid('g', q.expires, q.signature)).toBe(false);
      const download = query(await storage.createDownloadUrl('lab/a.png', new Date(Date.now() - 1)));
      expect(storage.downloadSignatureValid('lab/a.png', download.expires, download.signature)).toBe(false);
    });

    it('signs a download address for its key', async () => {
      const url = await storage.createDownloadUrl('lab/images/1.png', new Date(Date.now() + 60_000));
      const q = query(url);
      expect(q.path).toBe('/api/files/object/lab/images/1.png');
      expect(storage.downloadSignatureValid('lab/images/1.png', q.expires, q.signature)).toBe(true);
      expect(storage.downloadSignatureValid('lab/images/2.png', q.expires, q.signature)).toBe(false);
      expect(storage.downloadSignatureValid('lab/images/1.png', 'not-a-number', q.signature)).toBe(false);
    });
  });
});
