// Arrivals and the questionnaires as planned: what the plan is made from and recorded with.
import type { Insertable } from 'kysely';
import type { Db } from './db';
import type {
  EnrolmentTimeRow,
  EnrolmentTimesTable,
  McSetRow,
  QuestionnaireRow,
  QuestionnaireVersionRow,
  QuestionnaireVersionsTable,
} from '../db/types';

/**
 * Claims the arrival of the participation's current assignment: true for the one caller that flips
 * arrive_assigned, false for every other. On PostgreSQL the row lock makes a racing second update wait for the
 * first to commit and then find nothing to change; on SQLite writers take turns.
 */
export async function claimArrival(db: Db, participationId: string, assignmentNum: number): Promise<boolean> {
  const result = await db
    .updateTable('participations')
    .set({ arrive_assigned: 1 })
    .where('id', '=', participationId)
    .where('arrive_assigned', '=', 0)
    .where('assignment_num', '=', assignmentNum)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertEnrolmentTime(db: Db, row: Insertable<EnrolmentTimesTable>): Promise<unknown> {
  return db.insertInto('enrolment_times').values(row).execute();
}

/** The arrival of the participation's current assignment, if it has happened. */
export function findArrival(db: Db, participationId: string, assignmentNum: number): Promise<EnrolmentTimeRow | undefined> {
  return db
    .selectFrom('enrolment_times')
    .selectAll()
    .where('participation_id', '=', participationId)
    .where('assignment_num', '=', assignmentNum)
    .executeTakeFirst();
}

export function listArrivals(db: Db, participationId: string): Promise<EnrolmentTimeRow[]> {
  return db.selectFrom('enrolment_times').selectAll().where('participation_id', '=', participationId).orderBy('assignment_num').execute();
}

/** The lab's questionnaires among the ids (another lab's are not planned). */
export function findQuestionnairesOfLab(db: Db, labId: string, ids: readonly string[]): Promise<QuestionnaireRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('questionnaires').selectAll().where('lab_id', '=', labId).where('id', 'in', ids).execute();
}

export function findMcSetsOf(db: Db, questionnaireIds: readonly string[]): Promise<McSetRow[]> {
  if (questionnaireIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('mc_sets').selectAll().where('questionnaire_id', 'in', questionnaireIds).orderBy('created_at').orderBy('id').execute();
}

/** Stores a questionnaire version unless the same content is stored already. */
export function insertQuestionnaireVersion(db: Db, row: Insertable<QuestionnaireVersionsTable>): Promise<unknown> {
  return db
    .insertInto('questionnaire_versions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function findQuestionnaireVersion(db: Db, id: string): Promise<QuestionnaireVersionRow | undefined> {
  return db.selectFrom('questionnaire_versions').selectAll().where('id', '=', id).executeTakeFirst();
}
