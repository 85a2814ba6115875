import type { Db } from './db';

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores the value unless one is there already; answers the stored value (first writer wins across processes). */
export async function ensureSetting(db: Db, key: string, value: string): Promise<string> {
  await db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return (await readSetting(db, key)) ?? value;
}

/** Stores the value, replacing the one there. */
export function writeSetting(db: Db, key: string, value: string): Promise<unknown> {
  return db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}
