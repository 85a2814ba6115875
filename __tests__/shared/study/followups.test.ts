// The follow-up rule (issue 34 part 1) as the editor and the server check it, and its `when` judged by the
// visibility conditions' own code.
import { followupListProblem, followupRuleProblem, newFollowupRule, type FollowupRuleDraft } from '../../../src/shared/study/followups';
import { conditionsHold } from '../../../src/shared/questionnaire/visibility';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question } from '../../../src/shared/questionnaire/types';
import { assessmentMessages, followupMessages } from '../../../src/shared/messages';
import { scoreConditionsHold, scoreWhenProblem, type ScoreConditionDraft } from '../../../src/shared/study/scoreConditions';
import { MAX_SCORE_CONDITIONS } from '../../../src/shared/limits';

const item = { _id: 'q1', chin_name: 'Mood', abbrev: 'MOOD' };
const questions: Question[] = [
  { ...makeQuestion('a', 'ra'), position: 0, other_info: [{ ...makeResponse('ra', 'text'), number_only: true, position: 0 }] },
  { ...makeQuestion('b', 'rb'), position: 1, other_info: [{ ...makeResponse('rb', 'slider'), position: 0 }] },
];
const high = { or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'greater or equal' as const, criterion_value: '7' }] };
const rule = (changes: Partial<FollowupRuleDraft> = {}): FollowupRuleDraft => ({ ...newFollowupRule(), trigger_questionnaire: item, questionnaire_list: [item], when: [high], ...changes });

describe('follow-up rules', () => {
  it('accepts a rule, and every answer when it has no condition', () => {
    expect(followupRuleProblem(rule(), questions)).toBeNull();
    expect(followupRuleProblem(rule({ when: [] }), questions)).toBeNull();
    expect(followupRuleProblem(rule({ after_minutes: '0', max_per_day: '100' }), questions)).toBeNull();
  });

  it.each<[string, Partial<FollowupRuleDraft>, string]>([
    ['no trigger', { trigger_questionnaire: null }, followupMessages.triggerRequired],
    ['a slider as condition', { when: [{ or: [{ ...high.or[0], dependent_qpos: 1 }] }] }, followupMessages.conditionInvalid],
    ['a text operator on a number', { when: [{ or: [{ ...high.or[0], criterion_operator: 'is' }] }] }, followupMessages.conditionInvalid],
    ['an empty group', { when: [{ or: [] }] }, followupMessages.conditionInvalid],
    ['no follow-up questionnaire', { questionnaire_list: [] }, followupMessages.questionnaireRequired],
    ['1441 minutes', { after_minutes: 1441 }, followupMessages.afterMinutes],
    ['a blank after', { after_minutes: ' ' }, followupMessages.afterMinutes],
    ['a blank reminder', { reminder_interval: '' }, assessmentMessages.reminderTooSmall],
    ['reminders as long as the window', { reminder_interval: 15, response_in: 15 }, assessmentMessages.reminderNotBelowResponseIn],
    ['max_per_day 0', { max_per_day: 0 }, followupMessages.maxPerDay],
  ])('refuses %s with its message', (_name, changes, message) => {
    expect(followupRuleProblem(rule(changes), questions)).toBe(message);
  });

  it('checks the conditions only against the questions given, and the list with each trigger', () => {
    expect(followupRuleProblem(rule({ when: [{ or: [{ ...high.or[0], dependent_qpos: 9 }] }] }))).toBeNull();
    expect(followupListProblem([rule()], () => questions)).toBeNull();
    expect(followupListProblem([rule()], () => undefined)).toBe(followupMessages.conditionInvalid);
    expect(followupListProblem(Array.from({ length: 51 }, () => rule()))).toBe(followupMessages.tooManyRules);
  });

  it("judges `when` as a question's dependency is judged", () => {
    expect(conditionsHold([high], { 0: { 0: '8' } })).toBe(true);
    expect(conditionsHold([high], { 0: { 0: '6' } })).toBe(false);
    expect(conditionsHold([high], {})).toBe(false);
    expect(conditionsHold([], {})).toBe(true);
  });
});

describe('score conditions of a follow-up rule (issue 34 part 2)', () => {
  const scores = [{ name: 'total' }, { name: 'mean_mood' }];
  const atLeast = (value: number | string, score = 'total'): ScoreConditionDraft => ({ score, criterion_operator: 'greater or equal', criterion_value: value });

  it('accepts conditions on the trigger questionnaire\'s scores, with a number typed as text', () => {
    expect(followupRuleProblem(rule({ score_when: [atLeast(10), atLeast('2.5', 'mean_mood')] }), questions, scores)).toBeNull();
    expect(followupRuleProblem(rule({ score_when: [atLeast('-3')] }), questions, scores)).toBeNull();
  });

  it.each<[string, ScoreConditionDraft[], string]>([
    ['a score the trigger does not have', [atLeast(10, 'other')], followupMessages.scoreConditionInvalid],
    ['a name differing in case only', [atLeast(10, 'Total')], followupMessages.scoreConditionInvalid],
    ['an operator of text answers', [JSON.parse('{"score":"total","criterion_operator":"is","criterion_value":10}') as ScoreConditionDraft], followupMessages.scoreConditionInvalid],
    ['a blank value', [atLeast(' ')], followupMessages.scoreValueNotNumber],
    ['a value that is not a number', [atLeast('ten')], followupMessages.scoreValueNotNumber],
    ['a value past the input limit', [atLeast(1e13)], followupMessages.scoreValueNotNumber],
    ['one condition too many', Array.from({ length: MAX_SCORE_CONDITIONS + 1 }, () => atLeast(1)), followupMessages.tooManyScoreConditions],
  ])('refuses %s with its message', (_name, score_when, message) => {
    expect(followupRuleProblem(rule({ score_when }), questions, scores)).toBe(message);
  });

  it('checks the names only against the scores given, and the list with each trigger\'s scores', () => {
    expect(scoreWhenProblem([atLeast(1, 'other')])).toBeNull();
    expect(scoreWhenProblem([atLeast('x', 'other')])).toBe(followupMessages.scoreValueNotNumber);
    expect(followupListProblem([rule({ score_when: [atLeast(1)] })], () => questions, () => scores)).toBeNull();
    expect(followupListProblem([rule({ score_when: [atLeast(1)] })], () => questions, () => undefined)).toBe(followupMessages.scoreConditionInvalid);
  });

  it('holds when every condition does, and never on a null or missing score', () => {
    const values = { total: 12, mean_mood: null };
    expect(scoreConditionsHold([], values)).toBe(true);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'greater or equal', criterion_value: 12 }], values)).toBe(true);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'greater', criterion_value: 12 }], values)).toBe(false);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'less', criterion_value: 13 }], values)).toBe(true);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'less or equal', criterion_value: 11.5 }], values)).toBe(false);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'equal', criterion_value: 12 }], values)).toBe(true);
    expect(scoreConditionsHold([{ score: 'total', criterion_operator: 'not equal', criterion_value: 12 }], values)).toBe(false);
    expect(
      scoreConditionsHold(
        [
          { score: 'total', criterion_operator: 'greater', criterion_value: 1 },
          { score: 'total', criterion_operator: 'less', criterion_value: 5 },
        ],
        values,
      ),
    ).toBe(false);
    // A null score (too few items answered) and a score the answer does not have meet no condition, not even "not equal".
    expect(scoreConditionsHold([{ score: 'mean_mood', criterion_operator: 'not equal', criterion_value: 3 }], values)).toBe(false);
    expect(scoreConditionsHold([{ score: 'gone', criterion_operator: 'less', criterion_value: 100 }], values)).toBe(false);
  });
});
