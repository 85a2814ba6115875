// A group's follow-up rules (issue 34 part 1) as stored and as Save Changes sends them: questionnaires by id,
// each field read with its type (a value of another type is refused with its field's message), checked again
// on every read so that the answer path can rely on them.
import type { DependencyGroup } from '../../../shared/questionnaire/types';
import { TEXT_OPERATORS_NUMERIC, TEXT_OPERATORS, MC_OPERATORS } from '../../../shared/questionnaire/types';
import { wholeNumber, type AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { FollowupRule, FollowupRuleDraft } from '../../../shared/study/followups';
import { SCORE_OPERATORS, scoreConditionValue, type ScoreCondition, type ScoreConditionDraft } from '../../../shared/study/scoreConditions';
import { assessmentMessages, followupMessages, generalMessages } from '../../../shared/messages';
import { badRequest } from '../../httpErrors';

type WithIds<T> = Omit<T, 'trigger_questionnaire' | 'questionnaire_list'> & { trigger_questionnaire: string; questionnaire_list: string[] };

export type StoredFollowupRule = WithIds<FollowupRule>;
/** As stored: a rule saved before score conditions existed has no `score_when` (read as none). */
export type AsStoredFollowup = Omit<StoredFollowupRule, 'score_when'> & { score_when?: ScoreCondition[] };
/** A rule as sent, in the stored form, with numbers that may still be text the rule refuses. */
export type FollowupRuleCandidate = Omit<WithIds<FollowupRuleDraft>, 'trigger_questionnaire'> & { trigger_questionnaire: string | null };

const OPERATORS: readonly string[] = [...TEXT_OPERATORS_NUMERIC, ...TEXT_OPERATORS, ...MC_OPERATORS];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWhen(value: unknown): value is DependencyGroup[] {
  return (
    Array.isArray(value) &&
    value.every(
      (g) =>
        isRecord(g) &&
        Array.isArray(g.or) &&
        g.or.every(
          (c) =>
            isRecord(c) &&
            Number.isInteger(c.dependent_qpos) &&
            Number.isInteger(c.dependent_response_pos) &&
            typeof c.criterion_operator === 'string' &&
            OPERATORS.includes(c.criterion_operator) &&
            typeof c.criterion_value === 'string',
        ),
    )
  );
}

/** A score condition as sent, its value aside (which has a message of its own). */
const isScoreConditionShape = (c: unknown): c is Record<string, unknown> & Omit<ScoreConditionDraft, 'criterion_value'> =>
  isRecord(c) && typeof c.score === 'string' && typeof c.criterion_operator === 'string' && (SCORE_OPERATORS as readonly string[]).includes(c.criterion_operator);

const isScoreValue = (value: unknown): value is number | string => typeof value === 'number' || typeof value === 'string';

function isScoreWhen(value: unknown): value is ScoreConditionDraft[] {
  return Array.isArray(value) && value.every((c) => isScoreConditionShape(c) && isScoreValue(c.criterion_value));
}

const isStoredScoreWhen = (value: unknown): value is ScoreCondition[] => isScoreWhen(value) && value.every((c) => Number.isFinite(c.criterion_value));

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export function isStoredFollowup(value: unknown): value is AsStoredFollowup {
  return (
    isRecord(value) &&
    typeof value.trigger_questionnaire === 'string' &&
    isWhen(value.when) &&
    (value.score_when === undefined || isStoredScoreWhen(value.score_when)) &&
    isStringArray(value.questionnaire_list) &&
    ['after_minutes', 'response_in', 'reminder_interval', 'max_per_day'].every((k) => Number.isInteger(value[k]))
  );
}

/** A stored rule with its score conditions, none for a rule saved before they existed. */
export function withScoreWhen(rule: AsStoredFollowup): StoredFollowupRule {
  return { ...rule, score_when: rule.score_when ?? [] };
}

/** A questionnaire as a rule names it: its id, or a list item with its id; null for none chosen. */
function refOrNull(value: unknown): string | null {
  if (value === null) return null;
  const id = isRecord(value) ? value._id : value;
  if (typeof id !== 'string' || id === '') throw badRequest(assessmentMessages.questionnaireNotFound);
  return id;
}

function refs(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.questionnaireNotFound);
  return [
    ...new Set(
      value.map((ref) => {
        const id = refOrNull(ref);
        if (id === null) throw badRequest(assessmentMessages.questionnaireNotFound);
        return id;
      }),
    ),
  ];
}

/** A number as the editor holds it: a whole number stays a number, text stays for the rule to name. */
function typedNumber(value: unknown, problem: string): number | string {
  if (typeof value !== 'number' && typeof value !== 'string') throw badRequest(problem);
  const whole = wholeNumber(value);
  return Number.isNaN(whole) ? value : whole;
}

/** Each field of a rule with its reader. */
const readers = {
  trigger_questionnaire: refOrNull,
  when: (value: unknown): DependencyGroup[] => {
    if (!isWhen(value)) throw badRequest(followupMessages.conditionInvalid);
    return value;
  },
  score_when: (value: unknown): ScoreConditionDraft[] => {
    if (!Array.isArray(value) || !value.every(isScoreConditionShape)) throw badRequest(followupMessages.scoreConditionInvalid);
    if (!isScoreWhen(value)) throw badRequest(followupMessages.scoreValueNotNumber);
    // A number sent as text is kept as the number, so an unchanged rule compares equal to the stored one.
    return value.map((c) => {
      const number = scoreConditionValue(c.criterion_value);
      return { score: c.score, criterion_operator: c.criterion_operator, criterion_value: Number.isFinite(number) ? number : c.criterion_value };
    });
  },
  questionnaire_list: refs,
  after_minutes: (value: unknown) => typedNumber(value, followupMessages.afterMinutes),
  response_in: (value: unknown) => typedNumber(value, assessmentMessages.responseInNotNumber),
  reminder_interval: (value: unknown) => typedNumber(value, assessmentMessages.reminderNotNumber),
  max_per_day: (value: unknown) => typedNumber(value, followupMessages.maxPerDay),
} as const;

/** Reads the rules of a group as sent (before the schema coerces them), refusing a field of another type. */
export function readFollowupsAsSent(value: unknown): void {
  if (!Array.isArray(value)) return;
  for (const rule of value) {
    if (!isRecord(rule)) continue;
    for (const [name, read] of Object.entries(readers)) if (rule[name] !== undefined) read(rule[name]);
  }
}

/** The stored form of a rule as sent. Stored rules pass through unchanged, so comparing tells what changed. */
export function followupCandidate(edit: unknown): FollowupRuleCandidate {
  if (!isRecord(edit)) throw badRequest(generalMessages.invalidRequest);
  return {
    trigger_questionnaire: readers.trigger_questionnaire(edit.trigger_questionnaire ?? null),
    when: readers.when(edit.when ?? []),
    score_when: readers.score_when(edit.score_when ?? []),
    questionnaire_list: readers.questionnaire_list(edit.questionnaire_list),
    after_minutes: readers.after_minutes(edit.after_minutes),
    response_in: readers.response_in(edit.response_in),
    reminder_interval: readers.reminder_interval(edit.reminder_interval),
    max_per_day: readers.max_per_day(edit.max_per_day),
  };
}

/** A candidate as the shared rule reads it: questionnaires as list items. */
export function followupDraft(candidate: FollowupRuleCandidate, items: ReadonlyMap<string, AssessmentListItem>): FollowupRuleDraft {
  const item = (id: string): AssessmentListItem => items.get(id) ?? { _id: id, chin_name: '', abbrev: '' };
  return {
    ...candidate,
    trigger_questionnaire: candidate.trigger_questionnaire === null ? null : item(candidate.trigger_questionnaire),
    questionnaire_list: candidate.questionnaire_list.map(item),
  };
}

/** A candidate the rule accepted: its trigger is chosen and its numbers are whole. */
export function storedFollowup(candidate: FollowupRuleCandidate): StoredFollowupRule {
  return {
    ...candidate,
    trigger_questionnaire: candidate.trigger_questionnaire ?? '',
    score_when: candidate.score_when.map((c) => ({ ...c, criterion_value: scoreConditionValue(c.criterion_value) })),
    after_minutes: wholeNumber(candidate.after_minutes),
    response_in: wholeNumber(candidate.response_in),
    reminder_interval: wholeNumber(candidate.reminder_interval),
    max_per_day: wholeNumber(candidate.max_per_day),
  };
}

/** Every questionnaire a rule names: its trigger first. */
export function idsOfFollowup(rule: Pick<StoredFollowupRule, 'trigger_questionnaire' | 'questionnaire_list'>): string[] {
  return [rule.trigger_questionnaire, ...rule.questionnaire_list];
}

/** A stored rule as the study's answers carry it: questionnaires as list items (a deleted one left out). */
export function followupWithItems(rule: StoredFollowupRule, items: ReadonlyMap<string, AssessmentListItem>): FollowupRule {
  return {
    ...rule,
    trigger_questionnaire: items.get(rule.trigger_questionnaire) ?? { _id: rule.trigger_questionnaire, chin_name: '', abbrev: '' },
    questionnaire_list: rule.questionnaire_list.flatMap((id) => items.get(id) ?? []),
  };
}
