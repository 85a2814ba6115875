import { compareLeastCompliant, CONTACT_FLAG_MIN_CLOSED_PROMPTS, formatRate, LOW_RESPONSE_RATE, progressFlag, promptRates } from '../../src/shared/progress';
import type { ParticipantProgress } from '../../src/shared/types/progress';

const participant = (code: string, completion: number | null, flag: ParticipantProgress['flag'] = null): ParticipantProgress => ({
  _id: code,
  participant_code: code,
  email: `${code}@example.org`,
  status: 'enrolled',
  arrived_at: null,
  prompts: { planned: 0, delivered: 0, opened: 0, completed: 0, late: 0, expired: 0, open: 0, closed: 0, closedDelivered: 0 },
  rates: { delivery: null, response: null, completion },
  recent: { planned: 0, closed: 0, delivered: 0, completed: 0, response: null },
  flag,
  diary: { daysDone: 0, daysLeft: 0 },
  once: { done: 0, total: 0 },
  followups: { planned: 0, delivered: 0, opened: 0, completed: 0, late: 0, expired: 0, open: 0, closed: 0, closedDelivered: 0 },
  followupRates: { delivery: null, response: null, completion: null },
});

describe('Study Progress rules', () => {
  it('divides closed delivered by closed, completed by closed delivered and by closed; nothing to divide by gives null', () => {
    expect(promptRates({ closed: 10, closedDelivered: 8, completed: 4 })).toEqual({ delivery: 0.8, response: 0.5, completion: 0.4 });
    expect(promptRates({ closed: 3, closedDelivered: 0, completed: 0 })).toEqual({ delivery: 0, response: null, completion: 0 });
    expect(promptRates({ closed: 0, closedDelivered: 0, completed: 0 })).toEqual({ delivery: null, response: null, completion: null });
  });

  it('flags nothing delivered apart from a response rate under 50%, and exactly 50% not at all', () => {
    expect(progressFlag({ planned: 4, closed: 4, delivered: 0, completed: 0, response: null })).toBe('notDelivered');
    expect(progressFlag({ planned: 4, closed: 4, delivered: 4, completed: 1, response: 0.25 })).toBe('lowResponse');
    expect(progressFlag({ planned: 4, closed: 4, delivered: 4, completed: 2, response: LOW_RESPONSE_RATE })).toBeNull();
    expect(progressFlag({ planned: 0, closed: 0, delivered: 0, completed: 0, response: null })).toBeNull();
  });

  it(`waits for ${CONTACT_FLAG_MIN_CLOSED_PROMPTS} closed prompts before flagging`, () => {
    const below = CONTACT_FLAG_MIN_CLOSED_PROMPTS - 1;
    expect(progressFlag({ planned: 5, closed: below, delivered: below, completed: 0, response: 0 })).toBeNull();
    expect(progressFlag({ planned: 5, closed: below, delivered: 0, completed: 0, response: null })).toBeNull();
    const at = CONTACT_FLAG_MIN_CLOSED_PROMPTS;
    expect(progressFlag({ planned: 5, closed: at, delivered: at, completed: 0, response: 0 })).toBe('lowResponse');
    expect(progressFlag({ planned: 5, closed: at, delivered: 0, completed: 0, response: null })).toBe('notDelivered');
  });

  it('orders flagged first, then the lowest completion rate; nothing planned last; ties by code', () => {
    const rows = [
      participant('E', null),
      participant('D', 0.9),
      participant('C', 0.95, 'lowResponse'),
      participant('B', 0.1),
      participant('A', null),
      participant('F', 0.1),
      participant('G', 0.5, 'notDelivered'),
    ];
    expect([...rows].sort(compareLeastCompliant).map((r) => r.participant_code)).toEqual(['G', 'C', 'B', 'F', 'D', 'A', 'E']);
  });

  it('shows a rate as a whole percentage, or a dash', () => {
    expect([formatRate(2 / 3), formatRate(0), formatRate(1), formatRate(null)]).toEqual(['67%', '0%', '100%', '–']);
  });
});
