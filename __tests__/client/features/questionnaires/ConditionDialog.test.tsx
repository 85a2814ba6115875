import { screen, waitFor, within } from '@testing-library/react';
import type { Question } from '../../../../src/shared/questionnaire/types';
import { mockApi, type MockApi } from '../../support/mockApi';
import { card, deferEditors, openEditor, optionsOf } from './editorHarness';
import { moodSet, question, questionnaire, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const questions = () => [
  question('q1', 'Q1', [response('r1', 'text', { number_only: true })]),
  question('q2', 'Q2', [response('r2', 'mc', { choices: 'set1' })]),
  question('q3', 'Q3', [response('r3', 'textarea')]),
  question('q4', 'Q4', [response('r4a', 'text'), response('r4b', 'time')]),
];

async function openConditionsOf(n: number, qs: Question[] = questions()) {
  const rendered = await openEditor(net, qs, [moodSet]);
  await rendered.user.click(card(n).getByRole('button', { name: 'Visibility Condition' }));
  const dialog = await screen.findByRole('dialog', { name: new RegExp(`^Visibility Condition: Question ${n}`) });
  return { ...rendered, dialog: within(dialog) };
}

describe('the visibility-condition dialog', () => {
  it('offers the text and multiple-choice responses of other questions, and their operators', async () => {
    const { user, dialog } = await openConditionsOf(4);
    expect(optionsOf(dialog.getByLabelText('Question'))).toEqual(['Select a question', 'Question 1 (Q1): Text of Q1', 'Question 2 (Q2): Text of Q2']);
    expect(dialog.getByLabelText('Operator')).toBeDisabled();
    await user.selectOptions(dialog.getByLabelText('Question'), 'Question 1 (Q1): Text of Q1');
    expect(optionsOf(dialog.getByLabelText('Response'))).toEqual(['Select a response', 'Response 1 (Text)']);
    await user.selectOptions(dialog.getByLabelText('Response'), 'Response 1 (Text)');
    expect(optionsOf(dialog.getByLabelText('Operator'))).toEqual(['equal', 'not equal', 'greater', 'less', 'greater or equal', 'less or equal']);
    await user.selectOptions(dialog.getByLabelText('Question'), 'Question 2 (Q2): Text of Q2');
    await user.selectOptions(dialog.getByLabelText('Response'), 'Response 1 (Multiple choice)');
    expect(optionsOf(dialog.getByLabelText('Operator'))).toEqual(['is selected', 'is not selected']);
    expect(optionsOf(dialog.getByLabelText('Value'))).toEqual(['Select a choice', 'Happy', 'Sad']);
  });

  it('offers is / is not for a text response that takes any text', async () => {
    const { user, dialog } = await openConditionsOf(1);
    expect(optionsOf(dialog.getByLabelText('Question'))).toEqual(['Select a question', 'Question 2 (Q2): Text of Q2', 'Question 4 (Q4): Text of Q4']);
    await user.selectOptions(dialog.getByLabelText('Question'), 'Question 4 (Q4): Text of Q4');
    expect(optionsOf(dialog.getByLabelText('Response'))).toEqual(['Select a response', 'Response 1 (Text)']);
    await user.selectOptions(dialog.getByLabelText('Response'), 'Response 1 (Text)');
    expect(optionsOf(dialog.getByLabelText('Operator'))).toEqual(['is', 'is not']);
  });

  it('says what is missing or wrong, in order, and refuses a duplicate', async () => {
    const { user, dialog } = await openConditionsOf(4);
    const add = () => user.click(dialog.getByRole('button', { name: 'Add Condition' }));
    const says = (text: string) => expect(dialog.getByRole('alert')).toHaveTextContent(text);

    await add();
    says('Please select a question.');
    await user.selectOptions(dialog.getByLabelText('Question'), 'Question 1 (Q1): Text of Q1');
    await add();
    says('Please select a response Item.');
    await user.selectOptions(dialog.getByLabelText('Response'), 'Response 1 (Text)');
    await add();
    says('Please enter an value in response to check with.');
    await user.type(dialog.getByLabelText('Value'), 'seven');
    await add();
    says('Selected response item allow numbers only. Please enter a number in response to check with.');
    await user.clear(dialog.getByLabelText('Value'));
    await user.type(dialog.getByLabelText('Value'), '7');
    await user.selectOptions(dialog.getByLabelText('Operator'), 'greater');
    await add();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    const groups = () => dialog.getByRole('list', { name: 'Condition groups' });
    expect(groups()).toHaveTextContent('Question 1 (Q1): Text of Q1, Response 1 (Text) greater "7"');

    await user.type(dialog.getByLabelText('Value'), '7');
    await user.selectOptions(dialog.getByLabelText('Add to'), 'Group 1 (or)');
    await add();
    says('The new dependency is already existed.');
    await user.selectOptions(dialog.getByLabelText('Add to'), 'A new group (and)');
    await add();
    says('The new dependency is already existed.');
  });

  it('adds conditions to a new group (and) or to an existing one (or), removes them, and saves them', async () => {
    const saves: Question[][] = [];
    net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
      const body = request.body as { chin_content: Question[] };
      saves.push(body.chin_content);
      return { status: 200, data: questionnaire(body.chin_content) };
    });
    const { user, dialog } = await openConditionsOf(4);
    const addCondition = async (q: string, r: string, operator: string, value: string, group: string) => {
      await user.selectOptions(dialog.getByLabelText('Question'), q);
      await user.selectOptions(dialog.getByLabelText('Response'), r);
      await user.selectOptions(dialog.getByLabelText('Operator'), operator);
      const valueField = dialog.getByLabelText('Value');
      if (valueField.tagName === 'SELECT') await user.selectOptions(valueField, value);
      else await user.type(valueField, value);
      await user.selectOptions(dialog.getByLabelText('Add to'), group);
      await user.click(dialog.getByRole('button', { name: 'Add Condition' }));
    };
    await addCondition('Question 2 (Q2): Text of Q2', 'Response 1 (Multiple choice)', 'is selected', 'Sad', 'A new group (and)');
    await addCondition('Question 1 (Q1): Text of Q1', 'Response 1 (Text)', 'less', '3', 'Group 1 (or)');
    await addCondition('Question 1 (Q1): Text of Q1', 'Response 1 (Text)', 'not equal', '0', 'A new group (and)');
    const groups = within(dialog.getByRole('list', { name: 'Condition groups' }));
    expect(groups.getAllByRole('listitem').filter((li) => li.parentElement === dialog.getByRole('list', { name: 'Condition groups' }))).toHaveLength(2);
    expect(dialog.getByText(/Response 1 \(Multiple choice\) is selected "Sad \(sad\)"/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Remove condition: Question 1 (Q1): Text of Q1, Response 1 (Text) not equal "0"' }));
    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card(4).getByText('Visible under 2 conditions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0][3].dependency).toEqual([
      {
        or: [
          { dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' },
          { dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'less', criterion_value: '3' },
        ],
      },
    ]);
  });

  it('moves a condition with its question when a question is added before it', async () => {
    const qs = questions();
    qs[3] = { ...qs[3], dependency: [{ or: [{ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'happy' }] }] };
    const { user } = await openEditor(net, qs, [moodSet]);
    await user.click(card(1).getByRole('button', { name: 'Add Question Before' }));
    await user.click(card(5).getByRole('button', { name: 'Visibility Condition' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Visibility Condition: Question 5/ }));
    expect(dialog.getByRole('list', { name: 'Condition groups' })).toHaveTextContent('Question 3 (Q2): Text of Q2, Response 1 (Multiple choice) is selected "Happy (happy)"');
  });
});
