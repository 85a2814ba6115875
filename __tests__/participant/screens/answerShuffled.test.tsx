// The answer page of a questionnaire that shuffles (issue 34 part 4), with the real store, texts and router: the
// questions of the run and the shuffled choices are shown in the order drawn from the answer's submissionId, and
// that order is sent as shown_order with the answer's values (the choices' own values).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { drawShownOrder, seedOf } from '../../../src/shared/questionnaire/shuffles';
import type { AppQuestionnaire, ResponseBody } from '../../../src/shared/types/participantApp';
import { checkedQuestionnaire, freshIndexedDb } from '../answerSupport';
import { enrolledCalls, fillValid, section } from '../answerPage';
import { callsTo, renderApp, SESSION } from '../support';

jest.setTimeout(30_000);

beforeEach(freshIndexedDb);

/** The checked questionnaire with its first two questions a shuffled run and its mood choices shuffled. */
function shuffling(): AppQuestionnaire {
  const qx = checkedQuestionnaire();
  const mood = qx.chin_content[3];
  return {
    ...qx,
    shuffle_runs: [{ from_pos: 0, to_pos: 1 }],
    chin_content: [...qx.chin_content.slice(0, 3), { ...mood, other_info: [{ ...mood.other_info[0], shuffle_choices: true }] }],
    mc_sets: [{ ...qx.mc_sets[0], choices: [...qx.mc_sets[0].choices, { name: 'Tired', value: 'tired', position: 2 }, { name: 'Calm', value: 'calm', position: 3 }] }],
  };
}

it('shows the order drawn from the submissionId and sends it as shown_order with the values chosen', async () => {
  const user = userEvent.setup();
  const qx = shuffling();
  const { made } = renderApp(
    '/app/studies/s1/tasks/o1',
    enrolledCalls({ 'GET /api/app/questionnaires/q-bg': { status: 200, body: qx }, 'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-1', scores: {} } } }),
    { session: SESSION },
  );
  await screen.findByRole('button', { name: 'Send' });
  const shownQuestions = [...document.querySelectorAll('.qf-question')].map((q) => Number(q.getAttribute('data-qpos')));
  const shownChoices = within(section(3)).getAllByRole('radio').map((r) => r.getAttribute('value'));
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Your answer to Background was sent. Thank you!')).toBeInTheDocument();

  const [sent] = callsTo(made, 'POST', '/api/app/studies/s1/responses');
  const body = sent.body as ResponseBody;
  const drawn = drawShownOrder(qx.chin_content, qx.mc_sets, qx.shuffle_runs, seedOf(body.submissionId));
  expect(body.shown_order).toEqual(drawn);
  expect(body.shown_order?.questions).toEqual(shownQuestions);
  expect(body.shown_order?.choices).toEqual({ '3': shownChoices });
  expect([...shownChoices].sort()).toEqual(['calm', 'happy', 'sad', 'tired']);
  expect(body.answers).toContainEqual({ question_pos: 3, response_pos: 0, value: ['happy'] });
});
