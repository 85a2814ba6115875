// Shuffled questions and choices in the renderer (issue 34 part 4): questions of a run and the choices of a
// shuffled choice response in the answer's drawn order, the titles still in order, the answer still the choice's
// value, the order the same on every render, and visibility conditions working across the moved questions.
import { act, screen, within } from '@testing-library/react';
import { drawShownOrder } from '../../../src/shared/questionnaire/shuffles';
import type { ShuffleRun } from '../../../src/shared/questionnaire/types';
import { moodSet, question, renderForm, response } from './harness';

const focus = (element: HTMLElement) => act(() => element.focus());
const titles = () => screen.getAllByRole('heading').map((h) => h.textContent);
const texts = () => [...document.querySelectorAll('.qf-text')].map((t) => t.textContent);

describe('a questionnaire that shuffles', () => {
  const qs = () => [
    question([response('text')], { html_question: '<p>First</p>' }),
    question([response('mc', { choices: 'set1', shuffle_choices: true })], { html_question: '<p>Mood</p>' }),
    question([response('text')], { html_question: '<p>Sleep</p>' }),
    question([response('text')], { html_question: '<p>Work</p>' }),
    question([response('text')], { html_question: '<p>Last</p>' }),
  ];
  const runs: ShuffleRun[] = [{ from_pos: 1, to_pos: 3 }];

  it('shows the run and the choices in the order given, numbered in order, and answers with the choice values', async () => {
    const { user, sent } = renderForm(qs(), [moodSet], { shuffleRuns: runs, shownOrder: { questions: [0, 3, 1, 2, 4], choices: { '1': ['tired', 'happy', 'sad'] } } });
    expect(texts()).toEqual(['First', 'Work', 'Mood', 'Sleep', 'Last']);
    expect(titles()).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']);
    const mood = within(screen.getByRole('radiogroup', { name: /Mood/ }));
    expect(mood.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['tired', 'happy', 'sad']);
    // The first choice shown is the set's third: the answer is its value, not its place.
    await focus(mood.getByRole('radio', { name: 'Tired' }));
    await user.keyboard(' ');
    expect(sent()).toEqual([{ question_pos: 1, response_pos: 0, value: ['tired'] }]);
    // Answering renders again: the order stays.
    expect(texts()).toEqual(['First', 'Work', 'Mood', 'Sleep', 'Last']);
    expect(mood.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['tired', 'happy', 'sad']);
  });

  it('shows the drawn order of a seed, the same each time', () => {
    const questions = qs();
    const order = drawShownOrder(questions, [moodSet], runs, 12345);
    const first = renderForm(questions, [moodSet], { shuffleRuns: runs, shownOrder: order });
    const shown = texts();
    first.unmount();
    renderForm(questions, [moodSet], { shuffleRuns: runs, shownOrder: drawShownOrder(questions, [moodSet], runs, 12345) });
    expect(texts()).toEqual(shown);
    expect(shown[0]).toBe('First');
    expect(shown[4]).toBe('Last');
    expect(order?.questions?.map((qpos) => ['First', 'Mood', 'Sleep', 'Work', 'Last'][qpos])).toEqual(shown);
  });

  it('keeps visibility conditions working on a question moved in its run', async () => {
    const questions = qs();
    questions[4] = { ...questions[4], dependency: [{ or: [{ dependent_qpos: 3, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'yes' }] }] };
    const { user } = renderForm(questions, [moodSet], { shuffleRuns: runs, shownOrder: { questions: [0, 3, 2, 1, 4] } });
    expect(texts()).toEqual(['First', 'Work', 'Sleep', 'Mood']);
    await focus(screen.getByRole('textbox', { name: /Work/ }));
    await user.keyboard('yes');
    expect(texts()).toEqual(['First', 'Work', 'Sleep', 'Mood', 'Last']);
    expect(titles()).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4', 'Question 5']);
  });

  it('without an order shows the questionnaire as it is', () => {
    renderForm(qs(), [moodSet], { shuffleRuns: runs });
    expect(texts()).toEqual(['First', 'Mood', 'Sleep', 'Work', 'Last']);
    expect(within(screen.getByRole('radiogroup', { name: /Mood/ })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['happy', 'sad', 'tired']);
  });
});
