// The follow-up rules of a participant group in the study editor (issue 34 part 1): added by keyboard with a
// condition built on the trigger questionnaire's questions, the shared rule's message for a bad 'Prompt after',
// edited and removed (after Confirm?), and followup_list in the body Save Changes sends, as the Contract says. Score
// conditions (issue 34 part 2) on the trigger's scores, added by keyboard and checked by the shared rule.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { followupEditorTexts, followupMessages } from '../../../../src/shared/messages';
import type { FollowupRule } from '../../../../src/shared/study/followups';
import type { StudyEditBody } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { moodSet, question, questionnaire, response } from '../questionnaires/fixtures';
import { groupBlock, item, openEditor, optionName } from './editorHarness';
import { accessWithout, group, stage, study } from './studyFixtures';

jest.setTimeout(30_000);

let net: MockApi;
beforeEach(() => {
  net = mockApi();
  // The trigger questionnaire Q01: a number and a multiple-choice question.
  const questions = [question('q1', 'Q1', [response('r1', 'text', { number_only: true })]), question('q2', 'Q2', [response('r2', 'mc', { choices: 'set1' })])];
  const total = { name: 'total', method: 'sum' as const, items: [{ question_pos: 0, response_pos: 0, reverse: false }], min_answered: 1 };
  net.on('GET', '/api/qx_list/qx1', { status: 200, data: questionnaire(questions, { _id: 'qx1', scores: [total] }) });
  net.on('GET', '/api/qx_list/qx1/mc', { status: 200, data: { sets: [moodSet] } });
});
afterEach(() => net.restore());

const TITLE = 'Follow-up Prompt Rule';

const existing: FollowupRule = {
  trigger_questionnaire: item(1),
  when: [{ or: [{ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] }],
  score_when: [],
  questionnaire_list: [item(3)],
  after_minutes: 30,
  response_in: 20,
  reminder_interval: 5,
  max_per_day: 2,
};

const withRules = (followup_list: FollowupRule[]) =>
  study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { name: 'Everyone', followup_list })] })] });

async function press(user: UserEvent, element: HTMLElement, key = '{Enter}') {
  element.focus();
  await user.keyboard(key);
}

async function retype(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

async function savedRules(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await screen.findByText('Changes have been saved');
  const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
  return body.stage_list?.[0].participant_group_list?.[0].followup_list;
}

describe('follow-up rules in the study editor', () => {
  it('adds a rule by keyboard, with a condition on the trigger’s questions, and Save Changes sends it', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withRules([]) });
    const { user } = await openEditor(net, withRules([]));
    const block = groupBlock(1, 1);
    expect(within(block).getByRole('region', { name: 'Follow-up Prompts' })).toHaveTextContent('None yet.');
    await press(user, within(block).getByRole('button', { name: 'Add Follow-up rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    expect(dialog.getByText('Choose the trigger questionnaire to add conditions.')).toBeInTheDocument();

    await user.selectOptions(dialog.getByLabelText('Trigger questionnaire'), optionName(1));
    // The condition builder of the visibility conditions, on Q01's questions once they are loaded.
    await user.selectOptions(await dialog.findByLabelText('Question'), 'Question 1 (Q1): Text of Q1');
    await user.selectOptions(dialog.getByLabelText('Response'), 'Response 1 (Text)');
    await user.selectOptions(dialog.getByLabelText('Operator'), 'greater or equal');
    await user.type(dialog.getByLabelText('Value'), '7');
    await press(user, dialog.getByRole('button', { name: 'Add Condition' }));
    expect(dialog.getByRole('list', { name: 'Condition groups' })).toHaveTextContent('Question 1 (Q1): Text of Q1, Response 1 (Text) greater or equal "7"');

    // The follow-up questionnaires' listbox: arrows move, Space chooses.
    const followups = dialog.getByRole('listbox', { name: 'Follow-up questionnaires' });
    await press(user, followups, '{ArrowDown} ');
    expect(within(followups).getByRole('option', { name: optionName(2) })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByLabelText('Response has to be made within (minutes)')).toHaveValue('15');
    expect(dialog.getByLabelText('Interval between reminder notifications (minutes)')).toHaveValue('5');
    expect(dialog.getByLabelText('At most per day')).toHaveValue('1');
    const after = dialog.getByLabelText('Prompt after (minutes, 0-1440)');
    await retype(user, after, '45');
    // Enter in a field applies.
    await press(user, after);
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(within(block).getByText('Follow-up rule 1: Questionnaire Q01 (Q01) when Q1 response 1 greater or equal "7" → Questionnaire Q02 (Q02); after 45 min; at most 1 a day')).toBeInTheDocument();

    expect(await savedRules(user)).toEqual([
      {
        trigger_questionnaire: item(1),
        when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'greater or equal', criterion_value: '7' }] }],
        score_when: [],
        questionnaire_list: [item(2)],
        after_minutes: 45,
        response_in: 15,
        reminder_interval: 5,
        max_per_day: 1,
      },
    ]);
  });

  it('says the shared rule’s message for a bad "Prompt after" and stays open until it is mended', async () => {
    const { user } = await openEditor(net, withRules([]));
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Add Follow-up rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    const apply = () => user.click(dialog.getByRole('button', { name: 'Apply' }));
    await apply();
    expect(dialog.getByRole('alert')).toHaveTextContent(followupMessages.triggerRequired);
    await user.selectOptions(dialog.getByLabelText('Trigger questionnaire'), optionName(1));
    await user.click(within(dialog.getByRole('listbox', { name: 'Follow-up questionnaires' })).getByRole('option', { name: optionName(2) }));
    await retype(user, dialog.getByLabelText('Prompt after (minutes, 0-1440)'), '1441');
    await apply();
    expect(dialog.getByRole('alert')).toHaveTextContent(followupMessages.afterMinutes);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await retype(user, dialog.getByLabelText('Prompt after (minutes, 0-1440)'), '1440');
    await apply();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(within(groupBlock(1, 1)).getByText(/Follow-up rule 1: .*after 1440 min/)).toBeInTheDocument();
  });

  it('opens a saved rule with its condition, edits it in place, and removes one only after Confirm?', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withRules([]) });
    const { user } = await openEditor(net, withRules([existing]));
    const block = groupBlock(1, 1);
    await user.click(within(block).getByRole('button', { name: 'Open Follow-up rule 1' }));
    let dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    expect(dialog.getByLabelText('Trigger questionnaire')).toHaveValue('qx1');
    expect(await dialog.findByRole('list', { name: 'Condition groups' })).toHaveTextContent('Question 2 (Q2): Text of Q2, Response 1 (Multiple choice) is selected "Sad (sad)"');
    await retype(user, dialog.getByLabelText('At most per day'), '3');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(within(block).getByText(/Follow-up rule 1: .*at most 3 a day$/)).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Remove Follow-up rule 1' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Confirm?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(within(block).getByText(/Follow-up rule 1:/)).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Remove Follow-up rule 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm?' })).getByRole('button', { name: 'Confirm' }));
    expect(within(block).queryByText(/Follow-up rule 1:/)).not.toBeInTheDocument();
    expect(await savedRules(user)).toEqual([]);
  });

  it('sends an edited rule whole with Save Changes', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withRules([existing]) });
    const { user } = await openEditor(net, withRules([existing]));
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Open Follow-up rule 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    await dialog.findByRole('list', { name: 'Condition groups' });
    await user.click(dialog.getByRole('button', { name: /^Remove condition/ }));
    await retype(user, dialog.getByLabelText('Prompt after (minutes, 0-1440)'), '0');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await savedRules(user)).toEqual([{ ...existing, when: [], after_minutes: 0 }]);
  });

  it('adds a score condition by keyboard, says the shared rule’s message for a value that is not a number, and Save Changes sends it', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: withRules([existing]) });
    const { user } = await openEditor(net, withRules([existing]));
    const block = groupBlock(1, 1);
    await user.click(within(block).getByRole('button', { name: 'Open Follow-up rule 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    const scores = within(await dialog.findByRole('region', { name: "When the answer's scores meet" }));
    expect(scores.getByText(followupEditorTexts.noScoreCondition)).toBeInTheDocument();
    await press(user, scores.getByRole('button', { name: 'Add score condition' }));
    const row = within(scores.getByRole('group', { name: 'Score condition 1' }));
    expect(row.getByLabelText('Score')).toHaveValue('total');
    // Native selects and a text field, as the condition builder's (the browser's keys choose an option).
    await user.selectOptions(row.getByLabelText('Operator'), 'greater');
    expect(row.getByLabelText('Operator')).toHaveValue('greater');
    await user.type(row.getByLabelText('Value'), 'ten');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(followupMessages.scoreValueNotNumber);
    await retype(user, row.getByLabelText('Value'), '10.5');
    await press(user, row.getByLabelText('Value'));
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    expect(within(block).getByText(/Follow-up rule 1: .* when Q2 response 1 is selected "sad" and score total greater 10.5 → /)).toBeInTheDocument();
    expect(await savedRules(user)).toEqual([{ ...existing, score_when: [{ score: 'total', criterion_operator: 'greater', criterion_value: 10.5 }] }]);
  });

  it('refuses a score the trigger no longer has with the shared rule’s message, until the condition is removed', async () => {
    const stale: FollowupRule = { ...existing, score_when: [{ score: 'gone', criterion_operator: 'less', criterion_value: 3 }] };
    const { user } = await openEditor(net, withRules([stale]));
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: 'Open Follow-up rule 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    const row = within(await dialog.findByRole('group', { name: 'Score condition 1' }));
    // The saved name stays shown among the trigger's scores.
    expect(row.getByLabelText('Score')).toHaveValue('gone');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(followupMessages.scoreConditionInvalid);
    await user.click(row.getByRole('button', { name: 'Remove score condition 1' }));
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('without STUDY/EDIT/STUDY_EMA_ASSESSMENTS a rule opens read-only, with no Add or Remove', async () => {
    const { user } = await openEditor(net, withRules([existing]), accessWithout('editEma'));
    const block = groupBlock(1, 1);
    expect(within(block).queryByRole('button', { name: 'Add Follow-up rule' })).not.toBeInTheDocument();
    expect(within(block).queryByRole('button', { name: 'Remove Follow-up rule 1' })).not.toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Open Follow-up rule 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
    expect(dialog.getByLabelText('Trigger questionnaire')).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add Condition' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add score condition' })).not.toBeInTheDocument();
  });
});
