// What a study needs before it can run (issue 11, "Guard rails on studies"): the portal lists these before it
// offers Activate, and the server refuses an activation that breaks any of them with the same list.
import { studyMessages } from '../messages';
import { plainText } from '../richText';
import type { ParticipantGroup, Study } from '../types/study';
import { diarySettingProblem, emaSettingProblem } from './assessmentSettings';

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
  if (!hasAssessment(group)) found.push(`${where}: ${studyMessages.activationGroupNoAssessment}`);
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

/**
 * Everything that keeps the study from running, in the editor's order (basic information, then each stage and
 * its groups); empty when it can be activated. `offeredTimezones` adds the deployment's zone check.
 */
export function studyActivationProblems(study: Pick<Study, 'chin_name' | 'stage_list'>, offeredTimezones?: readonly string[]): string[] {
  const found: string[] = [];
  if (study.chin_name.trim() === '') found.push(studyMessages.studyNameRequired);
  const first = study.stage_list.find((s) => s.stage_num === 1);
  if (first?.consent_info.consent_needed && !hasContent(first.consent_info.chin_content)) found.push(studyMessages.activationConsentEmpty);
  for (const stage of [...study.stage_list].sort((a, b) => a.stage_num - b.stage_num)) {
    if (stage.chin_name.trim() === '') found.push(`Stage ${stage.stage_num}: ${studyMessages.activationStageUnnamed}`);
    for (const group of [...stage.participant_group_list].sort((a, b) => a.group_num - b.group_num)) {
      found.push(...groupProblems(stage.stage_num, group, offeredTimezones));
    }
  }
  return found;
}
