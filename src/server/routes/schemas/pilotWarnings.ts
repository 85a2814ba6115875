// JSON schemas of pilot mode's warnings before launch (issue 20): src/shared/types/pilotWarnings.ts.
import { PILOT_WARNING_KINDS } from '../../../shared/types/pilotWarnings';
import { assessmentItemSchema } from './participants';

const nullableString = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

const pilotWarningSchema = {
  type: 'object',
  required: ['kind', 'message', 'where', 'stage_num', 'stage_name', 'group_num', 'group_name', 'setting', 'questionnaire', 'question', 'time', 'timezone'],
  properties: {
    kind: { type: 'string', enum: [...PILOT_WARNING_KINDS] },
    message: { type: 'string' },
    where: { type: 'string', description: 'The place in words, e.g. "Stage 1, Participant Group 2, EMA setting 1"' },
    stage_num: nullableInteger,
    stage_name: nullableString,
    group_num: nullableInteger,
    group_name: nullableString,
    setting: {
      type: ['object', 'null'],
      required: ['kind', 'number'],
      properties: { kind: { type: 'string', enum: ['ema', 'diary'] }, number: { type: 'integer', minimum: 1 } },
    },
    questionnaire: { ...assessmentItemSchema, type: ['object', 'null'] },
    question: {
      type: ['object', 'null'],
      required: ['position', 'question_num'],
      properties: { position: { type: 'integer', minimum: 0 }, question_num: { type: 'string' } },
    },
    time: { ...nullableString, description: "A prompt time (HH:mm) or a randomised period (HH:mm-HH:mm) in the setting's time zone" },
    timezone: nullableString,
  },
} as const;

export const pilotWarningsSchema = {
  type: 'object',
  required: ['warnings'],
  properties: { warnings: { type: 'array', items: pilotWarningSchema } },
} as const;
