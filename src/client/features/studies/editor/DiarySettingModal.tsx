// The diary settings dialog (part 2 sections 2.2 and 5): questionnaires, a fixed start date (and the date),
// number of days and time zone; Apply checks the three diary rules in order and shows the message here.
import Form from 'react-bootstrap/Form';
import {
  diarySettingProblem,
  type AssessmentListItem,
  type DiarySetting,
  type DiarySettingDraft,
} from '../../../../shared/study/assessmentSettings';
import { QuestionnaireSelect } from './QuestionnaireSelect';
import { NumberTextField, TimezoneField, ZoneRuleField } from './settingFields';
import { diarySettingOf } from './settingDrafts';
import { SettingModal } from './SettingModal';
import { useSettingDraft } from './useSettingDraft';

export const DIARY_DIALOG_TITLE = 'Diary Assessment Setting';

interface DiarySettingModalProps {
  initial: DiarySetting;
  /** The group's other diary settings: a questionnaire may be in only one of them. */
  others: readonly DiarySetting[];
  options: readonly AssessmentListItem[];
  timezones: readonly string[];
  readOnly: boolean;
  onApply: (setting: DiarySetting) => void;
  onHide: () => void;
}

export function DiarySettingModal({ initial, others, options, timezones, readOnly, onApply, onHide }: DiarySettingModalProps) {
  const { draft, problem, change, apply, dirty } = useSettingDraft<DiarySettingDraft, DiarySetting>(
    initial,
    { problemOf: (current) => diarySettingProblem(current, others, timezones), settingOf: diarySettingOf },
    onApply,
  );

  return (
    <SettingModal id="diary-setting" title={DIARY_DIALOG_TITLE} problem={problem} readOnly={readOnly} dirty={dirty} onApply={apply} onHide={onHide}>
      <QuestionnaireSelect
        id="diary-questionnaires"
        label="Questionnaires"
        options={options}
        selected={draft.questionnaire_list}
        onChange={(questionnaire_list) => change({ questionnaire_list })}
        readOnly={readOnly}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="diary-fix-start"
        className="mb-3"
        label="Fixed start date"
        checked={draft.fix_start_date}
        onChange={(event) => change({ fix_start_date: event.target.checked, start_date: event.target.checked ? draft.start_date : null })}
      />
      {draft.fix_start_date && (
        <Form.Group className="mb-3" controlId="diary-start-date">
          <Form.Label>Start date</Form.Label>
          <Form.Control type="date" value={draft.start_date ?? ''} onChange={(event) => change({ start_date: event.target.value || null })} />
        </Form.Group>
      )}
      <NumberTextField id="diary-days" label="For number of days" value={draft.number_of_days} onChange={(number_of_days) => change({ number_of_days })} />
      <TimezoneField id="diary-timezone" value={draft.timezone} offered={timezones} onChange={(timezone) => change({ timezone })} />
      <ZoneRuleField id="diary-zone-rule" value={draft.zone_rule} onChange={(zone_rule) => change({ zone_rule })} />
    </SettingModal>
  );
}
