// Studies: a new blank study, reading one whole, and the changes the study editor saves.
import { recordAudit, type AuditActor } from '../audit/record';
import { randomInt } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { ParticipantGroupRow, StageRow, StudyRow } from '../../db/types';
import type { ActiveStatus, ParticipantGroup, Stage, Study, StudyListAnswer, StudySummary } from '../../../shared/types/study';
import { STUDY_CODE_ALPHABET, STUDY_CODE_LENGTH, newStudyNameProblem } from '../../../shared/studyRules';
import { badRequest } from '../../httpErrors';
import { PAGE_SIZE } from '../../../shared/limits';
import {
  countStudies,
  insertGroup,
  insertStage,
  insertStudy,
  listGroupsOfStudy,
  listStages,
  listStudies,
  type StudyFilter,
} from '../../repositories/studies';
import { listQuestionnaireItems } from '../../repositories/groupQuestionnaires';
import { idsInLists, itemsOf, readGroupLists, withItems, type GroupLists, type ItemsById } from './groupLists';
import { followupWithItems } from './followupLists';
import { newId, nowIso } from '../../ids';
import { isUniqueViolation } from '../../repositories/uniqueViolation';

export function newStudyCode(): string {
  let code = '';
  for (let i = 0; i < STUDY_CODE_LENGTH; i += 1) code += STUDY_CODE_ALPHABET[randomInt(STUDY_CODE_ALPHABET.length)];
  return code;
}

function toGroup(row: ParticipantGroupRow, lists: GroupLists, items: ItemsById): ParticipantGroup {
  return {
    _id: row.id,
    name: row.name,
    group_num: row.group_num,
    stage: row.stage_id,
    ema_list: lists.ema_list.map((s) => withItems(s, items)),
    diary_list: lists.diary_list.map((s) => withItems(s, items)),
    questionnaire_list: itemsOf(lists.questionnaire_list, items),
    questionnaire_list_free_to_choose: row.questionnaire_list_free_to_choose === 1,
    no_submission_limit_list: itemsOf(lists.no_submission_limit_list, items),
    followup_list: lists.followup_list.map((rule) => followupWithItems(rule, items)),
  };
}

function toStage(row: StageRow, groups: ParticipantGroup[]): Stage {
  return {
    _id: row.id,
    stage_num: row.stage_num,
    chin_name: row.chin_name,
    chin_progress_message: row.chin_progress_message,
    chin_complete_message: row.chin_complete_message,
    consent_info: { consent_needed: row.consent_needed === 1, chin_content: row.consent_content },
    participant_group_list: groups.filter((g) => g.stage === row.id),
  };
}

export function toStudySummary(row: StudyRow): StudySummary {
  return {
    _id: row.id,
    chin_name: row.chin_name,
    study_code: row.study_code,
    active_status: row.active_status as ActiveStatus,
    createdAt: row.created_at,
  };
}

/**
 * A page of a study list, newest first. A page beyond the last is empty and says how many pages there are, so
 * the portal can go to the last one (part 2 section 9).
 */
export async function studyPage(db: Db, filter: StudyFilter, page: number): Promise<StudyListAnswer> {
  const [total, rows] = await Promise.all([countStudies(db, filter), listStudies(db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE)]);
  return { studies: rows.map(toStudySummary), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), page };
}

export async function readStudy(db: Db, row: StudyRow): Promise<Study> {
  const [stages, groupRows] = await Promise.all([listStages(db, row.id), listGroupsOfStudy(db, row.id)]);
  const lists = groupRows.map(readGroupLists);
  const found = await listQuestionnaireItems(db, row.lab_id, [...new Set(lists.flatMap(idsInLists))]);
  const items = new Map(found.map((item) => [item._id, item]));
  const groups = groupRows.map((g, i) => toGroup(g, lists[i], items));
  return {
    ...toStudySummary(row),
    contact_person_name: row.contact_person_name,
    contact_email: row.contact_email,
    lab: row.lab_id,
    stage_list: stages.map((s) => toStage(s, groups)),
  };
}

/** Groups are numbered within their stage; a new one starts with empty lists. */
export async function insertBlankGroup(db: Db, stageId: string, groupNum: number): Promise<void> {
  await insertGroup(db, {
    id: newId(),
    stage_id: stageId,
    group_num: groupNum,
    name: '',
    ema_list: '[]',
    diary_list: '[]',
    questionnaire_list: '[]',
    questionnaire_list_free_to_choose: 0,
    no_submission_limit_list: '[]',
  });
}

/** A stage comes with its group 1. */
export async function addStageWithGroup(db: Db, studyId: string, stageNum: number): Promise<void> {
  const stageId = newId();
  await insertStage(db, {
    id: stageId,
    study_id: studyId,
    stage_num: stageNum,
    chin_name: '',
    chin_progress_message: '',
    chin_complete_message: '',
    // Consent is read from the first stage; a new study asks for it by default.
    consent_needed: stageNum === 1 ? 1 : 0,
    consent_content: '',
  });
  await insertBlankGroup(db, stageId, 1);
}

/**
 * A blank study with its name: one stage (consent needed) with one group, a unique code, inactive. A name given
 * must not be blank; none given (the specification's empty-body call) makes the study without a name, as the
 * specification says, and Activate then asks for one.
 */
export async function createBlankStudy(db: Db, labId: string, managedBy: string | null, name: string | undefined, actor: AuditActor): Promise<string> {
  const problem = name === undefined ? null : newStudyNameProblem(name);
  if (problem) throw badRequest(problem);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const id = newId();
    const now = nowIso();
    try {
      await db.transaction().execute(async (trx) => {
        await insertStudy(trx, {
          id,
          lab_id: labId,
          managed_by: managedBy,
          study_code: newStudyCode(),
          chin_name: (name ?? '').trim(),
          contact_person_name: '',
          contact_email: '',
          active_status: 'inactive',
          created_at: now,
          updated_at: now,
        });
        await addStageWithGroup(trx, id, 1);
        await recordAudit(trx, actor, { kind: 'study.created', entityType: 'study', entityId: id, studyId: id, labId, before: null, after: { chin_name: (name ?? '').trim() } });
      });
      return id;
    } catch (error) {
      // A code already taken: draw another.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not draw a unique study code');
}
