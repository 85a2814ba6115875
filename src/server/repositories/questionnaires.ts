import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from './db';
import type { McSetRow, McSetsTable, QuestionnaireRow, QuestionnairesTable } from '../db/types';

export type QuestionnaireListRow = Omit<QuestionnaireRow, 'content' | 'scores' | 'shuffle_runs'> & { editor_email: string | null };

export function insertQuestionnaire(db: Db, row: Insertable<QuestionnairesTable>): Promise<unknown> {
  return db.insertInto('questionnaires').values(row).execute();
}

export function findQuestionnaireInLab(db: Db, id: string, labId: string): Promise<QuestionnaireRow | undefined> {
  return db.selectFrom('questionnaires').selectAll().where('id', '=', id).where('lab_id', '=', labId).executeTakeFirst();
}

export function findQuestionnaireByCode(db: Db, labId: string, abbrev: string): Promise<QuestionnaireRow | undefined> {
  return db.selectFrom('questionnaires').selectAll().where('lab_id', '=', labId).where('abbrev', '=', abbrev).executeTakeFirst();
}

export function countQuestionnairesInLab(db: Db, labId: string): Promise<number> {
  return db
    .selectFrom('questionnaires')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lab_id', '=', labId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A page of the lab's questionnaires with their last editor's email, without their (large) content. */
export function listQuestionnairesInLab(db: Db, labId: string, offset: number, limit: number): Promise<QuestionnaireListRow[]> {
  return db
    .selectFrom('questionnaires')
    .leftJoin('lab_users', 'lab_users.id', 'questionnaires.last_edited_by')
    .select([
      'questionnaires.id',
      'questionnaires.lab_id',
      'questionnaires.chin_name',
      'questionnaires.abbrev',
      'questionnaires.last_edited_by',
      'questionnaires.created_at',
      'questionnaires.updated_at',
      'lab_users.email as editor_email',
    ])
    .where('questionnaires.lab_id', '=', labId)
    .orderBy('questionnaires.created_at', 'desc')
    .orderBy('questionnaires.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function updateQuestionnaire(db: Db, id: string, changes: Updateable<QuestionnairesTable>): Promise<unknown> {
  return db.updateTable('questionnaires').set(changes).where('id', '=', id).execute();
}

export function deleteQuestionnaire(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('questionnaires').where('id', '=', id).execute();
}

export function insertMcSet(db: Db, row: Insertable<McSetsTable>): Promise<unknown> {
  return db.insertInto('mc_sets').values(row).execute();
}

export function listMcSets(db: Db, questionnaireId: string): Promise<McSetRow[]> {
  return db.selectFrom('mc_sets').selectAll().where('questionnaire_id', '=', questionnaireId).orderBy('created_at').orderBy('id').execute();
}

/** A set whose questionnaire belongs to the lab; another lab's set is not found. */
export function findMcSetInLab(db: Db, id: string, labId: string): Promise<McSetRow | undefined> {
  return db
    .selectFrom('mc_sets')
    .innerJoin('questionnaires', 'questionnaires.id', 'mc_sets.questionnaire_id')
    .selectAll('mc_sets')
    .where('mc_sets.id', '=', id)
    .where('questionnaires.lab_id', '=', labId)
    .executeTakeFirst();
}

export function updateMcSet(db: Db, id: string, changes: Updateable<McSetsTable>): Promise<unknown> {
  return db.updateTable('mc_sets').set(changes).where('id', '=', id).execute();
}

export function deleteMcSet(db: Db, id: string): Promise<unknown> {
  return db.deleteFrom('mc_sets').where('id', '=', id).execute();
}

/** The lab's questionnaires whose codes (any case) are among these capitalised codes: code and content. */
export function findQuestionnairesByCodes(db: Db, labId: string, codes: readonly string[]): Promise<Pick<QuestionnaireRow, 'abbrev' | 'content'>[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questionnaires')
    .select(['abbrev', 'content'])
    .where('lab_id', '=', labId)
    .where(sql<string>`upper(abbrev)`, 'in', codes)
    .execute();
}
