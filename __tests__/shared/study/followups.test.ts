// The follow-up rule (issue 34 part 1) as the editor and the server check it, and its `when` judged by the
// visibility conditions' own code.
import { followupListProblem, followupRuleProblem, newFollowupRule, type FollowupRuleDraft } from '../../../src/shared/study/followups';
import { conditionsHold } from '../../../src/shared/questionnaire/visibility';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question } from '../../../src/shared/questionnaire/types';
import { assessmentMessages, followupMessages } from '../../../src/shared/messages';

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
