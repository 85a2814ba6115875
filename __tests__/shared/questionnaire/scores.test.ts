// Scores of a questionnaire (issue 34 part 2): the computation against values worked out by hand, and the rules
// a save must pass, each with its message.
import { computeScores, scoreDescription, scoreMessages as m, scoresProblem, scorableItems, MAX_SCORES } from '../../../src/shared/questionnaire/scores';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, ResponseItem, ResponseType, Score } from '../../../src/shared/questionnaire/types';
import type { AnswerItem } from '../../../src/shared/types/participantApp';

function r(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

function questionnaire(...responses: ResponseItem[][]): Question[] {
  return responses.map((list, i) => ({ ...makeQuestion(`q${i}`, `r${i}`), question_num: `Q${i + 1}`, position: i, other_info: list.map((x, j) => ({ ...x, position: j })) }));
}

// Q1..Q3 sliders 1-5, Q4 a slider 0-10, Q5 a numbers-only text, Q6 a free text, Q7 an mc.
const questions = questionnaire(
  [r('slider', { min: 1, max: 5 })],
  [r('slider', { min: 1, max: 5 })],
  [r('slider', { min: 1, max: 5 })],
  [r('slider', { min: 0, max: 10 })],
  [r('text', { number_only: true })],
  [r('text')],
  [r('mc', { choices: 'set1' })],
);

const item = (question_pos: number, reverse = false) => ({ question_pos, response_pos: 0, reverse });
const a = (question_pos: number, value: AnswerItem['value']): AnswerItem => ({ question_pos, response_pos: 0, value });
const score = (changes: Partial<Score>): Score => ({ name: 'total', method: 'sum', items: [item(0), item(1), item(2)], min_answered: 1, ...changes });

describe('computing scores', () => {
  const answers = [a(0, 4), a(1, 2), a(2, 5), a(3, 7), a(4, '3.5')];

  it('sums and averages the chosen items', () => {
    // 4 + 2 + 5 = 11; 11 / 3 = 3.666…
    const scores = computeScores(questions, [score({ name: 'sum' }), score({ name: 'mean', method: 'mean' })], answers);
    expect(scores.sum).toBe(11);
    expect(scores.mean).toBeCloseTo(11 / 3, 10);
  });

  it('reverse-codes an item as max + min − value, with its own slider range', () => {
    // Q2 reversed on 1-5: 5 + 1 − 2 = 4, so 4 + 4 + 5 = 13; Q4 reversed on 0-10: 10 + 0 − 7 = 3.
    const scores = computeScores(questions, [score({ items: [item(0), item(1, true), item(2)] }), score({ name: 'wide', items: [item(3, true)] })], answers);
    expect(scores).toEqual({ total: 13, wide: 3 });
  });

  it('reads a numbers-only text response as its number, and an empty one as unanswered', () => {
    const s = score({ items: [item(0), item(4)], method: 'mean', min_answered: 1 });
    // (4 + 3.5) / 2 = 3.75
    expect(computeScores(questions, [s], answers)).toEqual({ total: 3.75 });
    expect(computeScores(questions, [s], [a(0, 4), a(4, '')])).toEqual({ total: 4 });
  });

  it('scores only when at least min_answered items are answered, and averages over those answered', () => {
    const s = score({ method: 'mean', min_answered: 2 });
    // Q1 and Q3 answered: (4 + 5) / 2 = 4.5
    expect(computeScores(questions, [s], [a(0, 4), a(2, 5)])).toEqual({ total: 4.5 });
    expect(computeScores(questions, [s], [a(0, 4)])).toEqual({ total: null });
    expect(computeScores(questions, [score({ min_answered: 1 })], [])).toEqual({ total: null });
  });

  it('gives nothing for a version without the score, and skips an item the version does not have', () => {
    expect(computeScores(questions, [], answers)).toEqual({});
    const older = questions.slice(0, 2);
    // Q3 is not in the older version: 4 + 2 = 6
    expect(computeScores(older, [score({})], answers)).toEqual({ total: 6 });
  });

  it('says how a score is computed, for the codebook', () => {
    expect(scoreDescription(questions, score({ method: 'mean', items: [item(0), item(1, true)], min_answered: 2 }))).toBe(
      'Mean of Q1 response 1, Q2 response 1 reversed (5 + 1 - value); empty when fewer than 2 of 2 items are answered',
    );
  });
});

describe('checking scores', () => {
  const problem = (scores: Score[]) => scoresProblem(questions, scores)?.message ?? null;

  it('accepts well-formed scores', () => {
    expect(problem([score({ name: 'x'.repeat(20) }), score({ name: 'Neg_Affect2', method: 'mean', items: [item(3, true), item(4)], min_answered: 2 })])).toBeNull();
  });

  it('offers sliders and numbers-only text as items', () => {
    expect(scorableItems(questions)).toEqual([0, 1, 2, 3, 4].map((question_pos) => ({ question_pos, response_pos: 0 })));
  });

  it('wants a name usable as a column suffix', () => {
    for (const name of ['', '  ', '1st', 'neg affect', 'neg-affect', 'é', 'neg__affect', 'neg_', '_neg', 'x'.repeat(21)]) expect(problem([score({ name })])).toBe(m.nameForm);
  });

  it('wants each name once, whatever its case', () => {
    expect(scoresProblem(questions, [score({}), score({ name: 'TOTAL' })])).toEqual({ index: 0, message: m.nameTaken });
  });

  it('wants numeric items that exist, each once', () => {
    expect(problem([score({ items: [] })])).toBe(m.noItems);
    expect(problem([score({ items: [item(0), item(0)] })])).toBe(m.itemTwice);
    expect(problem([score({ items: [item(5)] })])).toBe(m.itemNotNumeric);
    expect(problem([score({ items: [item(6)] })])).toBe(m.itemNotNumeric);
    expect(problem([score({ items: [item(9)] })])).toBe(m.itemNotNumeric);
  });

  it('reverse-codes only where the minimum and maximum are known', () => {
    expect(problem([score({ items: [item(4, true)] })])).toBe(m.reverseUnknown);
  });

  it('wants min_answered between 1 and the number of items', () => {
    expect(problem([score({ min_answered: 0 })])).toBe(m.minAnswered);
    expect(problem([score({ min_answered: 4 })])).toBe(m.minAnswered);
    expect(problem([score({ min_answered: 1.5 })])).toBe(m.minAnswered);
    expect(problem([score({ min_answered: 3 })])).toBeNull();
  });

  it('limits how many scores a questionnaire has', () => {
    const many = Array.from({ length: MAX_SCORES + 1 }, (_, i) => score({ name: `s${i}` }));
    expect(problem(many)).toBe(m.tooMany);
    expect(problem(many.slice(0, MAX_SCORES))).toBeNull();
  });
});
