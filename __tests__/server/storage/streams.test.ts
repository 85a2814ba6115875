// Storage's streamed reads and writes (the photo zip reads photos and writes the zip through them): bytes come
// back as written, a failing body leaves no object, and on S3 a large body goes up in multipart parts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LocalStorage } from '../../../src/server/storage/localStorage';
import { S3Storage } from '../../../src/server/storage/s3Storage';
import { S3_PART_BYTES } from '../../../src/server/storage/s3Upload';
import type { ObjectStorage } from '../../../src/server/storage/objectStorage';
import { S3RVER_KEY, startS3, type RunningS3 } from '../support/s3';

jest.setTimeout(60_000);

const MB = 1024 * 1024;

/** The bytes in 64 KiB chunks, failing after `failAfter` bytes when given. */
function body(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
        if (failAfter !== undefined && offset >= failAfter) throw new Error('the source failed');
        yield bytes.subarray(offset, offset + 64 * 1024);
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

let s3: RunningS3;
let dir: string;
const stores: Record<'local' | 's3', ObjectStorage> = {} as Record<'local' | 's3', ObjectStorage>;

beforeAll(async () => {
  s3 = await startS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-streams-'));
  stores.local = new LocalStorage(dir, 'a-secret-of-at-least-thirty-two-characters');
  stores.s3 = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
}, 30_000);

afterAll(async () => {
  stores.s3?.close();
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe.each(['local', 's3'] as const)('streams on %s storage', (kind) => {
  it('writes a stream and reads it back byte for byte', async () => {
    const bytes = randomBytes(3 * MB + 123);
    const size = await stores[kind].writeStream('streams/a.zip', body(bytes), 'application/zip');
    expect(size).toBe(bytes.length);
    expect((await readAll(await stores[kind].readStream('streams/a.zip'))).equals(bytes)).toBe(true);
    expect((await stores[kind].stat('streams/a.zip'))?.size).toBe(bytes.length);
  });

  it('leaves no object when the body fails', async () => {
    await expect(stores[kind].writeStream('streams/failed.zip', body(randomBytes(2 * MB), MB), 'application/zip')).rejects.toThrow('the source failed');
    expect(await stores[kind].stat('streams/failed.zip')).toBeNull();
  });

  it('fails to read a missing object', async () => {
    await expect(stores[kind].readStream('streams/missing.jpg')).rejects.toBeTruthy();
  });
});

describe('S3 multipart', () => {
  it(`sends a body larger than one part (${S3_PART_BYTES / MB} MB) in parts, with its content type`, async () => {
    const bytes = randomBytes(2 * S3_PART_BYTES + 5 * MB);
    const send = jest.spyOn(S3Client.prototype, 'send');
    try {
      expect(await stores.s3.writeStream('streams/large.zip', body(bytes), 'application/zip')).toBe(bytes.length);
      const commands = send.mock.calls.map(([command]) => command.constructor.name);
      expect(commands).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    } finally {
      send.mockRestore();
    }
    expect((await readAll(await stores.s3.readStream('streams/large.zip'))).equals(bytes)).toBe(true);
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'streams/large.zip' }));
      expect(head.ContentType).toBe('application/zip');
      expect(head.ContentLength).toBe(bytes.length);
    } finally {
      client.destroy();
    }
  });

  it('aborts the upload when the body fails after a part was sent', async () => {
    const bytes = randomBytes(S3_PART_BYTES + 2 * MB);
    await expect(stores.s3.writeStream('streams/aborted.zip', body(bytes, S3_PART_BYTES + MB), 'application/zip')).rejects.toThrow('the source failed');
    expect(await stores.s3.stat('streams/aborted.zip')).toBeNull();
  });
});
