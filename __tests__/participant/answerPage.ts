// What the answer page's and the offline start's tests share: the server's answers for an enrolled participant
// of study s1 (tasksAround now, the checked questionnaire for each), and filling that questionnaire validly.
import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { checkedQuestionnaire } from './answerSupport';
import { participation, tasksAround } from './fixtures';
import type { Calls } from './support';

const enrolled = participation({ status: 'enrolled' });

export function enrolledCalls(extra: Calls = {}): Calls {
  return {
    'GET /api/app/studies': { status: 200, body: { participations: [enrolled] } },
    'GET /api/app/studies/s1/tasks': { status: 200, body: tasksAround(new Date()) },
    'GET /api/app/questionnaires/q-bg': { status: 200, body: checkedQuestionnaire() },
    'GET /api/app/questionnaires/q-mood': { status: 200, body: { ...checkedQuestionnaire(), _id: 'q-mood', chin_name: 'Mood now' } },
    'GET /api/app/questionnaires/q-event': { status: 200, body: { ...checkedQuestionnaire(), _id: 'q-event', chin_name: 'Report an event' } },
    'POST /api/app/studies/s1/events': { status: 200, body: { message: 'Recorded' } },
    ...extra,
  };
}

/** The answer page's section of a question. */
export const section = (qpos: number) => document.getElementById(`answer-q${qpos}`) as HTMLElement;

/** Fills the checked questionnaire (answerSupport.ts) so that every check passes. */
export async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(section(0)).getByRole('textbox'), 'pat@example.org');
  await user.type(within(section(1)).getByRole('textbox'), '12345678');
  await user.type(within(section(2)).getByRole('textbox'), '12345678');
  await user.click(within(section(3)).getByRole('radio', { name: 'Happy' }));
}
