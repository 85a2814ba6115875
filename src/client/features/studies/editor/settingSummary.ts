// One line describing an EMA or diary setting or a follow-up rule in its group's list, so settings can be told apart unopened.
import type { DiarySetting, EmaSetting } from '../../../../shared/study/assessmentSettings';
import type { FollowupRule } from '../../../../shared/study/followups';
import type { ScoreConditionDraft } from '../../../../shared/study/scoreConditions';
import { questionnaireLabel, questionnaireLabels } from './questionnaireLabel';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

function questionnaires(list: EmaSetting['questionnaire_list']): string {
  return list.length ? questionnaireLabels(list) : 'No questionnaire';
}

export function emaSummary(setting: EmaSetting): string {
  const times = setting.time_randomize
    ? `random in ${setting.randomize_settings.map((p) => `${p.start_time}-${p.end_time}`).join(', ')}`
    : `at ${setting.time_list.join(', ')}`;
  return `${questionnaires(setting.questionnaire_list)}; ${times}; ${days(setting.number_of_days)}`;
}

export function diarySummary(setting: DiarySetting): string {
  const start = setting.fix_start_date && setting.start_date ? `from ${setting.start_date}` : 'from assignment';
  return `${questionnaires(setting.questionnaire_list)}; ${start}; ${days(setting.number_of_days)}`;
}

/** "Q2 response 1 is 3" for a condition, without the trigger's questions at hand (the list is not loaded with them). */
function conditionText(c: FollowupRule['when'][number]['or'][number]): string {
  return `Q${c.dependent_qpos + 1} response ${c.dependent_response_pos + 1} ${c.criterion_operator} "${c.criterion_value}"`;
}

/** A rule's conditions: groups joined by "and", a group's conditions by "or". */
export function whenSummary(when: FollowupRule['when']): string {
  return when.map((g) => g.or.map(conditionText).join(' or ')).join(' and ');
}

/** A rule's score conditions, all of which must hold: "score total greater or equal 10 and …". */
export function scoreWhenSummary(scoreWhen: readonly ScoreConditionDraft[]): string {
  return scoreWhen.map((c) => `score ${c.score} ${c.criterion_operator} ${c.criterion_value}`).join(' and ');
}

export function followupSummary(rule: FollowupRule): string {
  const conditions = [...(rule.when.length ? [whenSummary(rule.when)] : []), ...(rule.score_when.length ? [scoreWhenSummary(rule.score_when)] : [])];
  const when = conditions.length ? ` when ${conditions.join(' and ')}` : ' (every answer)';
  return `${questionnaireLabel(rule.trigger_questionnaire)}${when} → ${questionnaires(rule.questionnaire_list)}; after ${rule.after_minutes} min; at most ${rule.max_per_day} a day`;
}
