// The photo zips being built or ready (image_downloads), and the photo answers that go into one.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { ImageDownloadRow, ImageDownloadsTable } from '../db/types';

/** One photo answer of a participant in a study, with what its file name is made of. */
export interface PhotoAnswerRow {
  object_key: string;
  content_type: string;
  participant_code: string;
  abbrev: string;
  submitted_at: string;
  created_at: string;
}

/**
 * The participant's photos attached to answers in the study (a photo is attached to the one answer that
 * names it), oldest answer first; the questionnaire's code as it was planned for that answer.
 */
export function listPhotoAnswers(db: Db, studyId: string, participantId: string): Promise<PhotoAnswerRow[]> {
  return db
    .selectFrom('photo_uploads as p')
    .innerJoin('submissions as s', 's.id', 'p.submission_id')
    .innerJoin('participants as pt', 'pt.id', 's.participant_id')
    .innerJoin('questionnaire_versions as v', 'v.id', 's.questionnaire_version_id')
    .select(['p.object_key', 'p.content_type', 'pt.participant_code', 'v.abbrev', 's.submitted_at', 'p.created_at'])
    .where('s.study_id', '=', studyId)
    .where('s.participant_id', '=', participantId)
    .where('p.participant_id', '=', participantId)
    .orderBy('s.submitted_at')
    .orderBy('p.created_at')
    .orderBy('p.object_key')
    .execute();
}

export function insertImageDownload(db: Db, row: Insertable<ImageDownloadsTable>): Promise<unknown> {
  return db.insertInto('image_downloads').values(row).execute();
}

/** The build the token names, only for the lab user who started it. */
export function findImageDownload(db: Db, id: string, labUserId: string): Promise<ImageDownloadRow | undefined> {
  return db.selectFrom('image_downloads').selectAll().where('id', '=', id).where('lab_user_id', '=', labUserId).executeTakeFirst();
}

/** The lab user's builds still going (those that stopped reporting before `staleBefore` not counted). */
export async function countBuilding(db: Db, labUserId: string, staleBefore: string): Promise<number> {
  const row = await db
    .selectFrom('image_downloads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('lab_user_id', '=', labUserId)
    .where('status', '=', 'building')
    .where('heartbeat_at', '>=', staleBefore)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function touchImageDownload(db: Db, id: string, now: string): Promise<unknown> {
  return db.updateTable('image_downloads').set({ heartbeat_at: now }).where('id', '=', id).where('status', '=', 'building').execute();
}

export function finishImageDownload(db: Db, id: string, changes: { status: 'ready' | 'failed'; size: number | null; heartbeat_at: string; expires_at: string }): Promise<unknown> {
  return db.updateTable('image_downloads').set(changes).where('id', '=', id).execute();
}

export function listExpiredImageDownloads(db: Db, now: string, limit: number): Promise<Pick<ImageDownloadRow, 'id' | 'object_key'>[]> {
  return db.selectFrom('image_downloads').select(['id', 'object_key']).where('expires_at', '<', now).limit(limit).execute();
}

export function deleteImageDownload(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('image_downloads').where('id', '=', id).execute();
}
