// The editor's Scores section (issue 34 part 2), in the editor with the real store: adding a score by keyboard,
// the shared rule's messages under it and in the red alert instead of a save, and the score sent with the save.
import { screen, waitFor, within } from '@testing-library/react';
import { scoreMessages } from '../../../../src/shared/questionnaire/scores';
import type { Question, Score } from '../../../../src/shared/questionnaire/types';
import { mockApi, type MockApi } from '../../support/mockApi';
import { deferEditors, openEditor } from './editorHarness';
import { question, questionnaire, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const questions = [
  question('q1', '1', [response('q1-r0', 'slider', { min: 1, max: 5 })], { html_question: '<p>Calm</p>' }),
  question('q2', '2', [response('q2-r0', 'text', { number_only: true })], { html_question: '<p>Cups</p>' }),
  question('q3', '3', [response('q3-r0', 'text')], { html_question: '<p>Notes</p>' }),
];

const section = () => within(screen.getByRole('region', { name: 'Scores' }));

describe('the Scores section of the questionnaire editor', () => {
  it('adds a score by keyboard, shows the shared messages, and saves it with the questionnaire', async () => {
    const saves: { scores: Score[]; chin_content: Question[] }[] = [];
    net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
      const body = request.body as { scores: Score[]; chin_content: Question[] };
      saves.push(body);
      return { status: 200, data: questionnaire(body.chin_content, { scores: body.scores }) };
    });
    const { user } = await openEditor(net, questions);
    expect(section().getByText('No scores yet.')).toBeInTheDocument();

    section().getByRole('button', { name: 'Add Score' }).focus();
    await user.keyboard('{Enter}');
    const score = within(section().getByRole('group', { name: 'Score 1' }));
    // Only sliders and numbers-only text are offered; the new score has no item yet.
    expect(score.getAllByRole('checkbox')).toHaveLength(2);
    expect(score.getByText(scoreMessages.noItems)).toBeInTheDocument();

    // Save refuses with the same message in the red alert, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(scoreMessages.noItems);
    expect(saves).toHaveLength(0);

    const name = score.getByLabelText('Score 1 name', { exact: true });
    await user.clear(name);
    await user.type(name, 'calm score');
    expect(score.getByText(scoreMessages.nameForm)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'calm_total');

    await user.click(score.getByLabelText('Score 1 uses Q1 response 1: Calm', { exact: true }));
    await user.click(score.getByLabelText('Score 1 uses Q2 response 1: Cups', { exact: true }));
    // Reverse is offered for the slider only: the text response has no minimum and maximum.
    expect(score.queryByLabelText('Reverse Q2 response 1: Cups in Score 1', { exact: true })).toBeNull();
    await user.click(score.getByLabelText('Reverse Q1 response 1: Calm in Score 1', { exact: true }));
    await user.selectOptions(score.getByLabelText('Score 1 method', { exact: true }), 'Mean');
    const minimum = score.getByLabelText('Score 1 minimum answered', { exact: true });
    await user.clear(minimum);
    await user.type(minimum, '3');
    expect(score.getByText(scoreMessages.minAnswered)).toBeInTheDocument();
    await user.clear(minimum);
    await user.type(minimum, '2');
    expect(score.queryByText(scoreMessages.minAnswered)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].scores).toEqual([
      { name: 'calm_total', method: 'mean', items: [{ question_pos: 0, response_pos: 0, reverse: true }, { question_pos: 1, response_pos: 0, reverse: false }], min_answered: 2 },
    ]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());

    // Remove takes the score out of the next save.
    await user.click(score.getByRole('button', { name: 'Remove Score 1' }));
    expect(section().getByText('No scores yet.')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
