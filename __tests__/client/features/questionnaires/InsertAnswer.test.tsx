// The question text's Insert answer menu (issue 34 part 3, piping): it lists the earlier questions that take
// answers (not instructions, not later ones), puts the chosen one's token into the text (starting its editor
// when it had not started) and the token is saved; a token quoting a later question is refused before sending,
// also in a label of the choices a question shows.
// From another questionnaire of the lab: its questions that take answers, `{{CODE.Qn}}` with or without a
// fallback, and the server's message when a list does not load.
import { screen, waitFor, within } from '@testing-library/react';
import type { Question } from '../../../../src/shared/questionnaire/types';
import { pipingMessages } from '../../../../src/shared/questionnaire/piping';
import { mockApi, type MockApi } from '../../support/mockApi';
import { card, deferEditors, openEditor } from './editorHarness';
import { moodSet, question, questionnaire, response, summary } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

type Saved = { chin_content: Question[] };

function acceptSaves(): Saved[] {
  const saves: Saved[] = [];
  net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
    const body = request.body as Saved;
    saves.push(body);
    return { status: 200, data: questionnaire(body.chin_content) };
  });
  return saves;
}

const three = () => [
  question('q1', 'Q1'),
  question('q2', '', [response('r2', 'instruction')], { html_question: '<p>Thanks</p>' }),
  question('q3', 'Q3', undefined, { html_question: '<p>You said:</p>' }),
  question('q4', 'Q4'),
];

describe('Insert answer', () => {
  it('lists the earlier questions that take answers and inserts the chosen token into the text, which is saved', async () => {
    const saves = acceptSaves();
    const { user } = await openEditor(net, three());
    await user.click(card(3).getByRole('button', { name: 'Insert answer into Question 3 text' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Question 1 (Q1): Text of Q1', 'From another questionnaire…']);
    await user.click(menu.getByRole('menuitem', { name: 'Question 1 (Q1): Text of Q1' }));
    const editor = await card(3).findByRole('textbox', { name: 'Question 3 text' });
    await waitFor(() => expect(editor).toHaveTextContent('{{Q1}}'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].chin_content[2].html_question).toContain('{{Q1}}');
    // At the end: the caret was never in that text.
    expect(saves[0].chin_content[2].html_question.replace(/<[^>]+>/g, '')).toBe('You said:{{Q1}}');
  });

  it('offers no question of its own in the first question, nor above which are only instructions', async () => {
    const questions = three();
    questions[0] = { ...questions[0], other_info: [{ ...questions[0].other_info[0], type: 'instruction' }] };
    const { user } = await openEditor(net, questions);
    for (const n of [1, 2]) {
      await user.click(card(n).getByRole('button', { name: `Insert answer into Question ${n} text` }));
      const menu = within(await screen.findByRole('menu', { name: `Insert answer into Question ${n} text` }));
      expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['No earlier question to quote', 'From another questionnaire…']);
      await user.click(menu.getByRole('menuitem', { name: 'No earlier question to quote' }));
      expect(card(n).queryByRole('textbox', { name: `Question ${n} text` })).not.toBeInTheDocument();
    }
  });

  it('refuses to save a token quoting a later question, with the shared message, sending nothing', async () => {
    const saves = acceptSaves();
    const questions = three();
    questions[0] = { ...questions[0], html_question: '<p>{{Q3}}</p>' };
    const { user } = await openEditor(net, questions);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pipingMessages.laterQuestion);
    expect(saves).toHaveLength(0);
  });

  it('refuses to save a choice label quoting a later question by the same rule, and saves when the label quotes an earlier one', async () => {
    const saves = acceptSaves();
    const questions = three();
    questions[0] = { ...questions[0], other_info: [response('r1', 'mc', { choices: 'set1' })] };
    const quoting = (name: string) => [{ ...moodSet, choices: [{ ...moodSet.choices[0], name }, moodSet.choices[1]] }];
    const { user, unmount } = await openEditor(net, questions, quoting('Happy after {{Q3}}'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pipingMessages.laterQuestion);
    expect(saves).toHaveLength(0);
    unmount();

    // The same set shown by Q4, its label quoting Q1 before it: saved.
    const later = three();
    later[3] = { ...later[3], other_info: [response('r4', 'mc', { choices: 'set1' })] };
    const again = await openEditor(net, later, quoting('Happy after {{Q1}}'));
    await again.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves).toHaveLength(1);
  });
});

const mood = () =>
  questionnaire(
    [question('m1', '', [response('m1-r0', 'instruction')], { html_question: '<p>Welcome</p>' }), question('m2', 'M2'), question('m3', 'M3', [response('m3-r0', 'media')]), question('m4', 'M4')],
    { _id: 'qx2', chin_name: 'Mood Check', abbrev: 'MOOD' },
  );

function serveLabList() {
  net.on('GET', '/api/qx_list?pageNumber=1', {
    status: 200,
    data: { qx_list: [summary('qx1', 'Sleep Diary', 'SD1'), summary('qx2', 'Mood Check', 'MOOD')], pages: 2, page: 1 },
  });
  net.on('GET', '/api/qx_list?pageNumber=2', { status: 200, data: { qx_list: [summary('qx3', 'Evening Check', 'EVE')], pages: 2, page: 2 } });
}

async function quoteOther(n: number) {
  const rendered = await openEditor(net, three());
  const { user } = rendered;
  await user.click(card(n).getByRole('button', { name: `Insert answer into Question ${n} text` }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'From another questionnaire…' }));
  const panel = within(card(n).getByRole('group', { name: `Quote another questionnaire in Question ${n} text` }));
  const select = panel.getByRole('combobox', { name: 'Questionnaire to quote' });
  await waitFor(() => expect(select).toHaveFocus());
  return { user, panel, select };
}

describe('Insert answer from another questionnaire', () => {
  it('lists the lab’s other questionnaires, then the chosen one’s questions that take answers, and inserts their tokens with and without fallback', async () => {
    serveLabList();
    net.on('GET', '/api/qx_list/qx2', { status: 200, data: mood() });
    const saves = acceptSaves();
    const { user, panel, select } = await quoteOther(1);
    // Every page of the list, by name, this questionnaire left out.
    await waitFor(() => expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Choose a questionnaire', 'Evening Check (EVE)', 'Mood Check (MOOD)']));
    await user.selectOptions(select, 'Mood Check (MOOD)');
    expect(net.sentTo('GET', '/api/qx_list/qx2')).toHaveLength(1);
    await user.click(await panel.findByRole('button', { name: 'Insert answer of MOOD into Question 1 text' }));
    const itemsMenu = () => screen.findByRole('menu', { name: 'Insert answer of MOOD into Question 1 text' });
    let menu = within(await itemsMenu());
    // Counted over every item, as the filler counts: the instruction and the media item are numbers 1 and 3.
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Question 2 (M2): Text of M2', 'Question 4 (M4): Text of M4']);
    await user.click(menu.getByRole('menuitem', { name: 'Question 4 (M4): Text of M4' }));
    const editor = await card(1).findByRole('textbox', { name: 'Question 1 text' });
    await waitFor(() => expect(editor).toHaveTextContent('{{MOOD.Q4}}'));

    await user.type(panel.getByRole('textbox', { name: 'Fallback text (optional)' }), ' not yet ');
    await user.click(panel.getByRole('button', { name: 'Insert answer of MOOD into Question 1 text' }));
    menu = within(await itemsMenu());
    await user.click(menu.getByRole('menuitem', { name: 'Question 2 (M2): Text of M2' }));
    await waitFor(() => expect(editor).toHaveTextContent('{{MOOD.Q2|not yet}}'));

    await user.click(panel.getByRole('button', { name: 'Close quoting another questionnaire in Question 1 text' }));
    expect(card(1).queryByRole('group', { name: /Quote another questionnaire/ })).not.toBeInTheDocument();
    expect(card(1).getByRole('button', { name: 'Insert answer into Question 1 text' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const saved = saves[0].chin_content[0].html_question;
    expect(saved).toContain('{{MOOD.Q4}}');
    expect(saved).toContain('{{MOOD.Q2|not yet}}');
  });

  it('shows the server’s message in the panel when the chosen questionnaire does not load, and when the list does not', async () => {
    serveLabList();
    net.on('GET', '/api/qx_list/qx2', { status: 404, data: { message: 'Questionnaire not found' } });
    const { user, panel, select } = await quoteOther(3);
    await panel.findByRole('option', { name: 'Mood Check (MOOD)' });
    await user.selectOptions(select, 'Mood Check (MOOD)');
    expect(await panel.findByRole('alert')).toHaveTextContent('Questionnaire not found');
    // Said once, in place: not also in the page's red alert.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(panel.queryByRole('button', { name: /Insert answer of/ })).not.toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: /^Close/ }));
    net.on('GET', '/api/qx_list?pageNumber=1', { status: 403, data: { message: 'You are not a member of this lab' } });
    await user.click(card(3).getByRole('button', { name: 'Insert answer into Question 3 text' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Insert answer into Question 3 text' })).getByRole('menuitem', { name: 'From another questionnaire…' }));
    const again = within(card(3).getByRole('group', { name: 'Quote another questionnaire in Question 3 text' }));
    expect(await again.findByRole('alert')).toHaveTextContent('You are not a member of this lab');
  });

  it('refuses a fallback with a brace, with the shared message, offering no question until it is mended', async () => {
    serveLabList();
    net.on('GET', '/api/qx_list/qx2', { status: 200, data: mood() });
    const { user, panel, select } = await quoteOther(2);
    await panel.findByRole('option', { name: 'Mood Check (MOOD)' });
    await user.selectOptions(select, 'Mood Check (MOOD)');
    await panel.findByRole('button', { name: 'Insert answer of MOOD into Question 2 text' });
    const fallback = panel.getByRole('textbox', { name: 'Fallback text (optional)' });
    await user.type(fallback, 'a {{b');
    expect(fallback).toHaveAccessibleDescription(expect.stringContaining(pipingMessages.fallbackBraces));
    expect(panel.queryByRole('button', { name: /Insert answer of/ })).not.toBeInTheDocument();
    await user.clear(fallback);
    expect(panel.getByRole('button', { name: 'Insert answer of MOOD into Question 2 text' })).toBeInTheDocument();
  });
});
