// Schemas of a participant group's follow-up rules (issue 34 part 1): as answered in a study, and as Save Changes
// sends them. Numbers may be text as the editor holds them; the shared rule (followupRuleProblem) answers with
// its message. One rule past MAX_FOLLOWUP_RULES passes, so that the rule's own message answers.
import { MAX_FOLLOWUP_RULES } from '../../../shared/limits';
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

export const followupRuleSchema = {
  type: 'object',
  required: ['trigger_questionnaire', 'when', 'questionnaire_list', 'after_minutes', 'response_in', 'reminder_interval', 'max_per_day'],
  properties: {
    trigger_questionnaire: item,
    when: whenSchema,
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
    questionnaire_list: { type: 'array', maxItems: 50, items: ref },
    after_minutes: typedNumber,
    response_in: typedNumber,
    reminder_interval: typedNumber,
    max_per_day: typedNumber,
  },
} as const;

export const followupListEditSchema = { type: 'array', maxItems: MAX_FOLLOWUP_RULES + 1, items: followupRuleEditSchema } as const;
