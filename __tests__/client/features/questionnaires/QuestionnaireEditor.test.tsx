import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { prepareForSave } from '../../../../src/shared/questionnaire/operations';
import type { Question } from '../../../../src/shared/questionnaire/types';
import { mockApi, type MockApi } from '../../support/mockApi';
import { card, deferEditors, inResponse, openEditor, optionsOf } from './editorHarness';
import { moodSet, question, questionnaire, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

type Saved = { chin_name: string; abbrev: string; chin_content: Question[] };

function acceptSaves(): Saved[] {
  const saves: Saved[] = [];
  net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
    const body = request.body as Saved;
    saves.push(body);
    return { status: 200, data: questionnaire(body.chin_content, { chin_name: body.chin_name, abbrev: body.chin_content.length ? body.abbrev : body.abbrev }) };
  });
  return saves;
}

describe('QuestionnaireEditor (/qx/{id}/edit)', () => {
  it('shows the code, the name and a card per question with its number and responses', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1'), question('q2', '', [response('r2', 'instruction')])]);
    expect(screen.getByLabelText('Questionnaire Code')).toHaveValue('SD1');
    expect(screen.getByLabelText('Questionnaire Name')).toHaveValue('Sleep Diary');
    expect(card(1).getByLabelText('Question number')).toHaveValue('Q1');
    expect(inResponse(1, 1).getByLabelText('Response type')).toHaveValue('text');
    // Loaded once (the route starts the calls while the editor's code loads), with the lab user's token.
    expect(net.sentTo('GET', '/api/qx_list/qx1')).toHaveLength(1);
    expect(net.sentTo('GET', '/api/qx_list/qx1/mc')).toHaveLength(1);
    expect(net.sentTo('GET', '/api/qx_list/qx1')[0].authorization).toBe('Bearer lab-token');
    expect(inResponse(2, 1).getByLabelText('Response type')).toHaveValue('instruction');
    // The text shows as it will look; its editor starts when the user moves into it.
    const shown = card(1).getByRole('button', { name: 'Edit Question 1 text' });
    expect(shown).toHaveTextContent('Text of Q1');
    await user.click(shown);
    const editor = await card(1).findByRole('textbox', { name: 'Question 1 text' });
    expect(editor).toHaveTextContent('Text of Q1');
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('keeps every keystroke typed into a question text', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(net, [question('q1', 'Q1', undefined, { html_question: '' })]);
    await user.click(card(1).getByRole('button', { name: 'Edit Question 1 text' }));
    const editor = await card(1).findByRole('textbox', { name: 'Question 1 text' });
    await waitFor(() => expect(editor).toHaveFocus());
    await user.type(editor, 'How long did you sleep?');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    // Every character, in order (jsdom's caret may add an empty paragraph around them).
    expect(saves[0].chin_content[0].html_question.replace(/<[^>]+>/g, '')).toBe('How long did you sleep?');
  });

  it('shows each save problem in the red alert, in the specification’s order, before sending', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(
      net,
      [
        question('q1', ''),
        question('q2', 'Q2', [response('r2', 'mc')]),
        question('q3', 'Q3', [response('r3', 'slider', { min: 5, max: 5 })]),
        question('q4', 'Q4', [response('r4', 'time', { validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: { target_qpos: null, target_rpos: null } } })]),
        question('q5', 'Q5', [response('r5', 'time')]),
      ],
      [moodSet],
    );
    const save = () => user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alertSays = async (text: string) => expect(await screen.findByRole('alert')).toHaveTextContent(text);

    await user.clear(screen.getByLabelText('Questionnaire Name'));
    await save();
    await alertSays('Questionnaire name and code are required');
    await user.type(screen.getByLabelText('Questionnaire Name'), 'Sleep Diary 2');

    await save();
    await alertSays('Question number cannot be empty');
    await user.type(card(1).getByLabelText('Question number'), 'Q1');

    await save();
    await alertSays('Please specifiy multiple choices set for multiple choice type question');
    await user.selectOptions(inResponse(2, 1).getByLabelText('Multiple choices set'), 'Mood');

    await save();
    await alertSays('Slider maximum value must be larger than minimum value');
    await user.clear(inResponse(3, 1).getByLabelText('Maximum'));
    await user.type(inResponse(3, 1).getByLabelText('Maximum'), '9');

    await save();
    await alertSays('Select a question in submission requirement');
    await user.selectOptions(inResponse(4, 1).getByLabelText('Earlier than question'), 'Question 5 (Q5): Text of Q5');

    await save();
    await alertSays('Select a response in submission requirement');
    await user.selectOptions(inResponse(4, 1).getByLabelText('Earlier than response'), 'Response 1 (Time)');
    expect(saves).toHaveLength(0);

    await save();
    expect(await screen.findByText('Changes have been saved')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].chin_name).toBe('Sleep Diary 2');
    expect(saves[0].abbrev).toBe('SD1');
    const content = saves[0].chin_content;
    expect(content.map((q) => q.question_num)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    expect(content[1].other_info[0].choices).toBe('set1');
    expect(content[2].other_info[0].max).toBe(9);
    expect(content[3].other_info[0].validation.earlier).toEqual({ target_qpos: 4, target_rpos: 0 });
    expect(content).toEqual(prepareForSave(content));
  });

  it('clears the choices set of non multiple-choice responses on save', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(net, [question('q1', 'Q1', [response('r1', 'mc', { choices: 'set1', multiple: true })])], [moodSet]);
    await user.selectOptions(inResponse(1, 1).getByLabelText('Response type'), 'text');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].chin_content[0].other_info[0]).toMatchObject({ type: 'text', choices: null, multiple: false });
  });

  it('shows the server’s refusal in the red alert', async () => {
    net.on('PUT', '/api/qx_list/qx1/edit', { status: 409, data: { message: 'This questionnaire code is already used in your lab' } });
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This questionnaire code is already used in your lab');
    expect(screen.queryByText('Changes have been saved')).not.toBeInTheDocument();
  });

  it('adds questions and instructions before and after, and deletes after "Are you sure?"', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(net, [question('q1', 'Q1'), question('q2', 'Q2')]);
    await user.click(card(1).getByRole('button', { name: 'Add Question After' }));
    await waitFor(() => expect(card(2).getByLabelText('Question number')).toHaveFocus());
    await user.type(card(2).getByLabelText('Question number'), 'Q1b');
    await user.click(card(1).getByRole('button', { name: 'Add Instruction Before' }));
    expect(inResponse(1, 1).getByLabelText('Response type')).toHaveValue('instruction');
    expect(card(2).getByLabelText('Question number')).toHaveValue('Q1');
    await user.click(card(4).getByRole('button', { name: 'Add Question Before' }));
    await user.type(card(4).getByLabelText('Question number'), 'Q1c');
    await user.click(card(5).getByRole('button', { name: 'Add Instruction After' }));
    expect(screen.getAllByRole('region', { name: /^Question \d+$/ })).toHaveLength(6);

    await user.click(card(2).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Question \d+$/ })).toHaveLength(5));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const content = saves[0].chin_content;
    expect(content.map((q) => [q.question_num, q.other_info[0].type, q.position])).toEqual([
      ['', 'instruction', 0],
      ['Q1b', 'text', 1],
      ['Q1c', 'text', 2],
      ['Q2', 'text', 3],
      ['', 'instruction', 4],
    ]);
  });

  it('adds and deletes responses', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    expect(card(1).queryByRole('button', { name: 'Delete Response' })).not.toBeInTheDocument();
    await user.click(card(1).getByRole('button', { name: 'Add Response' }));
    await user.selectOptions(inResponse(1, 2).getByLabelText('Response type'), 'slider');
    expect(card(1).getAllByRole('button', { name: 'Delete Response' })).toHaveLength(2);
    await user.click(inResponse(1, 1).getByRole('button', { name: 'Delete Response' }));
    expect(inResponse(1, 1).getByLabelText('Response type')).toHaveValue('slider');
    expect(card(1).queryByRole('group', { name: 'Response 2' })).not.toBeInTheDocument();
  });

  describe('Go to, on each question card', () => {
    let scrolled: string[];
    beforeEach(() => {
      scrolled = [];
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.id);
      };
    });
    const three = () => [question('q1', 'Q1'), question('q2', 'Q2'), question('q3', 'Q3')];

    it('offers the other questions, as they are when it is opened', async () => {
      const { user } = await openEditor(net, three());
      expect(screen.getAllByRole('combobox', { name: 'Go to' })).toHaveLength(3);
      await user.clear(card(2).getByLabelText('Question number'));
      await user.type(card(2).getByLabelText('Question number'), 'Q2b');
      const goTo = card(1).getByRole('combobox', { name: 'Go to' });
      act(() => goTo.focus());
      expect(optionsOf(goTo)).toEqual(['Choose a question', 'Question 2 (Q2b): Text of Q2', 'Question 3 (Q3): Text of Q3']);
      expect(optionsOf(card(3).getByRole('combobox', { name: 'Go to' }))).toEqual(['Choose a question']);
    });

    it('jumps to the question chosen in its list', async () => {
      const { user } = await openEditor(net, three());
      const goTo = card(1).getByRole('combobox', { name: 'Go to' });
      await user.click(goTo);
      await user.selectOptions(goTo, 'Question 3 (Q3): Text of Q3');
      expect(card(3).getByLabelText('Question number')).toHaveFocus();
      expect(scrolled).toContain('question-q3');
      expect(goTo).toHaveValue('');
    });

    it('with the arrow keys only chooses, and Enter jumps', async () => {
      const { user } = await openEditor(net, three());
      const goTo = card(3).getByRole('combobox', { name: 'Go to' });
      act(() => goTo.focus());
      fireEvent.keyDown(goTo, { key: 'ArrowDown' });
      fireEvent.change(goTo, { target: { value: 'q1' } });
      expect(goTo).toHaveFocus();
      expect(goTo).toHaveValue('q1');
      expect(scrolled).toEqual([]);
      await user.keyboard('{Enter}');
      expect(card(1).getByLabelText('Question number')).toHaveFocus();
      expect(scrolled).toContain('question-q1');
    });

    it('is not offered for the whole questionnaire any more', async () => {
      await openEditor(net, three());
      const cards = screen.getAllByRole('region', { name: /^Question \d$/ });
      const selectors = screen.getAllByRole('combobox', { name: 'Go to' });
      expect(selectors.every((s) => cards.some((c) => c.contains(s)))).toBe(true);
    });
  });

  it('shows a guide editor only when Show guide is ticked', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    expect(card(1).queryByRole('button', { name: 'Edit Question 1 guide' })).not.toBeInTheDocument();
    await user.click(card(1).getByRole('checkbox', { name: 'Show guide' }));
    await user.click(card(1).getByRole('button', { name: 'Edit Question 1 guide' }));
    const guide = await card(1).findByRole('textbox', { name: 'Question 1 guide' });
    await waitFor(() => expect(guide).toHaveFocus());
    await user.type(guide, 'Think of last night');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].chin_content[0].guide).toBe(true);
    expect(saves[0].chin_content[0].html_guide).toContain('Think of last night');
  });

  it('marks unsaved changes until they are saved', async () => {
    acceptSaves();
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.type(card(1).getByLabelText('Question number'), 'x');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('says why a questionnaire could not be opened', async () => {
    net
      .on('GET', '/api/qx_list/gone', { status: 404, data: { message: 'Questionnaire not found' } })
      .on('GET', '/api/qx_list/gone/mc', { status: 404, data: { message: 'Questionnaire not found' } });
    const { renderWithProviders } = await import('../../testUtils');
    const { asManager } = await import('./fixtures');
    await act(async () => {
      renderWithProviders(undefined, { route: '/qx/gone/edit', preloadedState: asManager });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Questionnaire not found');
    expect(await screen.findByRole('link', { name: 'Back to Questionnaire List' })).toHaveAttribute('href', '/qx/qx_list/1');
  });
});
