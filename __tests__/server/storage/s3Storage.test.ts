import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, grantUpload, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp, type UploadGrant } from '../support/testApp';
import { S3RVER_KEY, startS3, type RunningS3 } from '../support/s3';
import { messageOf } from '../support/api';
import { mediaMessages } from '../../../src/shared/messages';
import { S3Storage } from '../../../src/server/storage/s3Storage';
import type { MediaFile, MediaListAnswer } from '../../../src/shared/types/media';
import type { LabInfo } from '../../../src/shared/types/identity';

const MB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

// Each test makes several calls that hash passwords; the whole suite runs many files at once.
jest.setTimeout(20_000);

describe.each(databases)('S3-compatible storage through s3rver (%s)', (database) => {
  let s3: RunningS3;
  let t: TestApp;
  let lab: SeededLab;
  let token: string;
  let client: S3Client;
  /** What to undo, newest first, whatever step of the set-up failed. */
  const undo: Array<() => unknown> = [];

  beforeAll(async () => {
    s3 = await startS3();
    undo.unshift(() => s3.stop());
    t = await createTestApp(database, s3.env);
    undo.unshift(() => t.close());
    const owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    });
    undo.unshift(() => client.destroy());
  }, 30_000);
  afterAll(async () => {
    // Every step runs even when one fails: a running S3 server would keep jest waiting forever.
    const errors: unknown[] = [];
    for (const step of undo.splice(0)) {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw errors[0];
  }, 30_000);

  async function grant(fileName: string, size?: number): Promise<UploadGrant> {
    const res = await grantUpload(t.app, token, fileName, size);
    expect(res.statusCode).toBe(200);
    return json<UploadGrant>(res);
  }

  function register(g: UploadGrant, name: string, size: number): Promise<LightMyRequestResponse> {
    return call(t.app, { method: 'POST', url: '/api/files/createfiles', token, payload: { lab: lab.labId, name, type: g.type, file: g.file, size } });
  }

  /** HeadObject's status for a key: 200 when the object is there, 404 when not. */
  async function headStatus(key: string): Promise<number> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      return 200;
    } catch (error) {
      return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
    }
  }

  async function uploadThrough(g: UploadGrant, bytes: Buffer, contentType = g.contentType): Promise<Response> {
    return fetch(g.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
  }

  it('keeps files in the bucket', () => {
    expect(t.app.ctx.storage).toBeInstanceOf(S3Storage);
    expect(t.app.ctx.storage.kind).toBe('s3');
  });

  it('grants a real pre-signed PUT address for the per-lab key, without a checksum of an empty body', async () => {
    const g = await grant('photo.png', PNG.length);
    const url = new URL(g.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/${g.file}`);
    expect(g.file).toMatch(new RegExp(`^${lab.labId}/images/\\d+-[0-9a-f]+\\.png$`));
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(14 * 60);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
    // A checksum signed into the address would be the CRC32 of no bytes, and real S3 refuses every file then.
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.startsWith('x-amz-checksum') || k === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
  });

  it('lets the browser allow the store in its content security policy', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/config' });
    const policy = String(res.headers['content-security-policy']);
    for (const directive of ['connect-src', 'img-src', 'media-src']) {
      const value = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${directive} `));
      expect(`${directive}: ${String(value?.split(' ').includes(s3.endpoint))}`).toBe(`${directive}: true`);
    }
  });

  it('runs the whole flow: pre-signed PUT, createfiles, pre-signed download', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('the rest of the picture')]);
    const g = await grant('cat.png', bytes.length);
    const put = await uploadThrough(g, bytes);
    expect(put.status).toBe(200);
    expect(await headStatus(g.file)).toBe(200);

    const res = await register(g, 'Cat', 1);
    expect(res.statusCode).toBe(201);
    const file = json<MediaFile>(res);
    expect(file).toMatchObject({ name: 'Cat', type: 'image', file: g.file, size: bytes.length, lab: lab.labId });

    const download = new URL(file.url);
    expect(download.origin).toBe(s3.endpoint);
    expect(download.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const got = await fetch(file.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    const part = await fetch(file.url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 8));

    const listed = json<MediaListAnswer>(await call(t.app, { method: 'GET', url: '/api/files/userFiles?pageNumber=1', token }));
    expect(listed.files.map((f) => f._id)).toContain(file._id);
    const info = json<LabInfo>(await call(t.app, { method: 'GET', url: `/api/labs/labinfo/${lab.labId}`, token }));
    expect(info.storageUsed).toBeGreaterThanOrEqual(bytes.length);
  });

  it('refuses at createfiles an object over its type limit, and removes it from the bucket', async () => {
    // The browser said nothing of the size; the store took every byte.
    const g = await grant('huge.png');
    const put = await uploadThrough(g, Buffer.alloc(2 * MB + 1, 1));
    expect(put.status).toBe(200);
    expect(await headStatus(g.file)).toBe(200);

    const res = await register(g, 'Huge', 10);
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toBe('Image should be no more than 2MB in size');
    expect(await headStatus(g.file)).toBe(404);
    const again = await register(g, 'Huge', 10);
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe(mediaMessages.uploadMissing);
  });

  it('refuses an object stored with another content type than the one granted', async () => {
    const g = await grant('typed.png');
    expect((await uploadThrough(g, PNG, 'text/html')).status).toBe(200);
    const res = await register(g, 'Typed', PNG.length);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(mediaMessages.uploadMismatch);
  });

  it('refuses createfiles before the bytes are in the bucket', async () => {
    const g = await grant('later.mp3', 10);
    const res = await register(g, 'Later', 10);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The file has not been uploaded yet. Please try the upload again.');
  });

  it('deletes the object with its record', async () => {
    const bytes = Buffer.from('ID3 an mp3 of a few bytes');
    const g = await grant('song.mp3', bytes.length);
    expect((await uploadThrough(g, bytes)).status).toBe(200);
    const file = json<MediaFile>(await register(g, 'Song', bytes.length));
    expect(file.type).toBe('audio');
    expect((await fetch(file.url)).status).toBe(200);

    const res = await call(t.app, { method: 'DELETE', url: `/api/files/mediafile/${file._id}`, token });
    expect(res.statusCode).toBe(200);
    expect(await headStatus(g.file)).toBe(404);
    expect((await fetch(file.url)).status).toBe(404);
  });

  it('reads the first bytes of an object with a ranged GET, nothing for a missing key', async () => {
    const storage = t.app.ctx.storage;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'photos/p/start.png', Body: Buffer.from('0123456789'), ContentType: 'image/png' }));
    expect((await storage.readStart('photos/p/start.png', 4))?.toString()).toBe('0123');
    expect(await storage.readStart('photos/p/none.png', 4)).toBeNull();
  });

  it('has no local upload or download routes', async () => {
    const g = await grant('local.png');
    expect((await call(t.app, { method: 'PUT', url: `/api/files/upload/x?expires=1&signature=x`, headers: { 'content-type': 'image/png' }, payload: PNG })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/files/object/${g.file}?expires=1&signature=x` })).statusCode).toBe(404);
  });
});
