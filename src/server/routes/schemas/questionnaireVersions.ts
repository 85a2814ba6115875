// Questionnaire versions (issue 21): the versions planned and their use, and re-pointing to the current one.
export const questionnaireVersionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['versions'],
  properties: {
    versions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['number', 'created_at', 'participants', 'current'],
        properties: { number: { type: 'integer', minimum: 1 }, created_at: { type: 'string' }, participants: { type: 'integer', minimum: 0 }, current: { type: 'boolean' } },
      },
    },
  },
} as const;

export const repointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message', 'tasks'],
  properties: { message: { type: 'string' }, tasks: { type: 'integer', minimum: 0 } },
} as const;
