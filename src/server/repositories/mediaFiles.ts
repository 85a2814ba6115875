import { sql, type Insertable } from 'kysely';
import type { Db } from './db';
import type { MediaFileRow, MediaFilesTable, UploadGrantRow, UploadGrantsTable } from '../db/types';

export function insertMediaFile(db: Db, file: Insertable<MediaFilesTable>): Promise<unknown> {
  return db.insertInto('media_files').values(file).execute();
}

export function findMediaFileInLab(db: Db, id: string, labId: string): Promise<MediaFileRow | undefined> {
  return db.selectFrom('media_files').selectAll().where('id', '=', id).where('lab_id', '=', labId).executeTakeFirst();
}

/** The lab's files stored under the given object keys (a questionnaire's media items name files by key). */
export function findMediaFilesByKeys(db: Db, labId: string, keys: readonly string[]): Promise<MediaFileRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('media_files').selectAll().where('lab_id', '=', labId).where('object_key', 'in', [...keys]).execute();
}

/** The stored files of the questionnaire's lab among these keys (the media its questions show). */
export function findMediaFilesOfQuestionnaire(db: Db, questionnaireId: string, keys: readonly string[]): Promise<MediaFileRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('media_files')
    .innerJoin('questionnaires', 'questionnaires.lab_id', 'media_files.lab_id')
    .selectAll('media_files')
    .where('questionnaires.id', '=', questionnaireId)
    .where('media_files.object_key', 'in', [...keys])
    .execute();
}

export function countMediaFilesInLab(db: Db, labId: string): Promise<number> {
  return db
    .selectFrom('media_files')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lab_id', '=', labId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listMediaFilesInLab(db: Db, labId: string, offset: number, limit: number): Promise<MediaFileRow[]> {
  return db
    .selectFrom('media_files')
    .selectAll()
    .where('lab_id', '=', labId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Files whose name contains the keyword (any case), of one type or all. */
export function searchMediaFiles(db: Db, labId: string, keyword: string, type: string | null, limit: number): Promise<MediaFileRow[]> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = db.selectFrom('media_files').selectAll().where('lab_id', '=', labId);
  // ESCAPE names the backslash on both databases: SQLite's LIKE has no escape character of its own.
  if (keyword) query = query.where(sql<boolean>`lower(${sql.ref('name')}) like ${pattern} escape '\\'`);
  if (type) query = query.where('type', '=', type);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function renameMediaFile(db: Db, id: string, name: string): Promise<unknown> {
  return db.updateTable('media_files').set({ name }).where('id', '=', id).execute();
}

export function deleteMediaFile(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('media_files').where('id', '=', id).execute();
}

export async function sumMediaBytesInLab(db: Db, labId: string): Promise<number> {
  const row = await db
    .selectFrom('media_files')
    .select((eb) => eb.fn.sum<string | number | null>('size').as('total'))
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function insertUploadGrant(db: Db, grant: Insertable<UploadGrantsTable>): Promise<unknown> {
  return db.insertInto('upload_grants').values(grant).execute();
}

export function findUploadGrant(db: Db, id: string): Promise<UploadGrantRow | undefined> {
  return db.selectFrom('upload_grants').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUploadGrantByKey(db: Db, key: string): Promise<UploadGrantRow | undefined> {
  return db.selectFrom('upload_grants').selectAll().where('object_key', '=', key).executeTakeFirst();
}

/** Marks a grant used; false when it was used already (each upload address works once). */
export async function claimUploadGrant(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('upload_grants').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function deleteUploadGrant(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('upload_grants').where('id', '=', id).execute();
}

export function listExpiredUploadGrants(db: Db, before: string): Promise<UploadGrantRow[]> {
  return db.selectFrom('upload_grants').selectAll().where('expires_at', '<', before).limit(500).execute();
}
