// The question text's Insert answer menu (issue 34 part 3, piping): it lists the earlier questions that take
// answers (not instructions, not later ones), puts the chosen one's token into the text (starting its editor
// when it had not started) and the token is saved; a token quoting a later question is refused before sending.
import { screen, waitFor, within } from '@testing-library/react';
import type { Question } from '../../../../src/shared/questionnaire/types';
import { pipingMessages } from '../../../../src/shared/questionnaire/piping';
import { mockApi, type MockApi } from '../../support/mockApi';
import { card, deferEditors, openEditor } from './editorHarness';
import { question, questionnaire, response } from './fixtures';

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
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Question 1 (Q1): Text of Q1']);
    await user.click(menu.getByRole('menuitem', { name: 'Question 1 (Q1): Text of Q1' }));
    const editor = await card(3).findByRole('textbox', { name: 'Question 3 text' });
    await waitFor(() => expect(editor).toHaveTextContent('{{Q1}}'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].chin_content[2].html_question).toContain('{{Q1}}');
    // At the end: the caret was never in that text.
    expect(saves[0].chin_content[2].html_question.replace(/<[^>]+>/g, '')).toBe('You said:{{Q1}}');
  });

  it('is not offered in the first question, and says so above which are only instructions', async () => {
    const questions = three();
    questions[0] = { ...questions[0], other_info: [{ ...questions[0].other_info[0], type: 'instruction' }] };
    const { user } = await openEditor(net, questions);
    expect(card(1).queryByRole('button', { name: /Insert answer/ })).not.toBeInTheDocument();
    await user.click(card(2).getByRole('button', { name: 'Insert answer into Question 2 text' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['No earlier question to quote']);
    await user.click(menu.getByRole('menuitem'));
    expect(card(2).queryByRole('textbox', { name: 'Question 2 text' })).not.toBeInTheDocument();
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
});
