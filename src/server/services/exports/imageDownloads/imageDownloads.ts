// The photo download (part 2 sections 4 and 7): the start call checks the participant, finds the photo
// answers and starts the zip in the background; the link call answers "still building", the failure, or a
// signed, expiring link. Builds are rows of image_downloads, so any server process can answer the link call
// and a build whose process stopped is seen (its heartbeat stops). Expired rows are swept with their zips.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context';
import type { LabUserRow, StudyRow } from '../../../db/types';
import type { ImageDownloadAnswer, ImageLinkAnswer } from '../../../../shared/types/imageDownloads';
import { IMAGE_BUILD_STALL_MS, IMAGE_BUILDS_PER_USER, imageDownloadMessages } from '../../../../shared/imageDownloads';
import { participantMessages } from '../../../../shared/messages';
import { HttpError, notFound, tooManyRequests } from '../../../httpErrors';
import { findParticipation } from '../../../repositories/participants';
import {
  countBuilding,
  deleteImageDownload,
  findImageDownload,
  finishImageDownload,
  insertImageDownload,
  listExpiredImageDownloads,
  listPhotoAnswers,
  touchImageDownload,
} from '../../../repositories/imageDownloads';
import { nowIso } from '../../../ids';
import { recordDataDownload, type AuditActor } from '../../audit/record';
import { photoNames, zipFileName } from './photoNames';
import { zipObjects } from './zipObjects';

/** A build that has not finished within a day is given up (its row and any zip are swept). */
const BUILD_LIMIT_MS = 24 * 60 * 60_000;
/** How often a build records that it is still going. */
const HEARTBEAT_MS = 10_000;
/** Rows removed per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The row id of a token: its hash, so the database never holds a usable token. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The builds this process runs, so that closing the server stops them and waits for them. */
export class ImageZipBuilds {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  track(build: Promise<void>): void {
    this.running.add(build);
    void build.finally(() => this.running.delete(build));
  }

  /** Stops the builds of this process and waits until they have ended. */
  async close(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([...this.running]);
  }
}

export async function startImageDownload(
  ctx: AppContext,
  builds: ImageZipBuilds,
  log: FastifyBaseLogger,
  user: LabUserRow,
  study: StudyRow,
  participantId: string,
  actor: AuditActor,
): Promise<ImageDownloadAnswer> {
  await sweepExpiredImageDownloads(ctx, log);
  if (!(await findParticipation(ctx.db, participantId, study.id))) throw notFound(participantMessages.participantNotFound);
  const photos = await listPhotoAnswers(ctx.db, study.id, participantId);
  if (photos.length === 0) {
    return {
      s3ZipperToken: null,
      streamZipResp: { status: 'NoResponse', message: imageDownloadMessages.noImage, photoCount: 0, fileName: null },
    };
  }
  if ((await countBuilding(ctx.db, user.id, later(-IMAGE_BUILD_STALL_MS))) >= IMAGE_BUILDS_PER_USER) {
    throw tooManyRequests(imageDownloadMessages.tooMany);
  }
  const token = randomBytes(32).toString('base64url');
  const id = tokenId(token);
  const now = new Date();
  const fileName = zipFileName(study.study_code, photos[0].participant_code, now);
  const objectKey = `image-downloads/${randomBytes(16).toString('hex')}.zip`;
  await ctx.db.transaction().execute(async (trx) => {
    await insertImageDownload(trx, {
      id,
      lab_user_id: user.id,
      study_id: study.id,
      participant_id: participantId,
      status: 'building',
      object_key: objectKey,
      file_name: fileName,
      photo_count: photos.length,
      size: null,
      created_at: now.toISOString(),
      heartbeat_at: now.toISOString(),
      expires_at: later(BUILD_LIMIT_MS),
    });
    // Who took which participant's photos, as the text and analysis downloads record theirs (dataDownloads.ts).
    await recordDataDownload(trx, actor, study, { file: fileName, request: { participantId }, photoCount: photos.length });
  });
  const names = photoNames(photos);
  const entries = photos.map((photo) => ({ key: photo.object_key, name: names.get(photo.object_key) ?? photo.object_key, modifiedAt: new Date(photo.submitted_at) }));
  builds.track(buildZip(ctx, builds.signal, log, id, objectKey, entries));
  return {
    s3ZipperToken: token,
    streamZipResp: { status: 'Started', message: imageDownloadMessages.started, photoCount: photos.length, fileName },
  };
}

async function buildZip(
  ctx: AppContext,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  id: string,
  objectKey: string,
  entries: Parameters<typeof zipObjects>[1],
): Promise<void> {
  let beat = Date.now();
  const afterEntry = async () => {
    if (Date.now() - beat < HEARTBEAT_MS) return;
    beat = Date.now();
    await touchImageDownload(ctx.db, id, nowIso());
  };
  try {
    const size = await zipObjects(ctx.storage, entries, objectKey, { afterEntry, signal });
    await finishImageDownload(ctx.db, id, { status: 'ready', size, heartbeat_at: nowIso(), expires_at: later(ctx.config.downloadUrlMinutes * 60_000) });
  } catch (error) {
    log.error({ err: error, photos: entries.length }, 'image data zip failed');
    // The database may be closing with the server: the stopped heartbeat then tells the link call instead.
    await finishImageDownload(ctx.db, id, { status: 'failed', size: null, heartbeat_at: nowIso(), expires_at: later(ctx.config.downloadUrlMinutes * 60_000) }).catch(
      () => undefined,
    );
  }
}

export async function imageDownloadLink(
  ctx: AppContext,
  user: LabUserRow,
  token: string,
  /** May the caller read the zip's study (an API key is limited to its studies)? Throws when not. */
  mayRead: (studyId: string) => Promise<void> = async () => undefined,
): Promise<ImageLinkAnswer & { httpStatus: 200 | 202 }> {
  const row = await findImageDownload(ctx.db, tokenId(token), user.id);
  if (!row || row.expires_at < nowIso()) throw notFound(imageDownloadMessages.notFound);
  await mayRead(row.study_id);
  const stalled = row.status === 'building' && row.heartbeat_at < later(-IMAGE_BUILD_STALL_MS);
  if (row.status === 'failed' || stalled) throw new HttpError(500, imageDownloadMessages.failed);
  if (row.status === 'building') return { httpStatus: 202, status: 'Started', message: imageDownloadMessages.started };
  const link = await ctx.storage.createDownloadUrl(row.object_key, new Date(row.expires_at), row.file_name);
  return {
    httpStatus: 200,
    status: 'ReadyDownload',
    message: imageDownloadMessages.ready,
    link,
    fileName: row.file_name,
    expiresAt: row.expires_at,
    photoCount: row.photo_count,
  };
}

/** Removes expired builds and their zips (any process may: removing twice is harmless). */
export async function sweepExpiredImageDownloads(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const expired = await listExpiredImageDownloads(ctx.db, nowIso(), SWEEP_BATCH);
  for (const row of expired) {
    try {
      await ctx.storage.remove(row.object_key);
      await deleteImageDownload(ctx.db, row.id);
    } catch (error) {
      log.warn({ err: error }, 'an expired image data zip could not be removed; the next sweep tries again');
    }
  }
  return expired.length;
}
