// Photo answers' upload grants: one signed, single-use upload per row, owned by a participant.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type { PhotoUploadRow, PhotoUploadsTable } from '../db/types';

export function insertPhotoUpload(db: Db, row: Insertable<PhotoUploadsTable>): Promise<unknown> {
  return db.insertInto('photo_uploads').values(row).execute();
}

export function findPhotoUpload(db: Db, id: string): Promise<PhotoUploadRow | undefined> {
  return db.selectFrom('photo_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the grant used; false when it was used already (each upload address works once). */
export async function claimPhotoUpload(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('photo_uploads').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The participant's photo uploads among the keys. */
export function findPhotoUploadsByKeys(db: Db, participantId: string, keys: readonly string[]): Promise<PhotoUploadRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('photo_uploads').selectAll().where('participant_id', '=', participantId).where('object_key', 'in', keys).execute();
}

/** Attaches photos to a submission; the count attached (a photo already attached elsewhere is not). */
export async function attachPhotos(db: Db, ids: readonly string[], submissionId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('photo_uploads')
    .set({ submission_id: submissionId })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('submission_id', 'is', null), eb('submission_id', '=', submissionId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
