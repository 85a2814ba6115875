// The process whose memory bench/photoZip.ts measures: the real app (SQLite, local storage) with one
// participant holding PHOTOS photo answers of PHOTO_BYTES each, seeded straight into storage and the database.
// It waits for "run" messages from the parent; each run starts a zip through the API, polls its link until it
// is ready, and reports the time. The parent samples this process's resident memory meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { LocalStorage } from '../../src/server/storage/localStorage';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { ImageDownloadAnswer, ImageLinkAnswer } from '../../src/shared/types/imageDownloads';
import { OWNER_EMAIL, OWNER_PASSWORD, call, json, labUserToken, ownerToken, seedLab } from '../../__tests__/server/support/testApp';
import { createParticipant, createQuestionnaire, createStudy } from '../../__tests__/server/support/participants';

export type ChildMessage = { kind: 'seeded'; photos: number; bytes: number } | { kind: 'done'; ms: number; zipBytes: number; photoCount: number };

const PHOTOS = Number(process.env.BENCH_ZIP_PHOTOS || 200);
const PHOTO_BYTES = Number(process.env.BENCH_ZIP_PHOTO_BYTES || 2 * 1024 * 1024);

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function seed(app: FastifyInstance) {
  const owner = await ownerToken(app);
  const lab = await seedLab(app, owner);
  const token = await labUserToken(app, lab.managerEmail, lab.managerPassword);
  const questionnaire = await createQuestionnaire(app, token, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'photoUpload')] }], { abbrev: 'PHOTO' });
  const study = await createStudy(app, token);
  const participant = await createParticipant(app, token, study._id);
  const db = app.ctx.db;
  const participation = await db.selectFrom('participations').selectAll().where('participant_id', '=', participant._id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto('questionnaire_versions')
    .values({ id: 'bench-photo-version', questionnaire_id: questionnaire._id, chin_name: questionnaire.chin_name, abbrev: questionnaire.abbrev, content: '[]', mc_sets: '[]', created_at: now })
    .execute();
  const storage = app.ctx.storage;
  if (!(storage instanceof LocalStorage)) throw new Error('the benchmark seeds local storage');
  // One buffer of random bytes (photos do not compress), its first bytes a JPEG's; written once per photo.
  const bytes = randomBytes(PHOTO_BYTES);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  const start = Date.now() - PHOTOS * 60_000;
  for (let i = 0; i < PHOTOS; i += 1) {
    const at = new Date(start + i * 60_000).toISOString();
    const submissionId = `bench-sub-${i}`;
    const key = `photos/${participant._id}/bench-${i}.jpg`;
    const file = storage.pathOf(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    await db
      .insertInto('submissions')
      .values({
        id: submissionId,
        participant_id: participant._id,
        participation_id: participation.id,
        client_submission_id: submissionId,
        study_id: study._id,
        stage_id: participation.current_stage_id,
        group_id: participation.current_group_id,
        task_id: null,
        questionnaire_id: questionnaire._id,
        questionnaire_version_id: 'bench-photo-version',
        started_at: at,
        submitted_at: at,
        received_at: at,
        late: 0,
        exclusive_task_id: null,
      })
      .execute();
    await db
      .insertInto('photo_uploads')
      .values({ id: `bench-photo-${i}`, participant_id: participant._id, object_key: key, content_type: 'image/jpeg', max_bytes: PHOTO_BYTES, expires_at: at, used_at: at, submission_id: submissionId, created_at: at })
      .execute();
  }
  return { token, studyId: study._id, participantId: participant._id };
}

async function run(app: FastifyInstance, seeded: Awaited<ReturnType<typeof seed>>): Promise<ChildMessage> {
  const started = performance.now();
  const res = await call(app, { method: 'GET', url: `/api/data/${seeded.studyId}/${seeded.participantId}/download_img_resp`, token: seeded.token });
  const answer = json<ImageDownloadAnswer>(res);
  if (!answer.s3ZipperToken) throw new Error(`the zip did not start: ${res.body}`);
  for (;;) {
    const link = await call(app, { method: 'POST', url: '/api/data/get_img_resp_link', token: seeded.token, payload: answer });
    if (link.statusCode === 200) {
      const ready = json<ImageLinkAnswer>(link);
      const ms = performance.now() - started;
      if (ready.status !== 'ReadyDownload') throw new Error('unexpected answer');
      const key = /\/api\/files\/object\/([^?]+)/.exec(ready.link)?.[1] ?? '';
      const zipBytes = (await app.ctx.storage.stat(key))?.size ?? 0;
      await app.ctx.storage.remove(key);
      return { kind: 'done', ms, zipBytes, photoCount: ready.photoCount };
    }
    if (link.statusCode !== 202) throw new Error(`the zip failed: ${link.body}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  const config = loadConfig({ DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, PUBLIC_DIR: path.join(dataDir, 'no-portal') });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const seeded = await seed(app);
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  send({ kind: 'seeded', photos: PHOTOS, bytes: PHOTO_BYTES });
  process.on('message', (message: string) => {
    if (message === 'stop') {
      void app.close().then(() => process.exit(0));
      return;
    }
    void run(app, seeded).then(
      (result) => {
        collect?.();
        send(result);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
