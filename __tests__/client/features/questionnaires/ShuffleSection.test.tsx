// Shuffling in the questionnaire editor (issue 34 part 4), with the real store: a run of shuffled questions added
// and chosen by keyboard, the shared rule's messages under it and in the red alert instead of a save, Shuffle the
// choices ticked on a choice response, both sent with the save; a run follows its questions when one is inserted.
import { screen, waitFor, within } from '@testing-library/react';
import { shuffleMessages } from '../../../../src/shared/questionnaire/shuffles';
import type { Question, ShuffleRun } from '../../../../src/shared/questionnaire/types';
import { mockApi, type MockApi } from '../../support/mockApi';
import { deferEditors, inResponse, openEditor } from './editorHarness';
import { moodSet, question, questionnaire, response } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const questions = [
  question('q1', '1', [response('q1-r0', 'text')], { html_question: '<p>Name</p>' }),
  question('q2', '2', [response('q2-r0', 'mc', { choices: moodSet._id })], { html_question: '<p>Mood</p>' }),
  question('q3', '3', [response('q3-r0', 'text')], { html_question: '<p>Sleep</p>' }),
  question('q4', '4', [response('q4-r0', 'text')], { html_question: '<p>Work</p>' }),
];

const section = () => within(screen.getByRole('region', { name: 'Shuffle questions' }));

describe('shuffling in the questionnaire editor', () => {
  it('adds a run by keyboard, shows the shared messages, and saves it with Shuffle the choices', async () => {
    const saves: { shuffle_runs: ShuffleRun[]; chin_content: Question[] }[] = [];
    net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
      const body = request.body as { shuffle_runs: ShuffleRun[]; chin_content: Question[] };
      saves.push(body);
      return { status: 200, data: questionnaire(body.chin_content, { shuffle_runs: body.shuffle_runs }) };
    });
    const { user } = await openEditor(net, questions, [moodSet]);
    expect(section().getByText('No shuffled runs yet.')).toBeInTheDocument();

    section().getByRole('button', { name: 'Add a shuffled run' }).focus();
    await user.keyboard('{Enter}');
    const run = within(section().getByRole('group', { name: 'Shuffled run 1' }));
    const from = run.getByLabelText('Shuffled run 1 from question', { exact: true });
    const to = run.getByLabelText('Shuffled run 1 to question', { exact: true });
    // A new run takes the last two questions.
    expect(from).toHaveValue('q3');
    expect(to).toHaveValue('q4');

    await user.selectOptions(to, 'q3');
    expect(run.getByText(shuffleMessages.runTooShort)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shuffleMessages.runTooShort);
    expect(saves).toHaveLength(0);

    await user.selectOptions(from, 'q2');
    expect(run.queryByText(shuffleMessages.runTooShort)).toBeNull();
    // A second run over the same questions is refused under it.
    await user.click(section().getByRole('button', { name: 'Add a shuffled run' }));
    const second = within(section().getByRole('group', { name: 'Shuffled run 2' }));
    await user.selectOptions(second.getByLabelText('Shuffled run 2 from question', { exact: true }), 'q1');
    await user.selectOptions(second.getByLabelText('Shuffled run 2 to question', { exact: true }), 'q2');
    expect(second.getByText(shuffleMessages.runsOverlap)).toBeInTheDocument();
    await user.click(second.getByRole('button', { name: 'Remove Shuffled run 2' }));

    await user.click(inResponse(2, 1).getByRole('checkbox', { name: 'Shuffle the choices' }));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    expect(saves[0].shuffle_runs).toEqual([{ from_pos: 1, to_pos: 2 }]);
    expect(saves[0].chin_content[1].other_info[0].shuffle_choices).toBe(true);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('keeps a run on its questions when a question is inserted before it', async () => {
    const saves: ShuffleRun[][] = [];
    net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
      const body = request.body as { shuffle_runs: ShuffleRun[]; chin_content: Question[] };
      saves.push(body.shuffle_runs);
      return { status: 200, data: questionnaire(body.chin_content, { shuffle_runs: body.shuffle_runs }) };
    });
    const { user } = await openEditor(net, questions, [moodSet], [], { shuffle_runs: [{ from_pos: 1, to_pos: 2 }] });
    const run = within(section().getByRole('group', { name: 'Shuffled run 1' }));
    expect(run.getByLabelText('Shuffled run 1 from question', { exact: true })).toHaveValue('q2');
    // An instruction needs no number, so the save goes through.
    await user.click(screen.getAllByRole('button', { name: 'Add Instruction Before' })[0]);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual([{ from_pos: 2, to_pos: 3 }]);
  });
});
