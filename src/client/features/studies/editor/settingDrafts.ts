// From what a dialog holds while the user types to the setting the study keeps. The dialogs call these only
// after the shared rules passed, so every number is then a whole number.
import {
  wholeNumber,
  type DiarySetting,
  type DiarySettingDraft,
  type EmaSetting,
  type EmaSettingDraft,
} from '../../../../shared/study/assessmentSettings';

export function emaSettingOf(draft: EmaSettingDraft): EmaSetting {
  return {
    ...draft,
    number_of_days: wholeNumber(draft.number_of_days),
    reminder_interval: wholeNumber(draft.reminder_interval),
    response_in: wholeNumber(draft.response_in),
  };
}

export function diarySettingOf(draft: DiarySettingDraft): DiarySetting {
  return { ...draft, start_date: draft.fix_start_date ? draft.start_date : null, number_of_days: wholeNumber(draft.number_of_days) };
}
