import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
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
import { messageOf, send } from '../support/api';
import { authMessages, mediaMessages } from '../../../src/shared/messages';
import { STORAGE_QUOTA_BYTES } from '../../../src/shared/limits';
import { MAX_MEDIA_KEYS } from '../../../src/shared/media';
import type { MediaFile, MediaListAnswer } from '../../../src/shared/types/media';
import type { LabInfo } from '../../../src/shared/types/identity';
import { JPEG, MP3, MP4, PNG, TEXT, padded } from '../../support/mediaSamples';

const MB = 1024 * 1024;
const MISSING_ID = '000000000000000000000000';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each test makes several calls that hash passwords; the whole suite runs many files at once.
jest.setTimeout(20_000);

describe.each(databases)('media files (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let managerA: string;
  let managerB: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    labB = await seedLab(t.app, owner, 1);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
  }, 30_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  const storedPath = (key: string) => path.join(t.config.dataDir, 'files', key);

  async function upload(fileName: string, bytes: Buffer = PNG, name: string = fileName, token = managerA, labId = labA.labId): Promise<MediaFile> {
    const res = await uploadLocalFile(t.app, token, labId, fileName, bytes, name);
    expect(res.statusCode).toBe(201);
    return json<MediaFile>(res);
  }

  async function grant(fileName: string, token = managerA, size?: number): Promise<UploadGrant> {
    const res = await grantUpload(t.app, token, fileName, size);
    expect(res.statusCode).toBe(200);
    return json<UploadGrant>(res);
  }

  async function putBytes(g: UploadGrant, bytes: Buffer): Promise<void> {
    const res = await send(t.app, { method: 'PUT', url: g.url, headers: { 'content-type': g.contentType }, payload: bytes });
    expect(res.statusCode).toBe(200);
  }

  function register(payload: Record<string, unknown>, token = managerA): Promise<LightMyRequestResponse> {
    return api('POST', '/api/files/createfiles', token, payload);
  }

  async function freshLab(): Promise<{ lab: SeededLab; token: string }> {
    const lab = await seedLab(t.app, owner, 1);
    return { lab, token: await labUserToken(t.app, lab.managerEmail, lab.managerPassword) };
  }

  async function filesPage(token: string, page?: number): Promise<MediaListAnswer> {
    const res = await api('GET', page === undefined ? '/api/files/userFiles' : `/api/files/userFiles?pageNumber=${page}`, token);
    expect(res.statusCode).toBe(200);
    return json<MediaListAnswer>(res);
  }

  async function search(token: string, query: string): Promise<string[]> {
    const res = await api('GET', `/api/files/targetfiles${query}`, token);
    expect(res.statusCode).toBe(200);
    return json<{ files: MediaFile[] }>(res).files.map((f) => f.name);
  }

  async function storageUsed(labId: string, token: string): Promise<number> {
    const res = await api('GET', `/api/labs/labinfo/${labId}`, token);
    expect(res.statusCode).toBe(200);
    return json<LabInfo>(res).storageUsed;
  }

  async function grantCount(): Promise<number> {
    return (await t.app.ctx.db.selectFrom('upload_grants').select('id').execute()).length;
  }

  async function insertFileRow(labId: string, name: string, size: number, type = 'image'): Promise<void> {
    const id = randomBytes(12).toString('hex');
    await t.app.ctx.db
      .insertInto('media_files')
      .values({
        id,
        lab_id: labId,
        name,
        type,
        object_key: `${labId}/images/${Date.now()}-${id}.png`,
        content_type: 'image/png',
        size,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  describe('POST /api/files/genLabS3URL', () => {
    it('refuses another extension with 400 and the specification message', async () => {
      const before = await grantCount();
      for (const name of ['animation.gif', 'clip.mov', 'noextension', 'photo.png.html']) {
        const res = await grantUpload(t.app, managerA, name, 10);
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe('files must be in .JPG .JPEG .PNG .MP3 or .MP4 format');
      }
      expect(await grantCount()).toBe(before);
    });

    it.each([
      ['a 3 MB png', 'photo.png', 3 * MB, 'Image should be no more than 2MB in size'],
      ['a jpg one byte over 2 MB', 'photo.jpg', 2 * MB + 1, 'Image should be no more than 2MB in size'],
      ['a 21 MB mp3', 'song.mp3', 21 * MB, 'Audio should be no more than 20MB in size'],
      ['a 31 MB mp4', 'clip.mp4', 31 * MB, 'Video should be no more than 30MB in size'],
    ])('refuses %s with 413 and the type message', async (_what, name, size, message) => {
      const before = await grantCount();
      const res = await grantUpload(t.app, managerA, name, size);
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toBe(message);
      expect(await grantCount()).toBe(before);
    });

    it.each([
      ['photo.jpg', 2 * MB, 'image', 'images', 'jpg', 'image/jpeg'],
      ['Scan.JPEG', 2 * MB, 'image', 'images', 'jpeg', 'image/jpeg'],
      ['logo.png', 100, 'image', 'images', 'png', 'image/png'],
      ['song.mp3', 20 * MB, 'audio', 'audios', 'mp3', 'audio/mpeg'],
      ['clip.MP4', 30 * MB, 'video', 'videos', 'mp4', 'video/mp4'],
    ])('grants %s (%d bytes) as %s under %s/', async (name, size, type, folder, ext, contentType) => {
      const before = Date.now();
      const g = await grant(name, managerA, size);
      expect(g.type).toBe(type);
      expect(g.contentType).toBe(contentType);
      const match = new RegExp(`^${labA.labId}/${folder}/(\\d+)-[0-9a-z]+\\.${ext}$`).exec(g.file);
      expect(match).not.toBeNull();
      const stamp = Number(match?.[1]);
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(stamp).toBeLessThanOrEqual(Date.now());
      expect(g.url).toMatch(/^\/api\/files\/upload\/[^?]+\?expires=\d+&signature=[\w-]+$/);
    });

    it('gives every grant its own key', async () => {
      const keys = new Set<string>();
      for (let i = 0; i < 10; i += 1) keys.add((await grant('same.png')).file);
      expect(keys.size).toBe(10);
    });

    it('refuses a body that is not an upload request with 400', async () => {
      for (const payload of [
        { filePath: 'a.png', fileType: 'image/png', requestType: 'getObject' },
        { fileType: 'image/png', requestType: 'putObject' },
        { filePath: '', fileType: 'image/png', requestType: 'putObject' },
        { filePath: 'a.png', fileType: 'image/png', requestType: 'putObject', fileSize: -1 },
      ]) {
        expect((await api('POST', '/api/files/genLabS3URL', managerA, payload)).statusCode).toBe(400);
      }
    });
  });

  describe('POST /api/files/createfiles', () => {
    it('registers an uploaded file with the size of the stored bytes', async () => {
      const g = await grant('cat.png', managerA, 3);
      const bytes = Buffer.concat([PNG, Buffer.from('more bytes')]);
      await putBytes(g, bytes);
      const res = await register({ lab: labA.labId, name: '  My cat  ', type: 'image', file: g.file, size: 3 });
      expect(res.statusCode).toBe(201);
      const file = json<MediaFile>(res);
      expect(file).toEqual({
        _id: expect.any(String),
        name: 'My cat',
        type: 'image',
        file: g.file,
        url: expect.stringMatching(/^\/api\/files\/object\//),
        size: bytes.length,
        lab: labA.labId,
        createdAt: expect.stringMatching(ISO),
      });
      expect(fs.readFileSync(storedPath(g.file))).toEqual(bytes);
      const read = await api('GET', `/api/files/mediafile/${file._id}`, managerA);
      expect(json<MediaFile>(read)).toMatchObject({ _id: file._id, name: 'My cat', size: bytes.length });
      // The grant is spent: the same key cannot be registered twice.
      const again = await register({ lab: labA.labId, name: 'Twice', type: 'image', file: g.file, size: bytes.length });
      expect(again.statusCode).toBe(400);
      expect(messageOf(again)).toBe(mediaMessages.uploadMissing);
    });

    it('refuses a file whose bytes were never uploaded', async () => {
      const g = await grant('never.png', managerA, 10);
      for (const file of [g.file, `${labA.labId}/images/123-unknown.png`]) {
        const res = await register({ lab: labA.labId, name: 'Never', type: 'image', file, size: 10 });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe('The file has not been uploaded yet. Please try the upload again.');
      }
      // Once the bytes are there, the same grant registers.
      await putBytes(g, PNG);
      expect((await register({ lab: labA.labId, name: 'Now', type: 'image', file: g.file, size: PNG.length })).statusCode).toBe(201);
    });

    it.each(['', '   '])('refuses the name "%s" with 400', async (name) => {
      const g = await grant('nameless.png');
      await putBytes(g, PNG);
      const res = await register({ lab: labA.labId, name, type: 'image', file: g.file, size: PNG.length });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('File name is required');
      expect((await register({ lab: labA.labId, name: 'Named', type: 'image', file: g.file, size: PNG.length })).statusCode).toBe(201);
    });

    it('refuses a file described with another type', async () => {
      const g = await grant('typed.png');
      await putBytes(g, PNG);
      const res = await register({ lab: labA.labId, name: 'Typed', type: 'video', file: g.file, size: PNG.length });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(mediaMessages.uploadMismatch);
    });

    it.each([
      ['a PNG', 'photo.png', PNG, 'image'],
      ['a JPEG', 'photo.jpg', JPEG, 'image'],
      ['a JPEG named .jpeg', 'photo.jpeg', JPEG, 'image'],
      ['an MP3', 'song.mp3', MP3, 'audio'],
      ['an MP4', 'clip.mp4', MP4, 'video'],
    ])('registers %s whose bytes are what its name says', async (_what, fileName, bytes, type) => {
      const res = await uploadLocalFile(t.app, managerA, labA.labId, fileName, bytes, 'Real file');
      expect(res.statusCode).toBe(201);
      expect(json<MediaFile>(res)).toMatchObject({ type, size: bytes.length });
      expect(fs.readFileSync(storedPath(json<MediaFile>(res).file))).toEqual(bytes);
    });

    it.each([
      ['a text file named .png', 'notes.png', TEXT],
      ['a text file named .mp4', 'notes.mp4', TEXT],
      ['a JPEG named .png', 'photo.png', JPEG],
      ['a PNG named .jpg', 'photo.jpg', PNG],
      ['an MP4 named .mp3', 'clip.mp3', MP4],
      ['an MP3 named .mp4', 'song.mp4', MP3],
      ['an empty file', 'empty.png', Buffer.alloc(0)],
    ])('refuses %s, naming the accepted formats, and keeps nothing of it', async (_what, fileName, bytes) => {
      const before = (await filesPage(managerA, 1)).files.length;
      const used = await storageUsed(labA.labId, managerA);
      const g = await grant(fileName, managerA, bytes.length);
      await putBytes(g, bytes);
      expect(fs.existsSync(storedPath(g.file))).toBe(true);

      const res = await register({ lab: labA.labId, name: 'Not what it says', type: g.type, file: g.file, size: bytes.length });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('The content of this file does not match its extension. Files must be in .JPG .JPEG .PNG .MP3 or .MP4 format');
      // The stored object and its grant are gone: nothing to list, to count, or to register later.
      expect(fs.existsSync(storedPath(g.file))).toBe(false);
      const again = await register({ lab: labA.labId, name: 'Again', type: g.type, file: g.file, size: bytes.length });
      expect(messageOf(again)).toBe(mediaMessages.uploadMissing);
      expect((await filesPage(managerA, 1)).files.length).toBe(before);
      expect(await storageUsed(labA.labId, managerA)).toBe(used);
    });

    it("answers 404 for another lab's id", async () => {
      const g = await grant('wronglab.png');
      await putBytes(g, PNG);
      for (const lab of [labB.labId, MISSING_ID]) {
        const res = await register({ lab, name: 'Wrong lab', type: 'image', file: g.file, size: PNG.length });
        expect(res.statusCode).toBe(404);
      }
      expect((await filesPage(managerB, 1)).files.map((f) => f.file)).not.toContain(g.file);
    });

    it("refuses to register another lab's upload in one's own lab", async () => {
      const g = await grant('theirs.png', managerA);
      await putBytes(g, PNG);
      const res = await register({ lab: labB.labId, name: 'Stolen', type: 'image', file: g.file, size: PNG.length }, managerB);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(mediaMessages.uploadMissing);
      expect((await register({ lab: labA.labId, name: 'Mine', type: 'image', file: g.file, size: PNG.length })).statusCode).toBe(201);
    });
  });

  describe('GET /api/files/userFiles', () => {
    it('pages the lab files by 10, newest first; an out-of-range page is empty with the real page count', async () => {
      const { lab, token } = await freshLab();
      expect(await filesPage(token)).toEqual({ files: [], pages: 1, page: 1 });
      const ids: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        ids.push((await upload(`f${i}.png`, PNG, `File ${i}`, token, lab.labId))._id);
        await sleep(3);
      }
      const newestFirst = [...ids].reverse();
      const first = await filesPage(token, 1);
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.files.map((f) => f._id)).toEqual(newestFirst.slice(0, 10));
      expect(first.files.every((f) => f.lab === lab.labId && f.type === 'image' && f.size === PNG.length)).toBe(true);
      const second = await filesPage(token, 2);
      expect(second).toMatchObject({ page: 2, pages: 2 });
      expect(second.files.map((f) => f._id)).toEqual(newestFirst.slice(10));
      expect(await filesPage(token)).toEqual({ ...first, files: first.files.map((f) => ({ ...f, url: expect.any(String) })) });
      expect(await filesPage(token, 5)).toEqual({ files: [], pages: 2, page: 5 });
      expect((await api('GET', '/api/files/userFiles?pageNumber=0', token)).statusCode).toBe(400);
    });
  });

  describe('/api/files/mediafile/{id}', () => {
    it('renames a file, trimmed, and refuses an empty name', async () => {
      const file = await upload('rename.png');
      const res = await api('PUT', `/api/files/mediafile/${file._id}`, managerA, { name: '  New name ' });
      expect(res.statusCode).toBe(200);
      expect(json<MediaFile>(res)).toMatchObject({ _id: file._id, name: 'New name', file: file.file, size: file.size });
      for (const name of ['', '   ']) {
        const empty = await api('PUT', `/api/files/mediafile/${file._id}`, managerA, { name });
        expect(empty.statusCode).toBe(400);
        expect(messageOf(empty)).toBe('File name is required');
      }
      expect((await api('PUT', `/api/files/mediafile/${file._id}`, managerA, {})).statusCode).toBe(400);
      expect(json<MediaFile>(await api('GET', `/api/files/mediafile/${file._id}`, managerA)).name).toBe('New name');
    });

    it('deletes the record and its stored file; its address then answers 404', async () => {
      const file = await upload('gone.png');
      expect(fs.existsSync(storedPath(file.file))).toBe(true);
      expect((await send(t.app, { method: 'GET', url: file.url })).statusCode).toBe(200);
      const used = await storageUsed(labA.labId, managerA);

      const res = await api('DELETE', `/api/files/mediafile/${file._id}`, managerA);
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(mediaMessages.fileDeleted);
      expect(fs.existsSync(storedPath(file.file))).toBe(false);
      expect((await send(t.app, { method: 'GET', url: file.url })).statusCode).toBe(404);
      expect((await api('GET', `/api/files/mediafile/${file._id}`, managerA)).statusCode).toBe(404);
      expect((await api('DELETE', `/api/files/mediafile/${file._id}`, managerA)).statusCode).toBe(404);
      expect(await storageUsed(labA.labId, managerA)).toBe(used - file.size);
    });

    it('answers 404 for a file that does not exist', async () => {
      for (const [method, payload] of [['GET', undefined], ['PUT', { name: 'x' }], ['DELETE', undefined]] as const) {
        const res = await api(method, `/api/files/mediafile/${MISSING_ID}`, managerA, payload);
        expect(res.statusCode).toBe(404);
        expect(messageOf(res)).toBe(mediaMessages.fileNotFound);
      }
    });
  });

  describe('GET /api/files/targetfiles', () => {
    let token: string;

    beforeAll(async () => {
      const fresh = await freshLab();
      token = fresh.token;
      await upload('a.png', PNG, 'Cat Photo', token, fresh.lab.labId);
      await upload('b.jpg', JPEG, 'cat_video_still', token, fresh.lab.labId);
      await upload('c.mp3', MP3, 'CATCALL sound', token, fresh.lab.labId);
      await upload('d.mp4', MP4, '100% catwalk', token, fresh.lab.labId);
      await upload('e.png', PNG, 'Dog', token, fresh.lab.labId);
      await upload('f.png', PNG, 'backslash \\ file', token, fresh.lab.labId);
    });

    it('finds names containing the keyword in any letter case', async () => {
      expect((await search(token, '?keyword=cat')).sort()).toEqual(['100% catwalk', 'CATCALL sound', 'Cat Photo', 'cat_video_still'].sort());
      expect(await search(token, '?keyword=DOG')).toEqual(['Dog']);
      expect(await search(token, '?keyword=%20photo%20')).toEqual(['Cat Photo']);
      expect(await search(token, '?keyword=zebra')).toEqual([]);
    });

    it('takes % and _ literally', async () => {
      expect(await search(token, '?keyword=%25')).toEqual(['100% catwalk']);
      expect(await search(token, '?keyword=_')).toEqual(['cat_video_still']);
      expect(await search(token, '?keyword=t_v')).toEqual(['cat_video_still']);
      expect(await search(token, '?keyword=0%25%20c')).toEqual(['100% catwalk']);
      expect(await search(token, '?keyword=%5C')).toEqual(['backslash \\ file']);
    });

    it('filters by type, alone or with a keyword', async () => {
      expect((await search(token, '?type=image')).sort()).toEqual(['Cat Photo', 'Dog', 'backslash \\ file', 'cat_video_still'].sort());
      expect(await search(token, '?type=audio')).toEqual(['CATCALL sound']);
      expect(await search(token, '?type=video&keyword=CAT')).toEqual(['100% catwalk']);
      expect(await search(token, '?type=audio&keyword=dog')).toEqual([]);
      expect(await search(token, '?type=')).toHaveLength(6);
      expect((await api('GET', '/api/files/targetfiles?type=document', token)).statusCode).toBe(400);
    });
  });

  describe('POST /api/files/byKeys', () => {
    it("answers the lab's own files stored under the keys, with addresses that serve them; other labs' and unknown keys not", async () => {
      const { lab, token } = await freshLab();
      const cat = await upload('cat.png', PNG, 'Cat', token, lab.labId);
      const song = await upload('song.mp3', MP3, 'Song', token, lab.labId);
      await upload('dog.png', PNG, 'Dog', token, lab.labId);
      const other = await upload('other.png', PNG, 'Other lab', managerB, labB.labId);

      const res = await api('POST', '/api/files/byKeys', token, { keys: [cat.file, song.file, cat.file, other.file, 'labs/none/images/x.png'] });
      expect(res.statusCode).toBe(200);
      const files = json<{ files: MediaFile[] }>(res).files;
      expect(files.map((f) => f.name).sort()).toEqual(['Cat', 'Song']);
      const served = await send(t.app, { method: 'GET', url: files.find((f) => f.file === cat.file)!.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(json<{ files: MediaFile[] }>(await api('POST', '/api/files/byKeys', token, { keys: [] })).files).toEqual([]);
    });

    it('refuses more keys than MAX_MEDIA_KEYS, and a call without a session', async () => {
      const { token } = await freshLab();
      const keys = Array.from({ length: MAX_MEDIA_KEYS + 1 }, (_, i) => `k${i}`);
      expect((await api('POST', '/api/files/byKeys', token, { keys })).statusCode).toBe(400);
      expect((await api('POST', '/api/files/byKeys', token, { keys: keys.slice(1) })).statusCode).toBe(200);
      expect((await api('POST', '/api/files/byKeys', undefined, { keys: [] })).statusCode).toBe(401);
    });
  });

  describe('storage use and quota', () => {
    it('sums the sizes of the lab files in labinfo', async () => {
      const { lab, token } = await freshLab();
      expect(await storageUsed(lab.labId, token)).toBe(0);
      const one = await upload('one.png', padded(PNG, 1000), 'One', token, lab.labId);
      const two = await upload('two.mp3', padded(MP3, 2345), 'Two', token, lab.labId);
      expect(await storageUsed(lab.labId, token)).toBe(one.size + two.size);
      expect(one.size + two.size).toBe(3345);
      const info = json<LabInfo>(await api('GET', `/api/labs/labinfo/${lab.labId}`, owner));
      expect(info).toMatchObject({ storageUsed: 3345, storageQuota: STORAGE_QUOTA_BYTES });
    });

    it('refuses an upload that would pass the 2 GB quota, at the grant and at registration', async () => {
      const { lab, token } = await freshLab();
      await insertFileRow(lab.labId, 'Huge', STORAGE_QUOTA_BYTES - 100);
      expect(await storageUsed(lab.labId, token)).toBe(STORAGE_QUOTA_BYTES - 100);

      const over = await grantUpload(t.app, token, 'more.png', 101);
      expect(over.statusCode).toBe(413);
      expect(messageOf(over)).toBe('This lab has used all of its 2 GB of storage. Delete some files first.');
      expect((await grantUpload(t.app, token, 'fits.png', 100)).statusCode).toBe(200);

      // The browser said 10 bytes; 150 arrive. The stored bytes decide.
      const g = await grant('liar.png', token, 10);
      await putBytes(g, padded(PNG, 150));
      const res = await register({ lab: lab.labId, name: 'Liar', type: 'image', file: g.file, size: 10 }, token);
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toBe(mediaMessages.quotaExceeded);
      expect((await filesPage(token, 1)).files.map((f) => f.name)).toEqual(['Huge']);
    });
  });

  describe('who may call', () => {
    it("answers 404 to another lab for every call on a lab's file, changing nothing", async () => {
      const file = await upload('private.png', PNG, 'Private');
      for (const [method, payload] of [['GET', undefined], ['PUT', { name: 'Taken over' }], ['DELETE', undefined]] as const) {
        const res = await api(method, `/api/files/mediafile/${file._id}`, managerB, payload);
        expect(`${method} ${res.statusCode}`).toBe(`${method} 404`);
        expect(messageOf(res)).toBe(mediaMessages.fileNotFound);
      }
      const after = json<MediaFile>(await api('GET', `/api/files/mediafile/${file._id}`, managerA));
      expect(after).toEqual({ ...file, url: expect.any(String) });
      expect(fs.existsSync(storedPath(file.file))).toBe(true);

      const listed = (await filesPage(managerB, 1)).files.map((f) => f._id);
      expect(listed).not.toContain(file._id);
      expect(await search(managerB, '?keyword=Private')).toEqual([]);
      const labInfo = await api('GET', `/api/labs/labinfo/${labA.labId}`, managerB);
      expect(labInfo.statusCode).toBe(404);
      expect(messageOf(labInfo)).toBe(authMessages.labNotFound);
    });

    it('refuses the system owner with 403 on every media call', async () => {
      const file = await upload('owned.png');
      const calls: Array<[Method, string, Record<string, unknown> | undefined]> = [
        ['POST', '/api/files/genLabS3URL', { filePath: 'a.png', fileType: 'image/png', requestType: 'putObject', fileSize: 10 }],
        ['POST', '/api/files/createfiles', { lab: labA.labId, name: 'Owner', type: 'image', file: file.file, size: 10 }],
        ['GET', '/api/files/userFiles?pageNumber=1', undefined],
        ['GET', '/api/files/targetfiles?keyword=a', undefined],
        ['GET', `/api/files/mediafile/${file._id}`, undefined],
        ['PUT', `/api/files/mediafile/${file._id}`, { name: 'Owner' }],
        ['DELETE', `/api/files/mediafile/${file._id}`, undefined],
      ];
      for (const [method, url, payload] of calls) {
        const res = await api(method, url, owner, payload);
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
        expect(messageOf(res)).toBe(authMessages.labUserOnly);
        const anonymous = await api(method, url, undefined, payload);
        expect(`${method} ${url} ${anonymous.statusCode}`).toBe(`${method} ${url} 401`);
      }
      expect(json<MediaFile>(await api('GET', `/api/files/mediafile/${file._id}`, managerA)).name).toBe(file.name);
      expect(fs.existsSync(storedPath(file.file))).toBe(true);
    });
  });
});
