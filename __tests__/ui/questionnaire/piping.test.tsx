// Piping in the renderer (issue 34 part 3): a question's text and its choice labels quote the answers so far and
// change as the participant answers; an earlier submission's answer comes from the app's earlier_answers, its
// fallback or (in the preview) its own name; a quoted answer never becomes HTML.
import { screen, within } from '@testing-library/react';
import type { MultipleChoiceSet } from '../../../src/shared/questionnaire/types';
import { moodSet, question, renderForm, response } from './harness';

jest.setTimeout(30_000);

const because: MultipleChoiceSet = {
  _id: 'why',
  name: 'Why',
  questionnaire: 'qx',
  choices: [
    { name: 'Because of {{Q1}}', value: 'a', position: 0 },
    { name: 'Something else', value: 'b', position: 1 },
  ],
};

function qs() {
  return [
    question([response('text')], { html_question: '<p>What did you do?</p>' }),
    question([response('mc', { choices: 'set1', multiple: true })], { html_question: '<p>How did you feel?</p>' }),
    question([response('mc', { choices: 'why' })], {
      html_question: '<p>After <em>{{Q1}}</em> you felt {{Q2}}; yesterday {{MOOD.Q1|nothing}}, before {{SLEEP.Q2}}.</p>',
    }),
  ];
}

const textOf = (n: number) => document.getElementById(`t-q${n}-text`)?.textContent;

describe('piping in the questionnaire form', () => {
  it('fills this questionnaire’s answers in as they are given, in the text and the labels', async () => {
    const { user } = renderForm(qs(), [moodSet, because], { earlier: { 'MOOD.Q1': 'Calm' } });
    expect(textOf(2)).toBe('After  you felt ; yesterday Calm, before .');
    await user.type(screen.getByRole('textbox', { name: /What did you do/ }), 'a walk');
    await user.click(screen.getByRole('checkbox', { name: 'Tired' }));
    await user.click(screen.getByRole('checkbox', { name: 'Happy' }));
    expect(textOf(2)).toBe('After a walk you felt Happy, Tired; yesterday Calm, before .');
    expect(document.querySelector('#t-q2-text em')?.textContent).toBe('a walk');
    const group = within(screen.getByRole('radiogroup'));
    expect(group.getByRole('radio', { name: 'Because of a walk' })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /What did you do/ }));
    expect(group.getByRole('radio', { name: 'Because of' })).toBeInTheDocument();
  });

  it('shows a typed answer as text, never as HTML', async () => {
    const { user } = renderForm(qs(), [moodSet, because]);
    await user.type(screen.getByRole('textbox', { name: /What did you do/ }), '<img src=x onerror=alert(1)>');
    expect(textOf(2)).toContain('After <img src=x onerror=alert(1)> you felt');
    expect(document.querySelector('#t-q2-text img')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Because of <img src=x onerror=alert(1)>' })).toBeInTheDocument();
  });

  it('in the preview (no earlier answers) shows the fallback, or the token’s name without one', () => {
    renderForm(qs(), [moodSet, because], { earlier: null });
    expect(textOf(2)).toBe('After  you felt ; yesterday nothing, before [SLEEP.Q2].');
  });
});
