// The diary settings dialog in the study editor: defaults, the three diary rules of part 2 section 5 in order
// with their messages, and what Save Changes then sends.
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { assessmentMessages } from '../../../../src/shared/messages';
import type { DiarySetting } from '../../../../src/shared/study/assessmentSettings';
import type { StudyEditBody } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { groupBlock, item, openEditor, optionName } from './editorHarness';
import { accessWithout, group, stage, study } from './studyFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const TITLE = 'Diary Assessment Setting';

const existing: DiarySetting = { questionnaire_list: [item(3)], fix_start_date: false, start_date: null, number_of_days: 5, timezone: 'Asia/Hong_Kong', zone_rule: 'setting' };
const withDiary = () => study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { diary_list: [existing] })] })] });

async function retype(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('Diary settings dialog', () => {
  it('opens a new setting with its defaults', async () => {
    const { user } = await openEditor(net, withDiary());
    expect(within(groupBlock(1, 1)).getByText('Diary setting 1: Questionnaire Q03 (Q03); from assignment; 5 days')).toBeInTheDocument();
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Add Diary setting' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(within(dialog).getByRole('listbox', { name: 'Questionnaires' })).queryAllByRole('option', { selected: true })).toEqual([]);
    expect(within(dialog).getByRole('switch', { name: 'Fixed start date' })).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Start date')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('For number of days')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Time Zone')).toHaveValue('Asia/Hong_Kong');
    expect(within(dialog).getByLabelText('Schedule follows')).toHaveValue('setting');
    expect(within(within(dialog).getByLabelText('Schedule follows')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      "The setting's time zone",
      "The participant's time zone at arrival",
      'Follow the phone',
    ]);
  });

  it('checks the three diary rules in order, each message in the dialog, then applies and saves', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withDiary() });
    const { user } = await openEditor(net, withDiary());
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Add Diary setting' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const apply = () => user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const expectMessage = async (message: string) => {
      await apply();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    };

    // 1. Questionnaire Q03 is in the group's other diary setting.
    await user.click(within(dialog).getByRole('option', { name: optionName(3) }));
    await user.click(within(dialog).getByRole('option', { name: optionName(11) }));
    await expectMessage(assessmentMessages.diaryQuestionnaireTaken);
    await user.click(within(dialog).getByRole('option', { name: optionName(3) }));

    // 2. Days larger than 0.
    await retype(user, within(dialog).getByLabelText('For number of days'), '0');
    await expectMessage(assessmentMessages.daysLargerThanZero);
    await retype(user, within(dialog).getByLabelText('For number of days'), '21');

    // 3. A fixed start needs its date.
    await user.click(within(dialog).getByRole('switch', { name: 'Fixed start date' }));
    await expectMessage(assessmentMessages.startDateRequired);
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    await user.selectOptions(within(dialog).getByLabelText('Schedule follows'), "The participant's time zone at arrival");

    await apply();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(within(groupBlock(1, 1)).getByText('Diary setting 2: Questionnaire Q11 (Q11); from 2025-03-01; 21 days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
    expect(body.stage_list?.[0].participant_group_list?.[0].diary_list).toEqual([
      existing,
      { questionnaire_list: [item(11)], fix_start_date: true, start_date: '2025-03-01', number_of_days: 21, timezone: 'Asia/Hong_Kong', zone_rule: 'participant' },
    ]);
  });

  it('without STUDY/EDIT/STUDY_DIARY_ASSESSMENTS a setting opens read-only, with no Add or Remove', async () => {
    const { user } = await openEditor(net, withDiary(), accessWithout('editDiary'));
    const block = groupBlock(1, 1);
    expect(within(block).queryByRole('button', { name: 'Add Diary setting' })).not.toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: 'Remove Diary setting 1' })).not.toBeInTheDocument();
    // The EMA part stays editable: each entry gates its own part.
    expect(within(block).getByRole('button', { name: 'Add EMA setting' })).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Open Diary setting 1' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByLabelText('For number of days')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
