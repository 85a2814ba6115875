// The EMA settings dialog (part 2 sections 2.2, 5 and 9): questionnaires, fixed times or randomised periods,
// time zone, number of days, day one, reminder interval and response window. Apply checks the nine rules in
// the specification's order (shared with the server) and shows the first broken one's message here.
import Form from 'react-bootstrap/Form';
import {
  emaSettingProblem,
  withRandomize,
  type AssessmentListItem,
  type EmaSetting,
  type EmaSettingDraft,
} from '../../../../shared/study/assessmentSettings';
import { QuestionnaireSelect } from './QuestionnaireSelect';
import { NumberTextField, TimezoneField, ZoneRuleField } from './settingFields';
import { emaSettingOf } from './settingDrafts';
import { SettingModal } from './SettingModal';
import { useSettingDraft } from './useSettingDraft';
import { FixedTimesField, PeriodsField } from './TimeListFields';

export const EMA_DIALOG_TITLE = 'EMA Assessment Setting';

interface EmaSettingModalProps {
  initial: EmaSetting;
  /** The group's other EMA settings: a questionnaire may be in only one of them. */
  others: readonly EmaSetting[];
  options: readonly AssessmentListItem[];
  timezones: readonly string[];
  readOnly: boolean;
  onApply: (setting: EmaSetting) => void;
  onHide: () => void;
}

export function EmaSettingModal({ initial, others, options, timezones, readOnly, onApply, onHide }: EmaSettingModalProps) {
  const { draft, problem, update, change, apply, dirty } = useSettingDraft<EmaSettingDraft, EmaSetting>(
    initial,
    { problemOf: (current) => emaSettingProblem(current, others, timezones), settingOf: emaSettingOf },
    onApply,
  );

  return (
    <SettingModal id="ema-setting" title={EMA_DIALOG_TITLE} problem={problem} readOnly={readOnly} dirty={dirty} onApply={apply} onHide={onHide}>
      <QuestionnaireSelect
        id="ema-questionnaires"
        label="Questionnaires"
        options={options}
        selected={draft.questionnaire_list}
        onChange={(questionnaire_list) => change({ questionnaire_list })}
        readOnly={readOnly}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="ema-randomize"
        className="mb-3"
        label="Randomized time"
        checked={draft.time_randomize}
        onChange={(event) => update((current) => withRandomize(current, event.target.checked))}
      />
      {draft.time_randomize ? (
        <PeriodsField periods={draft.randomize_settings} onChange={(randomize_settings) => change({ randomize_settings })} />
      ) : (
        <FixedTimesField times={draft.time_list} onChange={(time_list) => change({ time_list })} />
      )}
      <TimezoneField id="ema-timezone" value={draft.timezone} offered={timezones} onChange={(timezone) => change({ timezone })} />
      <ZoneRuleField id="ema-zone-rule" value={draft.zone_rule} onChange={(zone_rule) => change({ zone_rule })} />
      <NumberTextField id="ema-days" label="For number of days" value={draft.number_of_days} onChange={(number_of_days) => change({ number_of_days })} />
      <Form.Check
        id="ema-day-one"
        className="mb-3"
        label="Day one is the same day as the participant is assigned"
        checked={draft.day_one_eq_same_day}
        onChange={(event) => change({ day_one_eq_same_day: event.target.checked })}
      />
      <NumberTextField
        id="ema-reminder"
        label="Interval between reminder notifications (minutes)"
        value={draft.reminder_interval}
        onChange={(reminder_interval) => change({ reminder_interval })}
      />
      <NumberTextField
        id="ema-response-in"
        label="Response has to be made within (minutes)"
        value={draft.response_in}
        onChange={(response_in) => change({ response_in })}
      />
    </SettingModal>
  );
}
