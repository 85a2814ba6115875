import type { Db } from './db';
import type { AccessEntry } from '../../shared/access';

export function listAccess(db: Db, userId: string): Promise<AccessEntry[]> {
  return db
    .selectFrom('user_access')
    .select(['area', 'modifier', 'task'])
    .where('user_id', '=', userId)
    .orderBy('area')
    .orderBy('modifier')
    .orderBy('task')
    .execute();
}

/** Replaces every entry of the user with the given ones. Call inside a transaction. */
export async function replaceAccess(db: Db, userId: string, entries: readonly AccessEntry[]): Promise<void> {
  await db.deleteFrom('user_access').where('user_id', '=', userId).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('user_access')
    .values(entries.map((e) => ({ user_id: userId, area: e.area, modifier: e.modifier, task: e.task })))
    .execute();
}
