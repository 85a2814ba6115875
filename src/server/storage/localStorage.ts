// Files in the data folder. Upload and download addresses are the server's own, signed and expiring; the
// upload route (routes/uploads.ts) streams the bytes in and refuses too many or the wrong content type.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { ObjectStorage, StoredObject } from './objectStorage';
import { sign, signatureMatches } from './signing';

export class TooManyBytes extends Error {}

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly origins: string[] = [];

  constructor(
    readonly root: string,
    private readonly secret: string,
  ) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** The file behind a key, refusing any key that would leave the folder. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`key outside the storage folder: ${key}`);
    return file;
  }

  async createUploadUrl({ grantId, expiresAt }: { grantId: string; expiresAt: Date }): Promise<string> {
    const expires = String(expiresAt.getTime());
    return `/api/files/upload/${grantId}?expires=${expires}&signature=${sign(this.secret, 'put', grantId, expires)}`;
  }

  uploadSignatureValid(grantId: string, expires: string, signature: string): boolean {
    return Number(expires) > Date.now() && signatureMatches(this.secret, signature, 'put', grantId, expires);
  }

  async createDownloadUrl(key: string, expiresAt: Date, downloadName?: string): Promise<string> {
    const expires = String(expiresAt.getTime());
    // The name is signed too, so an address cannot be edited to save the file under another name.
    const named = downloadName === undefined ? [] : [downloadName];
    const query = `expires=${expires}&signature=${sign(this.secret, 'get', key, expires, ...named)}`;
    return `/api/files/object/${key}?${query}${downloadName === undefined ? '' : `&name=${encodeURIComponent(downloadName)}`}`;
  }

  downloadSignatureValid(key: string, expires: string, signature: string, downloadName?: string): boolean {
    const named = downloadName === undefined ? [] : [downloadName];
    return Number(expires) > Date.now() && signatureMatches(this.secret, signature, 'get', key, expires, ...named);
  }

  /** Streams the bytes to the key's file; stops and removes them past maxBytes. Nothing is held in memory. */
  async write(key: string, body: Readable, maxBytes: number): Promise<number> {
    const file = this.pathOf(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > maxBytes) done(new TooManyBytes());
        else done(null, chunk);
      },
    });
    const out = fs.createWriteStream(partial);
    try {
      await pipeline(body, counter, out);
      fs.renameSync(partial, file);
      return received;
    } catch (error) {
      // The file may still be opening when the pipeline fails: remove it only once the stream has closed,
      // or the open would create it again after the removal.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      fs.rmSync(partial, { force: true });
      throw error;
    }
  }

  async readStream(key: string): Promise<Readable> {
    const stream = fs.createReadStream(this.pathOf(key));
    // Opening fails here (a missing file) rather than at the first read.
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('open', () => {
        stream.off('error', reject);
        resolve();
      });
    });
    return stream;
  }

  writeStream(key: string, body: Readable): Promise<number> {
    return this.write(key, body, Number.POSITIVE_INFINITY);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.promises.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, contentType: null } : null;
    } catch {
      return null;
    }
  }

  async readBytes(key: string, start: number, length: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  close(): void {
    // Nothing is held open between requests.
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
