// JSON schemas of the pilot API (issue 20).
import { appSessionSchema } from './app';

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const pilotStudyParam = { type: 'object', required: ['studyId'], properties: { studyId: idString } } as const;
export const pilotParam = { type: 'object', required: ['participationId'], properties: { participationId: idString } } as const;

export const createPilotBody = {
  type: 'object',
  additionalProperties: false,
  properties: { stageId: idString, groupId: idString },
} as const;

export const pilotClockBody = {
  type: 'object',
  additionalProperties: false,
  description: 'Either advance (a step forward) or to (a moment, never before the pilot clock’s now).',
  properties: {
    advance: { type: 'string', enum: ['next_prompt', 'hour', 'day'] },
    to: { type: 'string', minLength: 1, maxLength: 64, description: 'An ISO-8601 moment' },
  },
} as const;

const pilotTaskSchema = {
  type: 'object',
  required: ['_id', 'kind', 'questionnaire', 'prompt_id', 'followup', 'notification_datetime', 'window_closes_at', 'diary_start_date', 'number_of_days', 'status', 'completed_at'],
  properties: {
    _id: { type: 'string' },
    kind: { type: 'string', enum: ['ema', 'diary', 'once', 'anytime'] },
    questionnaire: {
      type: 'object',
      required: ['_id', 'chin_name', 'abbrev'],
      properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, abbrev: { type: 'string' } },
    },
    prompt_id: nullableString,
    followup: { type: 'boolean', description: 'A follow-up prompt or reminder, planned by an answer (issue 34)' },
    notification_datetime: nullableString,
    window_closes_at: nullableString,
    diary_start_date: nullableString,
    number_of_days: { type: ['integer', 'null'] },
    status: { type: 'string', description: 'As read on the pilot clock (an open prompt past its window reads expired)' },
    completed_at: nullableString,
  },
} as const;

export const pilotSchema = {
  type: 'object',
  required: ['_id', 'participant', 'study_id', 'status', 'current_stage_id', 'current_group_id', 'clock', 'plan'],
  properties: {
    _id: { type: 'string', description: 'The pilot participation' },
    participant: {
      type: 'object',
      required: ['_id', 'email', 'participant_code'],
      properties: { _id: { type: 'string' }, email: { type: 'string' }, participant_code: { type: 'string' } },
    },
    study_id: { type: 'string' },
    status: { type: 'string' },
    current_stage_id: { type: 'string' },
    current_group_id: { type: 'string' },
    clock: {
      type: 'object',
      required: ['now', 'offset_ms'],
      properties: {
        now: { type: 'string', format: 'date-time', description: 'Now on the pilot clock' },
        offset_ms: { type: 'integer', minimum: 0, description: 'How far the pilot clock runs ahead of the real one' },
      },
    },
    plan: { type: 'array', items: pilotTaskSchema },
  },
} as const;

export const createdPilotSchema = {
  type: 'object',
  required: ['pilot', 'session'],
  properties: { pilot: pilotSchema, session: appSessionSchema },
} as const;
