import type { Db } from './db';
import type { ParticipantGroupRow, StageRow, StudyRow } from '../db/types';
import type { Insertable, Updateable } from 'kysely';
import type { ParticipantGroupsTable, StagesTable, StudiesTable } from '../db/types';

export function insertStudy(db: Db, study: Insertable<StudiesTable>): Promise<unknown> {
  return db.insertInto('studies').values(study).execute();
}

export function insertStage(db: Db, stage: Insertable<StagesTable>): Promise<unknown> {
  return db.insertInto('stages').values(stage).execute();
}

export function insertGroup(db: Db, group: Insertable<ParticipantGroupsTable>): Promise<unknown> {
  return db.insertInto('participant_groups').values(group).execute();
}

/** A study of the given lab; another lab's study is not found. */
export function findStudyInLab(db: Db, id: string, labId: string): Promise<StudyRow | undefined> {
  return db.selectFrom('studies').selectAll().where('id', '=', id).where('lab_id', '=', labId).executeTakeFirst();
}

export function countStudiesInLab(db: Db, labId: string): Promise<number> {
  return db
    .selectFrom('studies')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lab_id', '=', labId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * One page, newest first. The page's ids are found on the (lab_id, created_at, id) index alone and only those
 * rows are read, so a deep page does not read every row before it.
 */
export function listStudiesInLab(db: Db, labId: string, offset: number, limit: number): Promise<StudyRow[]> {
  const pageIds = db
    .selectFrom('studies')
    .select('id')
    .where('lab_id', '=', labId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit);
  return db
    .selectFrom('studies')
    .selectAll()
    .where('id', 'in', pageIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listStages(db: Db, studyId: string): Promise<StageRow[]> {
  return db.selectFrom('stages').selectAll().where('study_id', '=', studyId).orderBy('stage_num').execute();
}

export function listGroupsOfStudy(db: Db, studyId: string): Promise<ParticipantGroupRow[]> {
  return db
    .selectFrom('participant_groups')
    .innerJoin('stages', 'stages.id', 'participant_groups.stage_id')
    .selectAll('participant_groups')
    .where('stages.study_id', '=', studyId)
    .orderBy('participant_groups.group_num')
    .execute();
}

export function updateStudy(db: Db, id: string, changes: Updateable<StudiesTable>): Promise<unknown> {
  return db.updateTable('studies').set(changes).where('id', '=', id).execute();
}

export function updateStage(db: Db, id: string, changes: Updateable<StagesTable>): Promise<unknown> {
  return db.updateTable('stages').set(changes).where('id', '=', id).execute();
}

export function updateGroup(db: Db, id: string, changes: Updateable<ParticipantGroupsTable>): Promise<unknown> {
  return db.updateTable('participant_groups').set(changes).where('id', '=', id).execute();
}

export function deleteStudy(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('studies').where('id', '=', id).execute();
}

export async function maxStageNum(db: Db, studyId: string): Promise<number> {
  const row = await db
    .selectFrom('stages')
    .select((eb) => eb.fn.max<number | null>('stage_num').as('n'))
    .where('study_id', '=', studyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
