// The EMA settings dialog in the study editor: defaults of part 2 section 9, the nine rules of section 5 in
// their order with their messages, randomise clearing the time lists, and what Save Changes then sends.
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { assessmentMessages } from '../../../../src/shared/messages';
import type { EmaSetting } from '../../../../src/shared/study/assessmentSettings';
import type { StudyEditBody } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { groupBlock, item, openEditor, optionName } from './editorHarness';
import { accessWithout, group, stage, study } from './studyFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const TITLE = 'EMA Assessment Setting';

const existing: EmaSetting = {
  questionnaire_list: [item(1)],
  time_randomize: false,
  time_list: ['08:00'],
  randomize_settings: [],
  timezone: 'Asia/Hong_Kong',
  number_of_days: 14,
  day_one_eq_same_day: false,
  reminder_interval: 10,
  response_in: 30,
  zone_rule: 'setting',
};

const withSetting = () => study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { name: 'Everyone', ema_list: [existing] })] })] });

async function addSetting(user: UserEvent) {
  await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Add EMA setting' }));
  return screen.findByRole('dialog', { name: TITLE });
}

function setTime(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

async function retype(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('EMA settings dialog', () => {
  it('lists the group’s settings and opens a new one with the defaults of part 2 section 9', async () => {
    const { user } = await openEditor(net, withSetting());
    expect(within(groupBlock(1, 1)).getByText('EMA setting 1: Questionnaire Q01 (Q01); at 08:00; 14 days')).toBeInTheDocument();
    const dialog = await addSetting(user);
    const questionnaires = within(dialog).getByRole('listbox', { name: 'Questionnaires' });
    expect(within(questionnaires).getAllByRole('option')).toHaveLength(12);
    expect(within(questionnaires).queryAllByRole('option', { selected: true })).toEqual([]);
    expect(within(dialog).getByRole('switch', { name: 'Randomized time' })).not.toBeChecked();
    expect(within(dialog).getByText('No assessment time yet.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Time Zone')).toHaveValue('Asia/Hong_Kong');
    expect(within(dialog).getByLabelText('For number of days')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Day one is the same day as the participant is assigned')).toBeChecked();
    expect(within(dialog).getByLabelText('Interval between reminder notifications (minutes)')).toHaveValue('5');
    expect(within(dialog).getByLabelText('Response has to be made within (minutes)')).toHaveValue('15');
    // A new fixed time is 09:00; a new randomised period 09:00-21:00.
    await user.click(within(dialog).getByRole('button', { name: 'Add Time' }));
    expect(within(dialog).getByLabelText('Assessment time 1')).toHaveValue('09:00');
    await user.click(within(dialog).getByRole('switch', { name: 'Randomized time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Period' }));
    expect(within(dialog).getByLabelText('Start of period 1')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('End of period 1')).toHaveValue('21:00');
  });

  it('toggling randomise clears both time lists', async () => {
    const { user } = await openEditor(net, withSetting());
    const dialog = await addSetting(user);
    const randomize = within(dialog).getByRole('switch', { name: 'Randomized time' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Time' }));
    setTime(within(dialog).getByLabelText('Assessment time 2'), '13:30');
    await user.click(randomize);
    expect(within(dialog).queryByLabelText(/Assessment time/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('No period yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Period' }));
    await user.click(randomize);
    expect(within(dialog).getByText('No assessment time yet.')).toBeInTheDocument();
    await user.click(randomize);
    expect(within(dialog).getByText('No period yet.')).toBeInTheDocument();
  });

  it('checks the nine rules in the order of part 2 section 5, each message in the dialog, then applies and saves', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withSetting() });
    const { user } = await openEditor(net, withSetting());
    const dialog = await addSetting(user);
    const apply = () => user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const expectMessage = async (message: string) => {
      await apply();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    };
    const questionnaires = within(dialog).getByRole('listbox', { name: 'Questionnaires' });
    const days = within(dialog).getByLabelText('For number of days');
    const reminder = within(dialog).getByLabelText('Interval between reminder notifications (minutes)');
    const responseIn = within(dialog).getByLabelText('Response has to be made within (minutes)');

    // 1. Questionnaire Q01 is in the group's other EMA setting.
    await user.click(within(questionnaires).getByRole('option', { name: optionName(1) }));
    await user.click(within(questionnaires).getByRole('option', { name: optionName(2) }));
    await expectMessage(assessmentMessages.emaQuestionnaireTaken);
    await user.click(within(questionnaires).getByRole('option', { name: optionName(1) }));
    expect(within(questionnaires).getByRole('option', { name: optionName(1) })).toHaveAttribute('aria-selected', 'false');

    // 2. Number of days larger than 0.
    await retype(user, days, '0');
    await expectMessage(assessmentMessages.daysLargerThanZero);
    await retype(user, days, '');
    await expectMessage(assessmentMessages.daysLargerThanZero);
    await retype(user, days, '7');

    // 3. Reminder interval a number, at least 5.
    await retype(user, reminder, 'ten');
    await expectMessage(assessmentMessages.reminderNotNumber);
    await retype(user, reminder, '');
    await expectMessage(assessmentMessages.reminderTooSmall);
    await retype(user, reminder, '4');
    await expectMessage(assessmentMessages.reminderTooSmall);
    await retype(user, reminder, '10');

    // 4. Not randomised: at least one assessment time.
    await expectMessage(assessmentMessages.needAssessmentTime);
    await user.click(within(dialog).getByRole('button', { name: 'Add Time' }));
    // The message described the setting as applied; a change clears it until the next Apply.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // 5. Randomised: at least one period.
    await user.click(within(dialog).getByRole('switch', { name: 'Randomized time' }));
    await expectMessage(assessmentMessages.needPeriod);
    await user.click(within(dialog).getByRole('button', { name: 'Add Period' }));

    // 6. Each period's start before its end.
    setTime(within(dialog).getByLabelText('Start of period 1'), '22:00');
    await expectMessage(assessmentMessages.periodStartBeforeEnd);
    setTime(within(dialog).getByLabelText('Start of period 1'), '09:00');

    // 7. Response-within a number, at least 5.
    await retype(user, responseIn, 'soon');
    await expectMessage(assessmentMessages.responseInNotNumber);
    await retype(user, responseIn, '4');
    await expectMessage(assessmentMessages.responseInTooSmall);

    // 8. Reminder interval below response-within.
    await retype(user, responseIn, '10');
    await expectMessage(assessmentMessages.reminderNotBelowResponseIn);
    await retype(user, responseIn, '30');

    // 9. Each period longer than response-within.
    setTime(within(dialog).getByLabelText('End of period 1'), '09:30');
    await expectMessage(assessmentMessages.periodShorterThanResponseIn);
    setTime(within(dialog).getByLabelText('End of period 1'), '12:00');

    await user.selectOptions(within(dialog).getByLabelText('Time Zone'), 'Asia/Tokyo');
    expect(within(dialog).getByLabelText('Schedule follows')).toHaveValue('setting');
    await user.selectOptions(within(dialog).getByLabelText('Schedule follows'), 'Follow the phone');
    await user.click(within(dialog).getByLabelText('Day one is the same day as the participant is assigned'));
    await apply();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(within(groupBlock(1, 1)).getByText('EMA setting 2: Questionnaire Q02 (Q02); random in 09:00-12:00; 7 days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
    expect(body.stage_list?.[0].participant_group_list?.[0].ema_list).toEqual([
      existing,
      {
        questionnaire_list: [item(2)],
        time_randomize: true,
        time_list: [],
        randomize_settings: [{ start_time: '09:00', end_time: '12:00' }],
        timezone: 'Asia/Tokyo',
        zone_rule: 'follow_phone',
        number_of_days: 7,
        day_one_eq_same_day: false,
        reminder_interval: 10,
        response_in: 30,
      },
    ]);
  });

  it('opens a saved setting, edits it in place, and removes one only after Confirm?', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withSetting() });
    const { user } = await openEditor(net, withSetting());
    const block = groupBlock(1, 1);
    await user.click(within(block).getByRole('button', { name: 'Open EMA setting 1' }));
    let dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByLabelText('Assessment time 1')).toHaveValue('08:00');
    expect(within(dialog).getByRole('option', { name: optionName(1) })).toHaveAttribute('aria-selected', 'true');
    setTime(within(dialog).getByLabelText('Assessment time 1'), '20:15');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(block).getByText('EMA setting 1: Questionnaire Q01 (Q01); at 20:15; 14 days')).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Remove EMA setting 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(block).getByText(/EMA setting 1:/)).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Remove EMA setting 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm?' })).getByRole('button', { name: 'Confirm' }));
    expect(within(block).queryByText(/EMA setting 1:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
    expect(body.stage_list?.[0].participant_group_list?.[0].ema_list).toEqual([]);
  });

  it('without STUDY/EDIT/STUDY_EMA_ASSESSMENTS a setting opens read-only, with no Add or Remove', async () => {
    const { user } = await openEditor(net, withSetting(), accessWithout('editEma'));
    const block = groupBlock(1, 1);
    expect(within(block).queryByRole('button', { name: 'Add EMA setting' })).not.toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: 'Remove EMA setting 1' })).not.toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Open EMA setting 1' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByLabelText('For number of days')).toBeDisabled();
    expect(within(dialog).getByLabelText('Assessment time 1')).toBeDisabled();
    expect(within(dialog).getByRole('listbox', { name: 'Questionnaires' })).toHaveAttribute('aria-readonly', 'true');
    await user.click(within(dialog).getByRole('option', { name: optionName(2) }));
    expect(within(dialog).getByRole('option', { name: optionName(2) })).toHaveAttribute('aria-selected', 'false');
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });
});
