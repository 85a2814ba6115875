import { dueBetween, planInOrder } from '../../../../../src/client/features/studies/pilot/pilotPlan';
import { plan, prompt } from './pilotFixtures';

describe('dueBetween', () => {
  it('announces the prompts and reminders whose moment fell in the move and that are still open', () => {
    expect(dueBetween(plan, '2030-03-03T16:30:00.000Z', '2030-03-04T01:00:00.000Z')).toEqual([{ taskId: 't1', name: 'Mood Now', reminder: false }]);
    expect(dueBetween(plan, '2030-03-04T01:00:00.000Z', '2030-03-04T01:06:00.000Z')).toEqual([{ taskId: 'r1', name: 'Mood Now', reminder: true }]);
  });

  it('leaves out one whose window also passed, one answered, and one at the move\'s start', () => {
    expect(dueBetween(plan, '2030-03-03T16:30:00.000Z', '2030-03-04T02:00:00.000Z')).toEqual([]);
    const answered = [prompt('t1', '2030-03-04T01:00:00.000Z', { status: 'completed' })];
    expect(dueBetween(answered, '2030-03-03T16:30:00.000Z', '2030-03-04T01:01:00.000Z')).toEqual([]);
    expect(dueBetween(plan, '2030-03-04T01:00:00.000Z', '2030-03-04T01:01:00.000Z')).toEqual([]);
  });
});

describe('planInOrder', () => {
  it('puts prompts by moment, then the tasks without one', () => {
    const once = { ...prompt('o1', '2030-03-04T00:00:00.000Z'), kind: 'once', notification_datetime: null, window_closes_at: null };
    expect(planInOrder([once, plan[2], plan[0]]).map((t) => t._id)).toEqual(['t1', 't2', 'o1']);
  });
});
