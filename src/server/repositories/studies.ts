import type { Db } from './db';
import type { ParticipantGroupRow, StageRow, StudyRow } from '../db/types';
import { sql, type Insertable, type Updateable } from 'kysely';
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

/** Any lab's study, for the system owner. */
export function findStudy(db: Db, id: string): Promise<StudyRow | undefined> {
  return db.selectFrom('studies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A study of the given lab; another lab's study is not found. */
export function findStudyInLab(db: Db, id: string, labId: string): Promise<StudyRow | undefined> {
  return db.selectFrom('studies').selectAll().where('id', '=', id).where('lab_id', '=', labId).executeTakeFirst();
}

/** Which studies a list shows: a lab's, or only those one of its users manages (the system owner's list). */
export interface StudyFilter {
  labId: string;
  managedBy?: string;
}

export function countStudies(db: Db, filter: StudyFilter): Promise<number> {
  let query = db
    .selectFrom('studies')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lab_id', '=', filter.labId);
  if (filter.managedBy !== undefined) query = query.where('managed_by', '=', filter.managedBy);
  return query.executeTakeFirstOrThrow().then((r) => Number(r.n));
}

/**
 * One page, newest first. The page's ids are found on the (lab_id, created_at, id) index (and, for one
 * managing user, the rows it points at) and only those rows are read, so a deep page does not read every row
 * before it.
 */
export function listStudies(db: Db, filter: StudyFilter, offset: number, limit: number): Promise<StudyRow[]> {
  let pageIds = db
    .selectFrom('studies')
    .select('id')
    .where('lab_id', '=', filter.labId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit);
  if (filter.managedBy !== undefined) pageIds = pageIds.where('managed_by', '=', filter.managedBy);
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

/**
 * The first statement of every change to a study's structure: writing the study row makes concurrent changes
 * to the same study wait for each other (a row lock on PostgreSQL, the write lock on SQLite), so numbers read
 * afterwards stay true until the transaction ends.
 */
export function lockStudy(db: Db, studyId: string, now: string): Promise<unknown> {
  return db.updateTable('studies').set({ updated_at: now }).where('id', '=', studyId).execute();
}

/** The study a stage belongs to, if that study is the lab's. */
export function findStudyOfStageInLab(db: Db, stageId: string, labId: string): Promise<StudyRow | undefined> {
  return db
    .selectFrom('stages')
    .innerJoin('studies', 'studies.id', 'stages.study_id')
    .selectAll('studies')
    .where('stages.id', '=', stageId)
    .where('studies.lab_id', '=', labId)
    .executeTakeFirst();
}

/** The study a stage belongs to, whichever lab it is (the system owner's add_group). */
export function findStudyOfStage(db: Db, stageId: string): Promise<StudyRow | undefined> {
  return db.selectFrom('stages').innerJoin('studies', 'studies.id', 'stages.study_id').selectAll('studies').where('stages.id', '=', stageId).executeTakeFirst();
}

export function findStageInStudy(db: Db, studyId: string, stageId: string): Promise<StageRow | undefined> {
  return db.selectFrom('stages').selectAll().where('study_id', '=', studyId).where('id', '=', stageId).executeTakeFirst();
}

export function findStageByNum(db: Db, studyId: string, stageNum: number): Promise<StageRow | undefined> {
  return db.selectFrom('stages').selectAll().where('study_id', '=', studyId).where('stage_num', '=', stageNum).executeTakeFirst();
}

export function findGroupInStudy(db: Db, studyId: string, groupId: string): Promise<ParticipantGroupRow | undefined> {
  return db
    .selectFrom('participant_groups')
    .innerJoin('stages', 'stages.id', 'participant_groups.stage_id')
    .selectAll('participant_groups')
    .where('stages.study_id', '=', studyId)
    .where('participant_groups.id', '=', groupId)
    .executeTakeFirst();
}

/** Every group of the study with this number (one per stage that has that many groups). */
export function listGroupsByNum(db: Db, studyId: string, groupNum: number): Promise<ParticipantGroupRow[]> {
  return db
    .selectFrom('participant_groups')
    .innerJoin('stages', 'stages.id', 'participant_groups.stage_id')
    .selectAll('participant_groups')
    .where('stages.study_id', '=', studyId)
    .where('participant_groups.group_num', '=', groupNum)
    .execute();
}

/** The stage's groups, by id and number. */
export function listGroupNumsOfStage(db: Db, stageId: string): Promise<Pick<ParticipantGroupRow, 'id' | 'group_num'>[]> {
  return db.selectFrom('participant_groups').select(['id', 'group_num']).where('stage_id', '=', stageId).execute();
}

export async function maxGroupNum(db: Db, stageId: string): Promise<number> {
  const row = await db
    .selectFrom('participant_groups')
    .select((eb) => eb.fn.max<number | null>('group_num').as('n'))
    .where('stage_id', '=', stageId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function deleteStage(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('stages').where('id', '=', id).execute();
}

export function deleteGroup(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('participant_groups').where('id', '=', id).execute();
}

/*
 * Closing the gap a deleted stage or group leaves. Both databases check a unique (parent, number) pair row by
 * row, so numbers cannot move down in place (n+2 would meet n+1 before it moved): they go negative first, then
 * back positive, one lower.
 */
export async function closeStageGap(db: Db, studyId: string, removedNum: number): Promise<void> {
  await db
    .updateTable('stages')
    .set({ stage_num: sql<number>`0 - (${sql.ref('stage_num')} - 1)` })
    .where('study_id', '=', studyId)
    .where('stage_num', '>', removedNum)
    .execute();
  await db.updateTable('stages').set({ stage_num: sql<number>`0 - ${sql.ref('stage_num')}` }).where('study_id', '=', studyId).where('stage_num', '<', 0).execute();
}

export async function closeGroupGap(db: Db, stageId: string, removedNum: number): Promise<void> {
  await db
    .updateTable('participant_groups')
    .set({ group_num: sql<number>`0 - (${sql.ref('group_num')} - 1)` })
    .where('stage_id', '=', stageId)
    .where('group_num', '>', removedNum)
    .execute();
  await db
    .updateTable('participant_groups')
    .set({ group_num: sql<number>`0 - ${sql.ref('group_num')}` })
    .where('stage_id', '=', stageId)
    .where('group_num', '<', 0)
    .execute();
}
