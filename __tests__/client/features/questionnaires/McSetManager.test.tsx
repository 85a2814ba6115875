import { screen, waitFor, within } from '@testing-library/react';
import type { MultipleChoiceSet } from '../../../../src/shared/questionnaire/types';
import { mockApi, type MockApi } from '../../support/mockApi';
import { deferEditors, inResponse, openEditor, optionsOf } from './editorHarness';
import { moodSet, question, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

type Body = { name: string; choices: { name: string; value: string }[] };

async function openManager(sets: MultipleChoiceSet[] = [], questions = [question('q1', 'Q1', [response('r1', 'mc')])]) {
  const rendered = await openEditor(net, questions, sets);
  await rendered.user.click(screen.getByRole('button', { name: 'Multiple Choices Sets' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Multiple Choices Sets' }));
  return { ...rendered, dialog };
}

describe('the multiple-choice set manager', () => {
  it('checks name, choices and their number before creating, then creates the set', async () => {
    const sent: Body[] = [];
    net.on('POST', '/api/qx_list/qx1/mc', (request) => {
      const body = request.body as Body;
      sent.push(body);
      const set: MultipleChoiceSet = { _id: 'set9', name: body.name, questionnaire: 'qx1', choices: body.choices.map((c, position) => ({ ...c, position })) };
      return { status: 201, data: { message: 'A new multiple choices set has been created', set } };
    });
    const { user, dialog } = await openManager();
    expect(dialog.getByText('This questionnaire has no multiple choices sets yet.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'New Set' }));
    const save = () => user.click(dialog.getByRole('button', { name: 'Save Set' }));

    await save();
    expect(dialog.getByRole('alert')).toHaveTextContent('Choice name and value cannot be empty');
    await user.type(dialog.getByLabelText('Set name'), 'Sleep quality');
    await user.type(dialog.getByLabelText('Choice 1 name'), 'Good');
    await user.type(dialog.getByLabelText('Choice 1 value'), '1');
    await save();
    expect(dialog.getByRole('alert')).toHaveTextContent('Choice name and value cannot be empty');
    await user.click(dialog.getByRole('button', { name: 'Remove choice 2' }));
    await save();
    expect(dialog.getByRole('alert')).toHaveTextContent('There must be at least 2 choices');
    expect(sent).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Add Choice' }));
    await user.type(dialog.getByLabelText('Choice 2 name'), 'Poor');
    await user.type(dialog.getByLabelText('Choice 2 value'), '0');
    await user.click(dialog.getByRole('button', { name: 'Move choice 2 up' }));
    expect(dialog.getByLabelText('Choice 1 name')).toHaveValue('Poor');
    await save();
    expect(await screen.findByText('A new multiple choices set has been created')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Sleep quality', choices: [{ name: 'Poor', value: '0' }, { name: 'Good', value: '1' }] }]);
    expect(dialog.getByText('Sleep quality')).toBeInTheDocument();
    expect(dialog.getByText('Poor (0), Good (1)')).toBeInTheDocument();

    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(optionsOf(inResponse(1, 1).getByLabelText('Multiple choices set'))).toEqual(['Select a set', 'Sleep quality']);
  });

  it('changes a set', async () => {
    net.on('PUT', '/api/qx_list/mc/set1/edit', (request) => {
      const body = request.body as Body;
      return { status: 200, data: { message: 'Multiple choices set has been updated', set: { ...moodSet, name: body.name } } };
    });
    const { user, dialog } = await openManager([moodSet]);
    await user.click(dialog.getByRole('button', { name: 'Edit Mood' }));
    expect(dialog.getByLabelText('Choice 2 name')).toHaveValue('Sad');
    await user.clear(dialog.getByLabelText('Set name'));
    await user.type(dialog.getByLabelText('Set name'), 'Feeling');
    await user.clear(dialog.getByLabelText('Choice 2 value'));
    await user.click(dialog.getByRole('button', { name: 'Save Set' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choice name and value cannot be empty');
    await user.type(dialog.getByLabelText('Choice 2 value'), 'low');
    await user.click(dialog.getByRole('button', { name: 'Save Set' }));
    expect(await screen.findByText('Multiple choices set has been updated')).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/qx_list/mc/set1/edit')[0].body).toEqual({
      name: 'Feeling',
      choices: [
        { name: 'Happy', value: 'happy' },
        { name: 'Sad', value: 'low' },
      ],
    });
    expect(dialog.getByText('Feeling')).toBeInTheDocument();
  });

  it('removes a set after "Are you sure?", and shows the server’s refusal of a set in use', async () => {
    const energy: MultipleChoiceSet = { ...moodSet, _id: 'set2', name: 'Energy' };
    net
      .on('DELETE', '/api/qx_list/mc/set1', { status: 409, data: { message: 'This multiple choices set is used by questions: Q1' } })
      .on('DELETE', '/api/qx_list/mc/set2', { status: 200, data: { message: 'Multiple choices set has been removed' } });
    const { user, dialog } = await openManager([moodSet, energy], [question('q1', 'Q1', [response('r1', 'mc', { choices: 'set2' })])]);

    await user.click(dialog.getByRole('button', { name: 'Delete Mood' }));
    expect(dialog.getByRole('alertdialog')).toHaveTextContent('Are you sure?');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('This multiple choices set is used by questions: Q1')).toBeInTheDocument();
    expect(dialog.getByText('Mood')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Delete Energy' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('DELETE', '/api/qx_list/mc/set2')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete Energy' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Multiple choices set has been removed')).toBeInTheDocument();
    expect(dialog.queryByText('Energy')).not.toBeInTheDocument();

    // The unsaved response that chose the removed set no longer names it.
    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inResponse(1, 1).getByLabelText('Multiple choices set')).toHaveValue('');
  });
});
