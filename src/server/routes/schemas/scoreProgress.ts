// JSON schemas of Study Progress's score per day (types in src/shared/types/scoreProgress.ts).
import { MAX_SCORE_NAME } from '../../../shared/questionnaire/scores';
import { progressBodySchema } from './studyProgress';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const count = { type: 'integer', minimum: 0 } as const;

export const scoreProgressBodySchema = {
  ...progressBodySchema,
  properties: {
    ...progressBodySchema.properties,
    score: {
      type: 'object',
      required: ['questionnaireId', 'name'],
      additionalProperties: false,
      properties: { questionnaireId: id, name: { type: 'string', minLength: 1, maxLength: MAX_SCORE_NAME } },
      description: "The score to show; without it, the group's first",
    },
  },
} as const;

const scoreChoiceSchema = {
  type: 'object',
  required: ['questionnaireId', 'abbrev', 'chin_name', 'name'],
  properties: { questionnaireId: { type: 'string' }, abbrev: { type: 'string' }, chin_name: { type: 'string' }, name: { type: 'string' } },
} as const;

export const scoreProgressAnswerSchema = {
  type: 'object',
  required: ['choices', 'chosen', 'days'],
  properties: {
    choices: { type: 'array', items: scoreChoiceSchema },
    chosen: { anyOf: [scoreChoiceSchema, { type: 'null' }] },
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'participants', 'answers', 'mean', 'min', 'max'],
        properties: { day: { type: 'integer' }, participants: count, answers: count, mean: { type: 'number' }, min: { type: 'number' }, max: { type: 'number' } },
      },
    },
  },
} as const;
