import { makeQuestion } from '../../../src/shared/questionnaire/operations';
import { isQuestionVisible, type Answers } from '../../../src/shared/questionnaire/visibility';
import type { CriterionOperator, DependencyCondition, Question } from '../../../src/shared/questionnaire/types';

function cond(op: CriterionOperator, value: string, qpos = 0, rpos = 0): DependencyCondition {
  return { dependent_qpos: qpos, dependent_response_pos: rpos, criterion_operator: op, criterion_value: value };
}

function shownWhen(...groups: DependencyCondition[][]): Question {
  return { ...makeQuestion('q', 'r'), dependency: groups.map((or) => ({ or })) };
}

const answer = (value: string | string[], qpos = 0, rpos = 0): Answers => ({ [qpos]: { [rpos]: value } });

describe('isQuestionVisible', () => {
  it('shows a question without conditions', () => {
    expect(isQuestionVisible(shownWhen(), {})).toBe(true);
  });

  describe('text operators', () => {
    it.each([
      ['is', 'yes', 'yes', true],
      ['is', 'yes', 'Yes', false],
      ['is', 'yes', '', false],
      ['is not', 'yes', 'no', true],
      ['is not', 'yes', 'yes', false],
    ] as const)('%s %p against %p → %p', (op, value, given, visible) => {
      expect(isQuestionVisible(shownWhen([cond(op, value)]), answer(given))).toBe(visible);
    });

    it("'is not' holds when nothing was typed, 'is' does not", () => {
      expect(isQuestionVisible(shownWhen([cond('is not', 'x')]), {})).toBe(true);
      expect(isQuestionVisible(shownWhen([cond('is', 'x')]), {})).toBe(false);
    });
  });

  describe('numeric operators', () => {
    it.each([
      ['equal', '5', '5', true],
      ['equal', '5', '5.0', true],
      ['equal', '5', '6', false],
      ['not equal', '5', '6', true],
      ['not equal', '5', '5', false],
      ['greater', '5', '6', true],
      ['greater', '5', '5', false],
      ['less', '5', '4', true],
      ['less', '5', '5', false],
      ['greater or equal', '5', '5', true],
      ['greater or equal', '5', '4', false],
      ['less or equal', '5', '5', true],
      ['less or equal', '5', '6', false],
      ['greater', '-1', '0', true],
      ['less', '10', '9', true],
    ] as const)('%s %p against %p → %p', (op, value, given, visible) => {
      expect(isQuestionVisible(shownWhen([cond(op, value)]), answer(given))).toBe(visible);
    });

    it('compares as numbers, not as text', () => {
      expect(isQuestionVisible(shownWhen([cond('greater', '9')]), answer('10'))).toBe(true);
      expect(isQuestionVisible(shownWhen([cond('less', '10')]), answer('9'))).toBe(true);
    });

    it.each(['equal', 'not equal', 'greater', 'less', 'greater or equal', 'less or equal'] as const)(
      '%s never holds for a missing, blank or non-numeric answer',
      (op) => {
        const question = shownWhen([cond(op, '0')]);
        expect(isQuestionVisible(question, {})).toBe(false);
        expect(isQuestionVisible(question, answer('  '))).toBe(false);
        expect(isQuestionVisible(question, answer('abc'))).toBe(false);
      },
    );
  });

  describe('mc operators', () => {
    it("'is selected' holds when the value is among the selected ones", () => {
      const question = shownWhen([cond('is selected', 'b')]);
      expect(isQuestionVisible(question, answer(['a', 'b']))).toBe(true);
      expect(isQuestionVisible(question, answer(['a']))).toBe(false);
      expect(isQuestionVisible(question, answer('b'))).toBe(true);
      expect(isQuestionVisible(question, answer([]))).toBe(false);
      expect(isQuestionVisible(question, {})).toBe(false);
    });

    it("'is not selected' holds when the value is not among them", () => {
      const question = shownWhen([cond('is not selected', 'b')]);
      expect(isQuestionVisible(question, answer(['a']))).toBe(true);
      expect(isQuestionVisible(question, answer(['b', 'c']))).toBe(false);
      expect(isQuestionVisible(question, {})).toBe(true);
    });

    it('does not mistake a selection for typed text', () => {
      expect(isQuestionVisible(shownWhen([cond('is', 'a')]), answer(['a']))).toBe(false);
    });
  });

  describe('groups', () => {
    const q0Yes = cond('is', 'yes', 0);
    const q1Big = cond('greater', '10', 1);
    const q2Picked = cond('is selected', 'x', 2);

    it('conditions inside a group are alternatives (or)', () => {
      const question = shownWhen([q0Yes, q1Big]);
      expect(isQuestionVisible(question, { 0: { 0: 'yes' }, 1: { 0: '1' } })).toBe(true);
      expect(isQuestionVisible(question, { 0: { 0: 'no' }, 1: { 0: '11' } })).toBe(true);
      expect(isQuestionVisible(question, { 0: { 0: 'no' }, 1: { 0: '1' } })).toBe(false);
    });

    it('every group must hold (and)', () => {
      const question = shownWhen([q0Yes], [q1Big]);
      expect(isQuestionVisible(question, { 0: { 0: 'yes' }, 1: { 0: '11' } })).toBe(true);
      expect(isQuestionVisible(question, { 0: { 0: 'yes' }, 1: { 0: '1' } })).toBe(false);
      expect(isQuestionVisible(question, { 0: { 0: 'no' }, 1: { 0: '11' } })).toBe(false);
    });

    it('combines both: (A or B) and C', () => {
      const question = shownWhen([q0Yes, q1Big], [q2Picked]);
      expect(isQuestionVisible(question, { 1: { 0: '20' }, 2: { 0: ['x'] } })).toBe(true);
      expect(isQuestionVisible(question, { 0: { 0: 'yes' }, 2: { 0: ['y'] } })).toBe(false);
      expect(isQuestionVisible(question, { 0: { 0: 'yes' } })).toBe(false);
    });

    it('an empty group hides the question', () => {
      expect(isQuestionVisible({ ...makeQuestion('q', 'r'), dependency: [{ or: [] }] }, {})).toBe(false);
    });

    it('reads the answer of the named response of the named question', () => {
      const question = shownWhen([cond('is', 'yes', 2, 1)]);
      expect(isQuestionVisible(question, { 2: { 0: 'no', 1: 'yes' } })).toBe(true);
      expect(isQuestionVisible(question, { 2: { 0: 'yes', 1: 'no' } })).toBe(false);
      expect(isQuestionVisible(question, { 1: { 1: 'yes' } })).toBe(false);
    });
  });
});
