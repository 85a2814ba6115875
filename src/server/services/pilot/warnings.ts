// Pilot mode's warnings before launch (issue 20), over the study as stored: each group without an assessment (the
// warning Activate shows, issue 31), each group's EMA and diary settings in stage and group order, then each
// questionnaire the study uses (once, however many groups use it).
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import type { Question } from '../../../shared/questionnaire/types';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { ParticipantGroup, Stage, Study } from '../../../shared/types/study';
import type { PilotWarning, PilotWarningPlace } from '../../../shared/types/pilotWarnings';
import { studyMessages } from '../../../shared/messages';
import { groupsWithoutAssessment } from '../../../shared/study/activation';
import { groupsInOrder, stagesInOrder } from '../../../shared/study/order';
import { findQuestionnairesOfLab } from '../../repositories/plans';
import { readStudy } from '../studies/studies';
import { parseJson } from '../studies/questionnaires';
import { nowIso } from '../../ids';
import { diaryWarnings, emaWarnings } from './scheduleWarnings';
import { questionnaireWarnings, type QuestionnaireContent } from './questionnaireWarnings';
import { placeOf, warningAt } from './warningPlace';


function groupWarnings(stage: Stage, group: ParticipantGroup, now: string): PilotWarning[] {
  const at = (kind: 'ema' | 'diary', index: number): PilotWarningPlace =>
    placeOf({ stage_num: stage.stage_num, stage_name: stage.chin_name, group_num: group.group_num, group_name: group.name, setting: { kind, number: index + 1 } });
  return [
    ...group.ema_list.flatMap((setting, i) => emaWarnings(setting, at('ema', i))),
    ...group.diary_list.flatMap((setting, i) => diaryWarnings(setting, at('diary', i), now)),
  ];
}

/** The groups whose participants get no task, as Activate's warnings name them. */
function noTaskWarnings(study: Pick<Study, 'stage_list'>): PilotWarning[] {
  return groupsWithoutAssessment(study).map(({ stage, group }) =>
    warningAt('no_tasks', studyMessages.activationGroupNoTasks, placeOf({ stage_num: stage.stage_num, stage_name: stage.chin_name, group_num: group.group_num, group_name: group.name })),
  );
}

/** The questionnaires the study's groups use, in the order the study lists them first, each once. */
export function questionnairesUsed(study: Pick<Study, 'stage_list'>): AssessmentListItem[] {
  const used = new Map<string, AssessmentListItem>();
  for (const stage of stagesInOrder(study)) {
    for (const group of groupsInOrder(stage)) {
      const items = [
        ...group.ema_list.flatMap((s) => s.questionnaire_list),
        ...group.diary_list.flatMap((s) => s.questionnaire_list),
        ...group.questionnaire_list,
        ...group.no_submission_limit_list,
      ];
      for (const item of items) if (!used.has(item._id)) used.set(item._id, item);
    }
  }
  return [...used.values()];
}

/** Every warning of the study; `questionnaires` are the used ones with their questions, `now` dates the diaries. */
export function pilotWarnings(study: Pick<Study, 'stage_list'>, questionnaires: readonly QuestionnaireContent[], now: string): PilotWarning[] {
  const schedule = stagesInOrder(study).flatMap((stage) => groupsInOrder(stage).flatMap((group) => groupWarnings(stage, group, now)));
  const content = new Map(questionnaires.map((q) => [q._id, q]));
  const asked = questionnairesUsed(study).flatMap((item) => content.get(item._id) ?? []);
  return [...noTaskWarnings(study), ...schedule, ...asked.flatMap(questionnaireWarnings)];
}

/** The warnings of a stored study, on the real clock. */
export async function readPilotWarnings(db: Db, row: StudyRow, now: string = nowIso()): Promise<PilotWarning[]> {
  const study = await readStudy(db, row);
  const rows = await findQuestionnairesOfLab(db, row.lab_id, questionnairesUsed(study).map((q) => q._id));
  const questionnaires = rows.map((q) => {
    const content = parseJson<unknown>(q.content, []);
    return { _id: q.id, chin_name: q.chin_name, abbrev: q.abbrev, chin_content: Array.isArray(content) ? (content as Question[]) : [] };
  });
  return pilotWarnings(study, questionnaires, now);
}
