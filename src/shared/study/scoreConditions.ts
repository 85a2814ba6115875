// Score conditions of a follow-up rule (issue 34 part 2: scores "usable in follow-up conditions"): "when score X of
// the trigger questionnaire's answer is (operator) value". A rule's `when` keeps the shape of a question's
// dependency (the Contract), so these are a field of their own, `score_when`: every condition must hold, together
// with `when`. A score that is null (too few items answered) or no longer defined meets no condition.
import type { Score } from '../questionnaire/types';
import { TEXT_OPERATORS_NUMERIC } from '../questionnaire/types';
import { MAX_SCORE_CONDITIONS, NUMBER_INPUT_LIMIT } from '../limits';
import { followupMessages } from '../messages/followups';

/** The numeric conditions' own operators, so the builder and the stored rule read alike. */
export const SCORE_OPERATORS = TEXT_OPERATORS_NUMERIC;
export type ScoreOperator = (typeof SCORE_OPERATORS)[number];

export interface ScoreCondition {
  /** A score's name in the trigger questionnaire's `scores`. */
  score: string;
  criterion_operator: ScoreOperator;
  criterion_value: number;
}

/** As the editor holds it while the user types: the value may still be text, which the rule refuses. */
export type ScoreConditionDraft = Omit<ScoreCondition, 'criterion_value'> & { criterion_value: number | string };

/** The value as a number; blank and other text are NaN. */
export function scoreConditionValue(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/**
 * The first problem of a rule's score conditions, or null. `scores` (the trigger questionnaire's) lets the names be
 * checked; the editor passes them when it has them, the server always.
 */
export function scoreWhenProblem(conditions: readonly ScoreConditionDraft[], scores?: readonly Pick<Score, 'name'>[]): string | null {
  if (conditions.length > MAX_SCORE_CONDITIONS) return followupMessages.tooManyScoreConditions;
  for (const c of conditions) {
    if (!(SCORE_OPERATORS as readonly string[]).includes(c.criterion_operator)) return followupMessages.scoreConditionInvalid;
    if (scores && !scores.some((s) => s.name === c.score)) return followupMessages.scoreConditionInvalid;
    const value = scoreConditionValue(c.criterion_value);
    if (!Number.isFinite(value) || Math.abs(value) > NUMBER_INPUT_LIMIT) return followupMessages.scoreValueNotNumber;
  }
  return null;
}

function holds(operator: ScoreOperator, a: number, b: number): boolean {
  switch (operator) {
    case 'equal':
      return a === b;
    case 'not equal':
      return a !== b;
    case 'greater':
      return a > b;
    case 'less':
      return a < b;
    case 'greater or equal':
      return a >= b;
    case 'less or equal':
      return a <= b;
  }
}

/** Whether an answer's scores meet every condition; no condition: every answer does. */
export function scoreConditionsHold(conditions: readonly ScoreCondition[], scores: Readonly<Record<string, number | null>>): boolean {
  return conditions.every((c) => {
    const value = Object.hasOwn(scores, c.score) ? scores[c.score] : null;
    return typeof value === 'number' && Number.isFinite(value) && holds(c.criterion_operator, value, c.criterion_value);
  });
}
