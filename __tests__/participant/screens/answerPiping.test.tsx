// Piping on the answer page (issue 34 part 3): a question quotes an earlier answer of the same questionnaire as
// it is typed and the participant's last answer to another questionnaire from the server's earlier_answers, and
// the answer is sent with the text as shown.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseBody } from '../../../src/shared/types/participantApp';
import { checkedQuestionnaire, freshIndexedDb } from '../answerSupport';
import { enrolledCalls, fillValid, section } from '../answerPage';
import { callsTo, renderApp, SESSION } from '../support';

jest.setTimeout(30_000);

beforeEach(freshIndexedDb);

function piped() {
  const qx = checkedQuestionnaire();
  qx.chin_content[3] = { ...qx.chin_content[3], html_question: '<p>Mail {{Q1}} noted; last time {{MOOD.Q1|nothing}}, {{SLEEP.Q1|no sleep yet}}</p>' };
  return { ...qx, earlier_answers: { 'MOOD.Q1': 'Calm, Tense' } };
}

it('fills the text in as the participant answers and sends the text as shown', async () => {
  const user = userEvent.setup();
  const calls = enrolledCalls({
    'GET /api/app/questionnaires/q-bg': { status: 200, body: piped() },
    'POST /api/app/studies/s1/responses': { status: 201, body: { _id: 'resp-1', scores: {} } },
  });
  const { made } = renderApp('/app/studies/s1/tasks/o1', calls, { session: SESSION });
  await screen.findByRole('button', { name: 'Send' });
  const text = () => within(section(3)).getByText(/^Mail/).textContent;
  expect(text()).toBe('Mail  noted; last time Calm, Tense, no sleep yet');
  await fillValid(user);
  expect(text()).toBe('Mail pat@example.org noted; last time Calm, Tense, no sleep yet');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Your answer to Background was sent. Thank you!')).toBeInTheDocument();
  const [sent] = callsTo(made, 'POST', '/api/app/studies/s1/responses');
  expect((sent.body as ResponseBody).shown_texts).toEqual({ '3': { question: 'Mail pat@example.org noted; last time Calm, Tense, no sleep yet' } });
});
