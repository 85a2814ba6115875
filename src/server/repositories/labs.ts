import type { Db } from './db';
import type { LabRow, NewLab } from '../db/types';

export function insertLab(db: Db, lab: NewLab): Promise<unknown> {
  return db.insertInto('labs').values(lab).execute();
}

export function findLab(db: Db, id: string): Promise<LabRow | undefined> {
  return db.selectFrom('labs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listLabs(db: Db): Promise<LabRow[]> {
  return db.selectFrom('labs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function setLabSecondFactorRequired(db: Db, id: string, required: boolean): Promise<unknown> {
  return db.updateTable('labs').set({ second_factor_required: required ? 1 : 0 }).where('id', '=', id).execute();
}
