import type { Db } from './db';
import type { SystemOwnerRow } from '../db/types';

export function findSystemOwnerByEmail(db: Db, email: string): Promise<SystemOwnerRow | undefined> {
  return db.selectFrom('system_owners').selectAll().where('email', '=', email).executeTakeFirst();
}

export function countSystemOwners(db: Db): Promise<number> {
  return db
    .selectFrom('system_owners')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertSystemOwner(db: Db, owner: SystemOwnerRow): Promise<unknown> {
  return db.insertInto('system_owners').values(owner).execute();
}

export function findSystemOwner(db: Db, id: string): Promise<SystemOwnerRow | undefined> {
  return db.selectFrom('system_owners').selectAll().where('id', '=', id).executeTakeFirst();
}
