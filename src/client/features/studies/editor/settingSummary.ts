// One line describing an EMA or diary setting in its group's list, so settings can be told apart unopened.
import type { DiarySetting, EmaSetting } from '../../../../shared/study/assessmentSettings';
import { questionnaireLabels } from './questionnaireLabel';

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
