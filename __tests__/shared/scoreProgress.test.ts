// The score per day's figures: each participant's answers of a day averaged first, then the day's mean, lowest
// and highest over those means; answers without the score left out; days in order.
import { formatScore, scoreChoiceLabel, scoreDays } from '../../src/shared/scoreProgress';

describe('scoreDays', () => {
  it("averages each participant's day first, so answering often does not weigh more", () => {
    const days = scoreDays([
      { participationId: 'a', day: 1, value: 1 },
      { participationId: 'a', day: 1, value: 1 },
      { participationId: 'a', day: 1, value: 1 },
      { participationId: 'b', day: 1, value: 5 },
    ]);
    // A mean of the four answers would be 2; of the two participants' means it is 3.
    expect(days).toEqual([{ day: 1, participants: 2, answers: 4, mean: 3, min: 1, max: 5 }]);
  });

  it('leaves out answers without the score and orders the days', () => {
    const days = scoreDays([
      { participationId: 'a', day: 3, value: 2 },
      { participationId: 'a', day: 1, value: null },
      { participationId: 'b', day: -1, value: 4 },
      { participationId: 'b', day: 3, value: Number.NaN },
    ]);
    expect(days.map((d) => [d.day, d.answers, d.mean])).toEqual([[-1, 1, 4], [3, 1, 2]]);
  });

  it('answers no days without a scored answer', () => {
    expect(scoreDays([])).toEqual([]);
    expect(scoreDays([{ participationId: 'a', day: 1, value: null }])).toEqual([]);
  });
});

describe('how a score is shown', () => {
  it('rounds to two decimals and names the questionnaire', () => {
    expect(formatScore(2.3456)).toBe('2.35');
    expect(formatScore(8)).toBe('8');
    expect(scoreChoiceLabel({ abbrev: 'WB', name: 'total' })).toBe('WB: total');
  });
});
