// What a study needs before it can run (issue 11, "Guard rails on studies"): the portal lists these before it
// offers Activate, and the server refuses an activation that breaks any of them with the same list. A group
// without an assessment is only a warning (issue 31): stage 1 is often consent-and-wait, its participants
// assigned to a group of stage 2 by the researcher; a study with no assessment anywhere cannot run.
import { studyMessages } from '../messages/study';
import { plainText } from '../richText';
import type { ParticipantGroup, Stage, Study } from '../types/study';
import { diarySettingProblem, emaSettingProblem } from './assessmentSettings';
import { groupsInOrder, stagesInOrder } from './order';

/** Where a group sits, as the problems name it: "Stage 2, Participant Group 1". */
function groupPlace(stageNum: number, group: ParticipantGroup): string {
  return `Stage ${stageNum}, Participant Group ${group.group_num}`;
}

function hasAssessment(group: ParticipantGroup): boolean {
  return (
    group.questionnaire_list.length > 0 ||
    group.no_submission_limit_list.length > 0 ||
    group.ema_list.some((s) => s.questionnaire_list.length > 0) ||
    group.diary_list.some((s) => s.questionnaire_list.length > 0)
  );
}

/** Rich text a participant can read: words, or an image or video without words. */
function hasContent(html: string): boolean {
  return plainText(html) !== '' || /<(img|iframe|video)\b/i.test(html);
}

function groupProblems(stageNum: number, group: ParticipantGroup, offeredTimezones?: readonly string[]): string[] {
  const where = groupPlace(stageNum, group);
  const found: string[] = [];
  group.ema_list.forEach((setting, i) => {
    const label = `${where}, EMA setting ${i + 1}`;
    if (setting.questionnaire_list.length === 0) found.push(`${label}: ${studyMessages.activationSettingNoQuestionnaire}`);
    const problem = emaSettingProblem(setting, group.ema_list.filter((_, j) => j !== i), offeredTimezones);
    if (problem) found.push(`${label}: ${problem}`);
  });
  group.diary_list.forEach((setting, i) => {
    const label = `${where}, Diary setting ${i + 1}`;
    if (setting.questionnaire_list.length === 0) found.push(`${label}: ${studyMessages.activationSettingNoQuestionnaire}`);
    const problem = diarySettingProblem(setting, group.diary_list.filter((_, j) => j !== i), offeredTimezones);
    if (problem) found.push(`${label}: ${problem}`);
  });
  return found;
}

/** The groups whose participants get no task, in stage and group order: the one definition of that warning. */
export function groupsWithoutAssessment(study: Pick<Study, 'stage_list'>): { stage: Stage; group: ParticipantGroup }[] {
  return stagesInOrder(study).flatMap((stage) => groupsInOrder(stage).filter((group) => !hasAssessment(group)).map((group) => ({ stage, group })));
}

export interface ActivationCheck {
  /** What keeps the study from running: activation is refused while there is any. */
  problems: string[];
  /** What the researcher should know before activating; activation goes ahead. */
  warnings: string[];
}

/**
 * Everything that keeps the study from running, in the editor's order (basic information, then each stage and
 * its groups), and the warnings; no problem when it can be activated. `offeredTimezones` adds the deployment's
 * zone check.
 */
export function studyActivationCheck(study: Pick<Study, 'chin_name' | 'stage_list'>, offeredTimezones?: readonly string[]): ActivationCheck {
  const problems: string[] = [];
  if (study.chin_name.trim() === '') problems.push(studyMessages.studyNameRequired);
  const first = study.stage_list.find((s) => s.stage_num === 1);
  if (first?.consent_info.consent_needed && !hasContent(first.consent_info.chin_content)) problems.push(studyMessages.activationConsentEmpty);
  const idle = groupsWithoutAssessment(study);
  const groupCount = study.stage_list.reduce((n, stage) => n + stage.participant_group_list.length, 0);
  if (idle.length === groupCount) problems.push(studyMessages.activationStudyNoAssessment);
  for (const stage of stagesInOrder(study)) {
    if (stage.chin_name.trim() === '') problems.push(`Stage ${stage.stage_num}: ${studyMessages.activationStageUnnamed}`);
    for (const group of groupsInOrder(stage)) problems.push(...groupProblems(stage.stage_num, group, offeredTimezones));
  }
  const warnings = idle.map(({ stage, group }) => `${groupPlace(stage.stage_num, group)}: ${studyMessages.activationGroupNoTasks}`);
  return { problems, warnings };
}
