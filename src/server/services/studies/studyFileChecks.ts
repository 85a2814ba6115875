// Judging an imported study file whole before anything is written (issue 35 part 1): every questionnaire by the
// questionnaire editor's rules, the study's basic information and prompting, and each group's lists, settings
// and follow-up rules by the study editor's. The first problem answers 400, prefixed with where it is.
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import { groupSettingsProblem } from '../../../shared/study/assessmentSettings';
import { followupListProblem, type FollowupRuleDraft } from '../../../shared/study/followups';
import { choicesProblem, questionnaireCreateProblem, questionnaireSaveProblem } from '../../../shared/questionnaire/rules';
import { referenceProblem } from '../../../shared/questionnaire/operations';
import { scoresProblem } from '../../../shared/questionnaire/scores';
import { shufflesProblem } from '../../../shared/questionnaire/shuffles';
import { promptingProblem } from '../../../shared/prompting';
import { basicInfoProblem } from '../../../shared/studyRules';
import { studyFileMessages } from '../../../shared/messages';
import type { StudyFile, StudyFileGroup, StudyFileQuestionnaire } from '../../../shared/studyFile/format';
import { badRequest } from '../../httpErrors';

export function refuse(message: string): never {
  throw badRequest(message);
}

/** A ref as the shared rules' list items carry it (they compare ids). */
const itemOf = (ref: string): AssessmentListItem => ({ _id: ref, chin_name: ref, abbrev: ref });

/** The first problem of the file's questionnaires, by the rules of the questionnaire editor. */
function questionnaireProblem(q: StudyFileQuestionnaire): string | null {
  const created = questionnaireCreateProblem(q.chin_name, q.abbrev);
  if (created) return created;
  const setRefs = new Set<string>();
  for (const set of q.mc_sets) {
    const problem = choicesProblem(set.name, set.choices);
    if (problem) return problem;
    setRefs.add(set.ref);
  }
  const problem = questionnaireSaveProblem(q.chin_content) ?? referenceProblem(q.chin_content);
  if (problem) return problem;
  const unknownSet = q.chin_content.flatMap((question) => question.other_info).find((r) => r.type === 'mc' && r.choices && !setRefs.has(r.choices));
  if (unknownSet?.choices) return studyFileMessages.choiceSetUnknown(unknownSet.choices);
  return scoresProblem(q.chin_content, q.scores)?.message ?? shufflesProblem(q.chin_content, q.shuffle_runs);
}

function groupRefs(group: StudyFileGroup): string[] {
  return [
    ...group.ema_list.flatMap((s) => s.questionnaire_list),
    ...group.diary_list.flatMap((s) => s.questionnaire_list),
    ...group.questionnaire_list,
    ...group.no_submission_limit_list,
    ...group.followup_list.flatMap((r) => [r.trigger_questionnaire, ...r.questionnaire_list]),
  ];
}

/**
 * The file judged whole, before anything is written: refs, questionnaires, groups' settings (in an offered zone
 * after replacement) and follow-up rules, prompting and basic information. The first problem answers 400.
 */
export function checkFile(file: StudyFile, offered: readonly string[]): void {
  const byRef = new Map<string, StudyFileQuestionnaire>();
  for (const q of file.questionnaires) {
    if (byRef.has(q.ref)) refuse(studyFileMessages.questionnaireRefTwice(q.ref));
    byRef.set(q.ref, q);
  }
  for (const q of file.questionnaires) {
    const problem = questionnaireProblem(q);
    if (problem) refuse(studyFileMessages.questionnaireProblem(q.abbrev.trim() || q.ref, problem));
  }
  const basics = basicInfoProblem(file.study) ?? promptingProblem(file.study.prompting)?.message;
  if (basics) refuse(studyFileMessages.studyProblem(basics));
  if (file.stages.length === 0) refuse(studyFileMessages.noStages);
  const zoneOf = (zone: string) => (offered.includes(zone) ? zone : offered[0]);
  file.stages.forEach((stage, s) => {
    if (stage.participant_group_list.length === 0) refuse(studyFileMessages.noGroups(s + 1));
    stage.participant_group_list.forEach((group, g) => {
      const unknown = groupRefs(group).find((ref) => !byRef.has(ref));
      if (unknown !== undefined) refuse(studyFileMessages.questionnaireRefUnknown(unknown));
      const ema = group.ema_list.map((e) => ({ ...e, timezone: zoneOf(e.timezone), questionnaire_list: e.questionnaire_list.map(itemOf) }));
      const diary = group.diary_list.map((d) => ({ ...d, timezone: zoneOf(d.timezone), questionnaire_list: d.questionnaire_list.map(itemOf) }));
      const rules: FollowupRuleDraft[] = group.followup_list.map((r) => ({ ...r, trigger_questionnaire: itemOf(r.trigger_questionnaire), questionnaire_list: r.questionnaire_list.map(itemOf) }));
      const problem = groupSettingsProblem(ema, diary, offered) ?? followupListProblem(
        rules,
        (ref) => byRef.get(ref)?.chin_content,
        (ref) => byRef.get(ref)?.scores,
      );
      if (problem) refuse(studyFileMessages.groupProblem(s + 1, g + 1, problem));
    });
  });
}
