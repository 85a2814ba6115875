import { screen, within } from '@testing-library/react';
import { mockApi, type MockApi } from '../../support/mockApi';
import { card, deferEditors, inResponse, openEditor, optionsOf } from './editorHarness';
import { moodSet, question, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

describe('response settings offered as part 2 section 5 says', () => {
  it('offers email without numbers only, eight digits with it, and clears the check when numbers only changes', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    const check = () => inResponse(1, 1).getByLabelText('Response check');
    expect(inResponse(1, 1).getByLabelText('Numbers only')).toHaveValue('no');
    expect(optionsOf(check())).toEqual(['None', 'Email']);
    await user.selectOptions(check(), 'Email');
    expect(check()).toHaveDisplayValue('Email');

    await user.selectOptions(inResponse(1, 1).getByLabelText('Numbers only'), 'Yes');
    expect(optionsOf(check())).toEqual(['None', 'Eight digits']);
    expect(check()).toHaveDisplayValue('None');
    await user.selectOptions(check(), 'Eight digits');
    await user.selectOptions(inResponse(1, 1).getByLabelText('Numbers only'), 'No');
    expect(check()).toHaveDisplayValue('None');
  });

  it('shows "Mandatory when visible" for every type but instruction and media', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    const type = () => inResponse(1, 1).getByLabelText('Response type');
    for (const t of ['mc', 'time', 'duration', 'slider', 'text', 'textarea', 'photoUpload']) {
      await user.selectOptions(type(), t);
      expect(inResponse(1, 1).getByRole('checkbox', { name: 'Mandatory when visible' })).toBeInTheDocument();
    }
    for (const t of ['instruction', 'media']) {
      await user.selectOptions(type(), t);
      expect(inResponse(1, 1).queryByRole('checkbox', { name: 'Mandatory when visible' })).not.toBeInTheDocument();
    }
  });

  it('shows the settings of each type', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1')], [moodSet]);
    const type = () => inResponse(1, 1).getByLabelText('Response type');
    const r = () => inResponse(1, 1);

    await user.selectOptions(type(), 'mc');
    expect(optionsOf(r().getByLabelText('Multiple choices set'))).toEqual(['Select a set', 'Mood']);
    expect(r().getByRole('checkbox', { name: 'Multiple answers' })).toBeInTheDocument();

    await user.selectOptions(type(), 'text');
    for (const label of ['Pre label', 'Post label', 'Numbers only', 'Response check']) expect(r().getByLabelText(label)).toBeInTheDocument();

    await user.selectOptions(type(), 'duration');
    expect(r().getAllByRole('checkbox').map((c) => c.getAttribute('id')?.split('-').pop())).toEqual(['required', 'day', 'hour', 'minute']);
    for (const label of ['Day', 'Hour', 'Minute']) expect(r().getByRole('checkbox', { name: label })).toBeInTheDocument();

    await user.selectOptions(type(), 'time');
    // The formats are shown as examples of what the participant picks, not as their codes.
    expect(optionsOf(r().getByLabelText('Picker format'))).toEqual(['Time, e.g. 09:30 PM', 'Date, e.g. 26 11 2026']);
    await user.selectOptions(r().getByLabelText('Picker format'), 'Date, e.g. 26 11 2026');
    expect(r().getByLabelText('Picker format')).toHaveValue('DD MM YYYY');
    expect(r().getByLabelText('Instruction message')).toBeInTheDocument();
    // Changing the type resets the time format to 'hh mm A'.
    await user.selectOptions(type(), 'slider');
    for (const label of ['Minimum', 'Maximum', 'Minimum label', 'Maximum label']) expect(r().getByLabelText(label)).toBeInTheDocument();
    await user.selectOptions(type(), 'time');
    expect(r().getByLabelText('Picker format')).toHaveValue('hh mm A');
    expect(r().getByRole('option', { name: 'Time, e.g. 09:30 PM' })).toHaveProperty('selected', true);

    await user.selectOptions(type(), 'media');
    expect(optionsOf(r().getByLabelText('Media type'))).toEqual(['Image', 'Audio', 'Video']);
    expect(optionsOf(r().getByLabelText('Media source'))).toEqual(['Media file', 'YouTube', 'Image URL']);
    expect(r().getByRole('button', { name: 'Choose Media File' })).toBeInTheDocument();
    await user.selectOptions(r().getByLabelText('Media source'), 'YouTube');
    expect(r().getByLabelText('YouTube URL')).toBeInTheDocument();
    await user.selectOptions(r().getByLabelText('Media source'), 'Image URL');
    await user.type(r().getByLabelText('Image URL'), 'https://example.org/a.png');
    expect(r().getByLabelText('Image URL')).toHaveValue('https://example.org/a.png');

    for (const t of ['textarea', 'photoUpload', 'instruction']) {
      await user.selectOptions(type(), t);
      expect(r().queryAllByRole('combobox')).toHaveLength(1);
    }
  });

  it('offers identical-to-previous only on the first response after a question with a single text response', async () => {
    const { user } = await openEditor(net, [
      question('q1', 'Q1'),
      question('q2', 'Q2', [response('r2a', 'text'), response('r2b', 'text')]),
      question('q3', 'Q3'),
    ]);
    const identical = 'Must be identical to the answer of the previous question';
    expect(inResponse(1, 1).queryByRole('checkbox', { name: identical })).not.toBeInTheDocument();
    expect(inResponse(2, 1).getByRole('checkbox', { name: identical })).toBeInTheDocument();
    expect(inResponse(2, 2).queryByRole('checkbox', { name: identical })).not.toBeInTheDocument();
    // Question 2 has two responses, so question 3 is not offered it.
    expect(inResponse(3, 1).queryByRole('checkbox', { name: identical })).not.toBeInTheDocument();
    await user.click(inResponse(2, 2).getByRole('button', { name: 'Delete Response' }));
    expect(inResponse(3, 1).getByRole('checkbox', { name: identical })).toBeInTheDocument();
    // A previous question whose single response is not text does not offer it.
    await user.selectOptions(inResponse(1, 1).getByLabelText('Response type'), 'textarea');
    expect(inResponse(2, 1).queryByRole('checkbox', { name: identical })).not.toBeInTheDocument();
  });

  it('offers earlier-than on time responses, targeting the time responses of other questions', async () => {
    const { user } = await openEditor(net, [
      question('q1', 'Q1', [response('r1a', 'time'), response('r1b', 'time')]),
      question('q2', 'Q2', [response('r2a', 'text'), response('r2b', 'time')]),
      question('q3', 'Q3', [response('r3', 'text')]),
    ]);
    const earlier = 'Must be earlier than another time response';
    expect(inResponse(3, 1).queryByRole('checkbox', { name: earlier })).not.toBeInTheDocument();
    await user.click(inResponse(1, 1).getByRole('checkbox', { name: earlier }));
    const questionSelect = inResponse(1, 1).getByLabelText('Earlier than question');
    expect(optionsOf(questionSelect)).toEqual(['Select a question', 'Question 2 (Q2): Text of Q2']);
    expect(inResponse(1, 1).getByLabelText('Earlier than response')).toBeDisabled();
    await user.selectOptions(questionSelect, 'Question 2 (Q2): Text of Q2');
    expect(optionsOf(inResponse(1, 1).getByLabelText('Earlier than response'))).toEqual(['Select a response', 'Response 2 (Time)']);

    await user.click(inResponse(2, 2).getByRole('checkbox', { name: earlier }));
    expect(optionsOf(inResponse(2, 2).getByLabelText('Earlier than question'))).toEqual(['Select a question', 'Question 1 (Q1): Text of Q1']);
    await user.selectOptions(inResponse(2, 2).getByLabelText('Earlier than question'), 'Question 1 (Q1): Text of Q1');
    expect(optionsOf(inResponse(2, 2).getByLabelText('Earlier than response'))).toEqual(['Select a response', 'Response 1 (Time)', 'Response 2 (Time)']);
  });

  it('lists only the questionnaire’s sets, and says which set a response chose', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1', [response('r1', 'mc', { choices: 'set1' })])], [moodSet, { ...moodSet, _id: 'set2', name: 'Energy' }]);
    const select = inResponse(1, 1).getByLabelText('Multiple choices set');
    expect(select).toHaveDisplayValue('Mood');
    expect(optionsOf(select)).toEqual(['Select a set', 'Mood', 'Energy']);
    await user.click(inResponse(1, 1).getByRole('button', { name: 'Manage sets' }));
    expect(await screen.findByRole('dialog', { name: 'Multiple Choices Sets' })).toBeInTheDocument();
    expect(within(card(1).getByRole('group', { name: 'Response 1' })).getByRole('checkbox', { name: 'Multiple answers' })).not.toBeChecked();
  });
});
