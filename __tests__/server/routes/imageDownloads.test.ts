// The photo (image data) download: photos uploaded and answered through the participant app, then the
// researcher's start call and link call; the zip is opened with fflate and compared byte for byte. On local
// storage and on S3 (s3rver), on SQLite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send } from '../support/api';
import { startS3, type RunningS3 } from '../support/s3';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { JPEG, PNG } from '../../support/mediaSamples';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question } from '../../../src/shared/questionnaire/types';
import type { Study } from '../../../src/shared/types/study';
import type { AppTasksAnswer, UploadAnswer } from '../../../src/shared/types/participantApp';
import type { ImageDownloadAnswer, ImageLinkReady } from '../../../src/shared/types/imageDownloads';
import { IMAGE_BUILDS_PER_USER, imageDownloadMessages } from '../../../src/shared/imageDownloads';
import { participantMessages, studyMessages } from '../../../src/shared/messages';
import { tokenId } from '../../../src/server/services/exports/imageDownloads/imageDownloads';
import type { ActivityPage } from '../../../src/shared/audit';

jest.setTimeout(60_000);

type StorageKind = 'local' | 's3';
const cases: Array<[string, (typeof databases)[number], StorageKind]> = databases.flatMap((db) => [
  [`${db}, local storage`, db, 'local'] as [string, typeof db, StorageKind],
  [`${db}, S3`, db, 's3'] as [string, typeof db, StorageKind],
]);

/** A photo question with two photo responses (two photos in one answer share its submitted time). */
function photoQuestions(): Question[] {
  const question = { ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'photoUpload'), makeResponse('r1', 'photoUpload')] };
  return [{ ...question, position: 0, other_info: question.other_info.map((r, j) => ({ ...r, position: j })) }];
}

/** A real JPEG, then bytes after its end marker (as cameras append metadata), so it spans many chunks. */
function largeJpeg(): Buffer {
  return Buffer.concat([JPEG, randomBytes(300 * 1024)]);
}

describe.each(cases)('image data download (%s)', (_name, database, storageKind) => {
  let s3: RunningS3 | null = null;
  let t: TestApp;
  let manager: string;
  let colleague: string;
  let otherManager: string;
  let study: Study;
  let otherStudy: Study;
  let withPhotos: { id: string; code: string };
  let withoutPhotos: string;
  let otherLabParticipant: string;
  let abbrev: string;
  let labId: string;
  let managerEmail: string;
  /** The stored photos in the zip's order, with the time their answer was given. */
  const photos: { bytes: Buffer; ext: string; submittedAt: string }[] = [];
  /** Their storage keys (which hold internal ids), in the same order. */
  const storedKeys: string[] = [];
  const undo: Array<() => unknown> = [];

  beforeAll(async () => {
    if (storageKind === 's3') {
      s3 = await startS3();
      const running = s3;
      undo.unshift(() => running.stop());
    }
    t = await createTestApp(database, s3?.env ?? {});
    undo.unshift(() => t.close());
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    labId = lab.labId;
    managerEmail = lab.managerEmail;
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    const user = await registerUser(t.app, owner, lab.labId);
    colleague = await labUserToken(t.app, user.email, user.password);

    abbrev = `PH${randomBytes(2).toString('hex')}`;
    const questionnaire = await createQuestionnaire(t.app, manager, photoQuestions, { abbrev });
    study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { anytime: [questionnaire._id] });
    otherStudy = await createStudy(t.app, otherManager, { active: true });
    otherLabParticipant = (await createParticipant(t.app, otherManager, otherStudy._id))._id;

    const p = await createParticipant(t.app, manager, study._id);
    withPhotos = { id: p._id, code: p.participant_code };
    withoutPhotos = (await createParticipant(t.app, manager, study._id))._id;
    const session = await appLogin(t.app, p.email);
    const tasks = json<AppTasksAnswer>(await call(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: session.token }));
    const taskId = tasks.anytime[0]._id;

    const upload = async (bytes: Buffer, contentType: string): Promise<string> => {
      const grant = json<UploadAnswer>(await call(t.app, { method: 'POST', url: '/api/app/uploads', token: session.token, payload: { contentType, size: bytes.length } }));
      if (storageKind === 's3') {
        const put = await fetch(grant.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
        expect(put.status).toBe(200);
      } else {
        const put = await call(t.app, { method: 'PUT', url: grant.url, headers: { 'content-type': contentType }, payload: bytes });
        expect(put.statusCode).toBe(200);
      }
      return grant.key;
    };
    const answer = async (submittedAt: string, items: Array<{ bytes: Buffer; contentType: string }>) => {
      const keys: string[] = [];
      for (const item of items) keys.push(await upload(item.bytes, item.contentType));
      const res = await call(t.app, {
        method: 'POST',
        url: `/api/app/studies/${study._id}/responses`,
        token: session.token,
        payload: {
          submissionId: `photo-${randomBytes(4).toString('hex')}`,
          taskId,
          questionnaireId: questionnaire._id,
          startedAt: submittedAt,
          submittedAt,
          answers: keys.map((value, i) => ({ question_pos: 0, response_pos: i, value })),
        },
      });
      expect(res.statusCode).toBe(201);
      for (const item of items) photos.push({ bytes: item.bytes, ext: item.contentType === 'image/png' ? 'png' : 'jpg', submittedAt });
      storedKeys.push(...keys);
    };
    const minuteAgo = new Date(Date.now() - 60_000);
    minuteAgo.setUTCMilliseconds(0);
    await answer(minuteAgo.toISOString(), [
      { bytes: largeJpeg(), contentType: 'image/jpeg' },
      { bytes: JPEG, contentType: 'image/jpeg' },
    ]);
    await answer(new Date(minuteAgo.getTime() + 30_000).toISOString(), [{ bytes: PNG, contentType: 'image/png' }]);
  }, 60_000);

  afterAll(async () => {
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

  const start = (token: string, studyId = study._id, participantId = withPhotos.id) =>
    send(t.app, { method: 'GET', url: `/api/data/${studyId}/${participantId}/download_img_resp`, token });

  const askLink = (token: string, answer: ImageDownloadAnswer | { s3ZipperToken: string }) =>
    send(t.app, { method: 'POST', url: '/api/data/get_img_resp_link', token, payload: answer });

  /** Asks for the link as the portal does, until it is no longer being built. */
  async function pollLink(token: string, answer: ImageDownloadAnswer): Promise<LightMyRequestResponse> {
    for (let i = 0; i < 400; i += 1) {
      const res = await askLink(token, answer);
      if (res.statusCode !== 202) return res;
      expect(json(res)).toEqual({ status: 'Started', message: imageDownloadMessages.started });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the zip was never built');
  }

  async function fetchZip(link: string): Promise<{ bytes: Buffer; disposition: string }> {
    if (link.startsWith('/')) {
      const res = await call(t.app, { method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      return { bytes: res.rawPayload, disposition: String(res.headers['content-disposition']) };
    }
    const res = await fetch(link);
    expect(res.status).toBe(200);
    return { bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition') ?? '' };
  }

  const compact = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

  it('zips the participant’s photo answers, named by participant, questionnaire and time, byte for byte', async () => {
    const res = await start(manager);
    expect(res.statusCode).toBe(200);
    const started = json<ImageDownloadAnswer>(res);
    expect(started.s3ZipperToken).toMatch(/^[\w-]{43}$/);
    expect(started.streamZipResp).toEqual({
      status: 'Started',
      message: imageDownloadMessages.started,
      photoCount: 3,
      fileName: expect.stringMatching(new RegExp(`^${study.study_code}_${withPhotos.code}_images_\\d{8}-\\d{6}\\.zip$`)),
    });

    const ready = await pollLink(manager, started);
    expect(ready.statusCode).toBe(200);
    const link = json<ImageLinkReady>(ready);
    expect(link).toEqual({
      status: 'ReadyDownload',
      message: imageDownloadMessages.ready,
      link: expect.any(String),
      fileName: started.streamZipResp.fileName,
      expiresAt: expect.any(String),
      photoCount: 3,
    });
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    const zip = await fetchZip(link.link);
    expect(zip.disposition).toContain(`filename="${link.fileName}"`);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const [first, second, third] = photos;
    const expected = [
      `${withPhotos.code}_${abbrev}_${compact(first.submittedAt)}.jpg`,
      `${withPhotos.code}_${abbrev}_${compact(second.submittedAt)}_2.jpg`,
      `${withPhotos.code}_${abbrev}_${compact(third.submittedAt)}.png`,
    ];
    expect(Object.keys(files)).toEqual(expected);
    expected.forEach((name, i) => expect(Buffer.from(files[name]).equals(photos[i].bytes)).toBe(true));

    if (storageKind === 'local') {
      // The name is signed with the address: another name, or none, is refused.
      for (const edited of [link.link.replace(/name=[^&]+/, 'name=other.zip'), link.link.replace(/&name=[^&]+/, '')]) {
        expect((await call(t.app, { method: 'GET', url: edited })).statusCode).toBe(403);
      }
    }
  });

  it('names each photo the same in the zip, the analysis manifest and the text download, never by its storage key', async () => {
    const started = json<ImageDownloadAnswer>(await start(manager));
    const zip = await fetchZip(json<ImageLinkReady>(await pollLink(manager, started)).link);
    const zipNames = Object.keys(unzipSync(new Uint8Array(zip.bytes)));
    expect(zipNames).toHaveLength(3);

    const csvOf = (bytes: Uint8Array) => parse(strFromU8(bytes.subarray(3)), { columns: true }) as Record<string, string>[];
    const body = { stageId: study.stage_list[0]._id, excludedParticipantsIds: [] };
    const text = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_text_resp`, token: manager, payload: body });
    expect(text.statusCode).toBe(200);
    const textFiles = unzipSync(new Uint8Array(Buffer.from(json<{ content: string }>(text).content, 'base64')));
    const rows = Object.values(textFiles).flatMap(csvOf).sort((a, b) => a.submitted_time_utc.localeCompare(b.submitted_time_utc));
    // The first answer holds two photos, the second one; in the zip's order.
    expect([rows[0].Q1_R1, rows[0].Q1_R2, rows[1].Q1_R1]).toEqual(zipNames);

    const analysis = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: body });
    expect(analysis.statusCode).toBe(200);
    const analysisFiles = unzipSync(new Uint8Array(analysis.rawPayload));
    expect(csvOf(analysisFiles['photo_manifest.csv']).map((r) => r.file_name)).toEqual(zipNames);
    const tasks = csvOf(analysisFiles['tasks_long.csv']).filter((r) => r.participant_id === withPhotos.code);
    expect(tasks.flatMap((r) => [r[`${abbrev}_Q1_R1`], r[`${abbrev}_Q1_R2`]]).filter(Boolean).sort()).toEqual([...zipNames].sort());

    for (const bytes of [...Object.values(textFiles), ...Object.values(analysisFiles)]) {
      for (const key of storedKeys) expect(strFromU8(bytes)).not.toContain(key);
    }
  });

  it('records who took which participant’s photos as a data download, seen by the study’s viewers and no other lab', async () => {
    const activity = async (token: string) => send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=data.downloaded`, token });
    const before = json<ActivityPage>(await activity(colleague)).total;
    const started = json<ImageDownloadAnswer>(await start(manager));
    const page = json<ActivityPage>(await activity(colleague));
    expect(page.total).toBe(before + 1);
    expect(page.entries[0]).toMatchObject({ actorKind: 'lab_user', actorEmail: managerEmail, kind: 'data.downloaded', entityType: 'study', entityId: study._id, studyId: study._id, labId });
    expect(page.entries[0].changes).toEqual([
      { field: 'file', before: null, after: started.streamZipResp.fileName },
      { field: 'photoCount', before: null, after: 3 },
      { field: 'request.participantId', before: null, after: withPhotos.id },
    ]);
    expect((await activity(otherManager)).statusCode).toBe(404);
    // No photos, no file: nothing is recorded.
    await start(manager, study._id, withoutPhotos);
    expect(json<ActivityPage>(await activity(colleague)).total).toBe(before + 1);
    await pollLink(manager, started);
  });

  it('says NoResponse for a participant without photo answers', async () => {
    const res = await start(manager, study._id, withoutPhotos);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      s3ZipperToken: null,
      streamZipResp: { status: 'NoResponse', message: imageDownloadMessages.noImage, photoCount: 0, fileName: null },
    });
  });

  it('answers 404 for another lab’s study and for a participant who is not in the study', async () => {
    const foreignStudy = await start(otherManager);
    expect(foreignStudy.statusCode).toBe(404);
    expect(messageOf(foreignStudy)).toBe(studyMessages.studyNotFound);
    for (const participantId of [otherLabParticipant, 'no-such-participant']) {
      const res = await start(manager, study._id, participantId);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(participantMessages.participantNotFound);
    }
    const unsigned = await call(t.app, { method: 'GET', url: `/api/data/${study._id}/${withPhotos.id}/download_img_resp` });
    expect(unsigned.statusCode).toBe(401);
  });

  it('gives the link only to the user who started the build: another user’s or an unknown token answers 404', async () => {
    const started = json<ImageDownloadAnswer>(await start(manager));
    for (const token of [colleague, otherManager]) {
      const res = await askLink(token, started);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(imageDownloadMessages.notFound);
    }
    const unknown = await askLink(manager, { s3ZipperToken: randomBytes(32).toString('base64url') });
    expect(unknown.statusCode).toBe(404);
    expect((await pollLink(manager, started)).statusCode).toBe(200);
  });

  it('expires old builds: the link answers 404 and the next start removes the zip', async () => {
    const started = json<ImageDownloadAnswer>(await start(manager));
    expect((await pollLink(manager, started)).statusCode).toBe(200);
    const id = tokenId(started.s3ZipperToken ?? '');
    const row = await t.app.ctx.db.selectFrom('image_downloads').select('object_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await t.app.ctx.storage.stat(row.object_key)).not.toBeNull();
    await t.app.ctx.db.updateTable('image_downloads').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    const expired = await askLink(manager, started);
    expect(expired.statusCode).toBe(404);
    expect(messageOf(expired)).toBe(imageDownloadMessages.notFound);
    await start(manager, study._id, withoutPhotos);
    expect(await t.app.ctx.storage.stat(row.object_key)).toBeNull();
    expect(await t.app.ctx.db.selectFrom('image_downloads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('reports a build that failed with a message, leaving no zip behind', async () => {
    const p = await createParticipant(t.app, manager, study._id);
    // Rows as the app leaves them for one answered photo whose object is then lost from storage.
    const db = t.app.ctx.db;
    const source = await db.selectFrom('submissions').selectAll().where('participant_id', '=', withPhotos.id).executeTakeFirstOrThrow();
    const participation = await db.selectFrom('participations').select('id').where('participant_id', '=', p._id).executeTakeFirstOrThrow();
    const submissionId = randomBytes(12).toString('hex');
    await db.insertInto('submissions').values({ ...source, id: submissionId, participant_id: p._id, participation_id: participation.id, exclusive_task_id: null }).execute();
    const now = new Date().toISOString();
    await db
      .insertInto('photo_uploads')
      .values({ id: randomBytes(12).toString('hex'), participant_id: p._id, object_key: `photos/${p._id}/lost.jpg`, content_type: 'image/jpeg', max_bytes: 1, expires_at: now, used_at: now, submission_id: submissionId, created_at: now })
      .execute();
    const started = json<ImageDownloadAnswer>(await start(manager, study._id, p._id));
    expect(started.streamZipResp.photoCount).toBe(1);
    const failed = await pollLink(manager, started);
    expect(failed.statusCode).toBe(500);
    expect(messageOf(failed)).toBe(imageDownloadMessages.failed);
    const row = await db.selectFrom('image_downloads').select(['object_key', 'status']).where('id', '=', tokenId(started.s3ZipperToken ?? '')).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(await t.app.ctx.storage.stat(row.object_key)).toBeNull();
  });

  it(`refuses a lab user more than ${IMAGE_BUILDS_PER_USER} builds at once (429), and counts a stalled one out`, async () => {
    const db = t.app.ctx.db;
    const user = await registerUser(t.app, await ownerToken(t.app), labId);
    const busy = await labUserToken(t.app, user.email, user.password);
    const owner = user._id;
    const now = new Date().toISOString();
    const row = (n: number, heartbeat: string) => ({
      id: `busy-${owner}-${n}`,
      lab_user_id: owner,
      study_id: study._id,
      participant_id: withPhotos.id,
      status: 'building' as const,
      object_key: `image-downloads/busy-${n}.zip`,
      file_name: 'busy.zip',
      photo_count: 1,
      size: null,
      created_at: now,
      heartbeat_at: heartbeat,
      expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    const stalled = new Date(Date.now() - 10 * 60_000).toISOString();
    await db.insertInto('image_downloads').values([row(0, stalled), ...Array.from({ length: IMAGE_BUILDS_PER_USER - 1 }, (_, i) => row(i + 1, now))]).execute();
    const allowed = await start(busy);
    expect(allowed.statusCode).toBe(200);
    // The allowed build may finish at once; one more build in progress makes the limit not depend on it.
    await db.insertInto('image_downloads').values(row(IMAGE_BUILDS_PER_USER, now)).execute();
    const refused = await start(busy);
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toBe(imageDownloadMessages.tooMany);
    await pollLink(busy, json<ImageDownloadAnswer>(allowed));
  });
});
