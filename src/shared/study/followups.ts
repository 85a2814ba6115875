// Follow-up prompt rules of a participant group (issue 34 part 1): "when an answer to the trigger questionnaire
// meets `when`, prompt these questionnaires after N minutes, with their own window and reminders, at most K a
// day". `when` has the shape of a question's dependency and is judged by the visibility code (visibility.ts);
// `score_when` adds conditions on the answer's scores (scoreConditions.ts).
import type { DependencyGroup, Question, Score } from '../questionnaire/types';
import { conditionTargetAllowed } from '../questionnaire/rules';
import { operatorsFor } from '../questionnaire/operations';
import { MAX_FOLLOWUP_AFTER_MINUTES, MAX_FOLLOWUP_RULES, MAX_FOLLOWUPS_PER_DAY, MAX_MINUTES, MIN_REMINDER_INTERVAL_MINUTES, MIN_RESPONSE_IN_MINUTES } from '../limits';
import { assessmentMessages } from '../messages/assessment';
import { followupMessages } from '../messages/followups';
import { wholeNumber, type AssessmentListItem } from './assessmentSettings';
import { scoreWhenProblem, type ScoreCondition, type ScoreConditionDraft } from './scoreConditions';

export interface FollowupRule {
  trigger_questionnaire: AssessmentListItem;
  /** Groups of conditions on the trigger questionnaire's answers, as a question's `dependency`; none: every answer. */
  when: DependencyGroup[];
  /** Conditions on the answer's scores, all of which must hold besides `when`; none: no score condition. */
  score_when: ScoreCondition[];
  questionnaire_list: AssessmentListItem[];
  /** Minutes after the trigger's answer the prompt comes (0-1440). */
  after_minutes: number;
  /** Minutes the participant has to answer, as an EMA setting's. */
  response_in: number;
  /** Minutes between reminders, as an EMA setting's. */
  reminder_interval: number;
  /** Prompts this rule plans at most per participant and day (the trigger's zone day). */
  max_per_day: number;
}

/** What the editor holds while the user types: numbers may still be text, which the rule refuses with a message. */
export type FollowupRuleDraft = Omit<FollowupRule, 'trigger_questionnaire' | 'score_when' | 'after_minutes' | 'response_in' | 'reminder_interval' | 'max_per_day'> & {
  trigger_questionnaire: AssessmentListItem | null;
  score_when: ScoreConditionDraft[];
  after_minutes: number | string;
  response_in: number | string;
  reminder_interval: number | string;
  max_per_day: number | string;
};

export function newFollowupRule(): FollowupRuleDraft {
  return { trigger_questionnaire: null, when: [], score_when: [], questionnaire_list: [], after_minutes: 30, response_in: 15, reminder_interval: 5, max_per_day: 1 };
}

/** A number as typed; blank and other text are NaN, so the message names the field. */
function typed(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The response window and reminders, by the EMA setting's rules and messages. */
function windowProblem(rule: FollowupRuleDraft): string | null {
  const reminder = typed(rule.reminder_interval);
  if (Number.isNaN(reminder)) return String(rule.reminder_interval).trim() === '' ? assessmentMessages.reminderTooSmall : assessmentMessages.reminderNotNumber;
  if (reminder < MIN_REMINDER_INTERVAL_MINUTES) return assessmentMessages.reminderTooSmall;
  const responseIn = typed(rule.response_in);
  if (Number.isNaN(responseIn)) return String(rule.response_in).trim() === '' ? assessmentMessages.responseInTooSmall : assessmentMessages.responseInNotNumber;
  if (responseIn < MIN_RESPONSE_IN_MINUTES) return assessmentMessages.responseInTooSmall;
  if (reminder >= responseIn) return assessmentMessages.reminderNotBelowResponseIn;
  const wholeReminder = wholeNumber(rule.reminder_interval);
  const wholeResponseIn = wholeNumber(rule.response_in);
  if (Number.isNaN(wholeReminder) || Number.isNaN(wholeResponseIn) || wholeReminder > MAX_MINUTES || wholeResponseIn > MAX_MINUTES) {
    return assessmentMessages.minutesWholeNumber;
  }
  return null;
}

/** Every condition names a text or multiple-choice response of the trigger questionnaire, with an operator it offers. */
export function whenFits(when: readonly DependencyGroup[], triggerQuestions: readonly Question[]): boolean {
  return when.every(
    (g) =>
      g.or.length > 0 &&
      g.or.every((c) => {
        if (!conditionTargetAllowed(triggerQuestions, -1, c.dependent_qpos, c.dependent_response_pos)) return false;
        return operatorsFor(triggerQuestions[c.dependent_qpos].other_info[c.dependent_response_pos]).includes(c.criterion_operator);
      }),
  );
}

/**
 * The first problem of a rule, or null. `triggerQuestions` and `triggerScores` (the trigger questionnaire's) let
 * the conditions be checked against it; the editor passes them when it has them, the server always.
 */
export function followupRuleProblem(rule: FollowupRuleDraft, triggerQuestions?: readonly Question[], triggerScores?: readonly Pick<Score, 'name'>[]): string | null {
  if (!rule.trigger_questionnaire) return followupMessages.triggerRequired;
  if (triggerQuestions && !whenFits(rule.when, triggerQuestions)) return followupMessages.conditionInvalid;
  const scoreProblem = scoreWhenProblem(rule.score_when, triggerScores);
  if (scoreProblem) return scoreProblem;
  if (rule.questionnaire_list.length === 0) return followupMessages.questionnaireRequired;
  const after = wholeNumber(rule.after_minutes);
  if (!(after >= 0) || after > MAX_FOLLOWUP_AFTER_MINUTES) return followupMessages.afterMinutes;
  const problem = windowProblem(rule);
  if (problem) return problem;
  const perDay = wholeNumber(rule.max_per_day);
  if (!(perDay >= 1) || perDay > MAX_FOLLOWUPS_PER_DAY) return followupMessages.maxPerDay;
  return null;
}

/** A group's rules, each checked; `questionsOf` and `scoresOf` give a trigger questionnaire's questions and scores by id. */
export function followupListProblem(
  rules: readonly FollowupRuleDraft[],
  questionsOf?: (id: string) => readonly Question[] | undefined,
  scoresOf?: (id: string) => readonly Pick<Score, 'name'>[] | undefined,
): string | null {
  if (rules.length > MAX_FOLLOWUP_RULES) return followupMessages.tooManyRules;
  for (const rule of rules) {
    const id = rule.trigger_questionnaire?._id;
    const questions = id !== undefined && questionsOf ? questionsOf(id) : undefined;
    const scores = id !== undefined && scoresOf ? scoresOf(id) : undefined;
    const problem = followupRuleProblem(rule, questionsOf ? (questions ?? []) : undefined, scoresOf ? (scores ?? []) : undefined);
    if (problem) return problem;
  }
  return null;
}
