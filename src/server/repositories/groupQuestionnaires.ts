// Which questionnaires the participant groups use (group_questionnaires), and the lab's questionnaires as the
// study's lists name them.
import type { Db } from './db';
import type { GroupListName } from '../db/types';
import type { AssessmentListItem } from '../../shared/study/assessmentSettings';

export interface GroupReference {
  questionnaire_id: string;
  list_name: GroupListName;
  position: number;
}

/** The group's references become exactly these. */
export async function replaceGroupReferences(db: Db, groupId: string, references: readonly GroupReference[]): Promise<void> {
  await db.deleteFrom('group_questionnaires').where('group_id', '=', groupId).execute();
  if (references.length === 0) return;
  await db
    .insertInto('group_questionnaires')
    .values(references.map((r) => ({ group_id: groupId, ...r })))
    .execute();
}

/** The lab's questionnaires among these ids, as list items; an id of another lab is simply not answered. */
export function listQuestionnaireItems(db: Db, labId: string, ids: readonly string[]): Promise<AssessmentListItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questionnaires')
    .select(['id as _id', 'chin_name', 'abbrev'])
    .where('lab_id', '=', labId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The studies whose participant groups use the questionnaire, each once, by name. */
export function listStudiesUsingQuestionnaire(db: Db, questionnaireId: string): Promise<{ chin_name: string; study_code: string }[]> {
  return db
    .selectFrom('group_questionnaires')
    .innerJoin('participant_groups', 'participant_groups.id', 'group_questionnaires.group_id')
    .innerJoin('stages', 'stages.id', 'participant_groups.stage_id')
    .innerJoin('studies', 'studies.id', 'stages.study_id')
    .select(['studies.chin_name', 'studies.study_code'])
    .distinct()
    .where('group_questionnaires.questionnaire_id', '=', questionnaireId)
    .orderBy('studies.study_code')
    .execute();
}
