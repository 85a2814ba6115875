// Schemas of a participant group's follow-up rules (issue 34 part 1): as answered in a study, and as Save Changes
// sends them. Numbers may be text as the editor holds them; the shared rule (followupRuleProblem) answers with
// its message. One rule past MAX_FOLLOWUP_RULES passes, so that the rule's own message answers.
import { MAX_FOLLOWUP_RULES, MAX_SCORE_CONDITIONS } from '../../../shared/limits';
import { MAX_SCORE_NAME } from '../../../shared/questionnaire/scores';
import { SCORE_OPERATORS } from '../../../shared/study/scoreConditions';
import { MAX_CONDITIONS } from '../../../shared/questionnaire/rules';
import { conditionSchema } from './questionnaires';
import { typedNumber } from './common';

const item = {
  type: 'object',
  required: ['_id', 'chin_name', 'abbrev'],
  properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, abbrev: { type: 'string' } },
} as const;

const whenSchema = {
  type: 'array',
  maxItems: MAX_CONDITIONS,
  items: { type: 'object', required: ['or'], additionalProperties: false, properties: { or: { type: 'array', maxItems: MAX_CONDITIONS, items: conditionSchema } } },
} as const;

/** Conditions on the trigger answer's scores (issue 34 part 2); every one must hold, besides `when`. */
function scoreWhenSchema<V>(value: V) {
  return {
    type: 'array',
    description:
      "Conditions on the trigger answer's scores (issue 34 part 2): each names a score of the trigger questionnaire; every one must hold, besides `when`. A null score meets none. Empty: no score condition.",
    // One past the limit passes, so that the shared rule's own message answers.
    maxItems: MAX_SCORE_CONDITIONS + 1,
    items: {
      type: 'object',
      required: ['score', 'criterion_operator', 'criterion_value'],
      additionalProperties: false,
      properties: {
        // Longer than a score name may be, so that a name the trigger does not have is refused with the rule's message.
        score: { type: 'string', maxLength: MAX_SCORE_NAME * 4 },
        criterion_operator: { type: 'string', enum: [...SCORE_OPERATORS] },
        criterion_value: value,
      },
    },
  } as const;
}

export const followupRuleSchema = {
  type: 'object',
  required: ['trigger_questionnaire', 'when', 'score_when', 'questionnaire_list', 'after_minutes', 'response_in', 'reminder_interval', 'max_per_day'],
  properties: {
    trigger_questionnaire: item,
    when: whenSchema,
    score_when: scoreWhenSchema({ type: 'number' }),
    questionnaire_list: { type: 'array', items: item },
    after_minutes: { type: 'integer' },
    response_in: { type: 'integer' },
    reminder_interval: { type: 'integer' },
    max_per_day: { type: 'integer' },
  },
} as const;

const ref = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 64 },
    {
      type: 'object',
      required: ['_id'],
      additionalProperties: false,
      properties: { _id: { type: 'string', minLength: 1, maxLength: 64 }, chin_name: { type: 'string', maxLength: 500 }, abbrev: { type: 'string', maxLength: 100 } },
    },
  ],
} as const;


export const followupRuleEditSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trigger_questionnaire', 'when', 'questionnaire_list', 'after_minutes', 'response_in', 'reminder_interval', 'max_per_day'],
  properties: {
    trigger_questionnaire: { anyOf: [{ type: 'null' }, ref] },
    when: whenSchema,
    // Optional, so that a client written before score conditions saves its rules unchanged (none).
    score_when: scoreWhenSchema(typedNumber),
    questionnaire_list: { type: 'array', maxItems: 50, items: ref },
    after_minutes: typedNumber,
    response_in: typedNumber,
    reminder_interval: typedNumber,
    max_per_day: typedNumber,
  },
} as const;

export const followupListEditSchema = { type: 'array', maxItems: MAX_FOLLOWUP_RULES + 1, items: followupRuleEditSchema } as const;
