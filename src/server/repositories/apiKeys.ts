// Analysts' API keys (migration 0028): a key's row, its studies, and the lookup every call made with a key does.
import type { Db } from './db';
import type { ApiKeyRow, LabUserRow } from '../db/types';

export async function insertApiKey(db: Db, row: ApiKeyRow, studyIds: readonly string[]): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
  await db
    .insertInto('api_key_studies')
    .values(studyIds.map((study_id) => ({ api_key_id: row.id, study_id })))
    .execute();
}

/** The user's keys, newest first, each with its studies. */
export async function listApiKeysOf(db: Db, userId: string): Promise<(ApiKeyRow & { studyIds: string[] })[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('lab_user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('api_key_studies')
    .select(['api_key_id', 'study_id'])
    .where(
      'api_key_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('study_id')
    .execute();
  return rows.map((row) => ({ ...row, studyIds: links.filter((l) => l.api_key_id === row.id).map((l) => l.study_id) }));
}

export function findApiKeyOf(db: Db, id: string, userId: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).where('lab_user_id', '=', userId).executeTakeFirst();
}

export function revokeApiKeyRow(db: Db, id: string, now: string): Promise<unknown> {
  return db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export interface KeyWithOwner {
  key: ApiKeyRow;
  user: LabUserRow;
  organization: number;
}

/** The key with this hash and its owner (who must still exist), whatever the key's state. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<KeyWithOwner | undefined> {
  const key = await db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  if (!key) return undefined;
  const owner = await db
    .selectFrom('lab_users')
    .innerJoin('labs', 'labs.id', 'lab_users.lab_id')
    .selectAll('lab_users')
    .select('labs.organization')
    .where('lab_users.id', '=', key.lab_user_id)
    .executeTakeFirst();
  if (!owner) return undefined;
  const { organization, ...user } = owner;
  return { key, user, organization };
}

export async function apiKeyStudyIds(db: Db, keyId: string): Promise<string[]> {
  const rows = await db.selectFrom('api_key_studies').select('study_id').where('api_key_id', '=', keyId).execute();
  return rows.map((r) => r.study_id);
}

export function touchApiKey(db: Db, id: string, now: string): Promise<unknown> {
  return db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
