import type { Db } from './db';
import { prepared } from './prepared';
import type { LabUserRow, LabUserUpdate, NewLabUser } from '../db/types';

export function insertLabUser(db: Db, user: NewLabUser): Promise<unknown> {
  return db.insertInto('lab_users').values(user).execute();
}

export function findLabUser(db: Db, id: string): Promise<LabUserRow | undefined> {
  return db.selectFrom('lab_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLabUserByEmail(db: Db, email: string): Promise<LabUserRow | undefined> {
  return db.selectFrom('lab_users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A lab user as lists show them: no password hash leaves the database for a list. */
export type LabUserListRow = Omit<LabUserRow, 'password_hash'>;

const labUsersOfLab = prepared(1, (db: Db, labId: string) =>
  db
    .selectFrom('lab_users')
    .select(['id', 'lab_id', 'email', 'is_lab_manager', 'created_at'])
    .where('lab_id', '=', labId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);

export function listLabUsers(db: Db, labId: string): Promise<LabUserListRow[]> {
  return labUsersOfLab(db, labId);
}

export function updateLabUser(db: Db, id: string, changes: LabUserUpdate): Promise<unknown> {
  return db.updateTable('lab_users').set(changes).where('id', '=', id).execute();
}

export function deleteLabUser(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('lab_users').where('id', '=', id).execute();
}
