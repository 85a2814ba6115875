// JSON schemas of the Study Progress call (types in src/shared/types/progress.ts).
import { PARTICIPATION_STATUSES } from '../../../shared/types/participant';

const count = { type: 'integer', minimum: 0 } as const;
const ratio = { type: ['number', 'null'], minimum: 0, maximum: 1 } as const;

export const progressBodySchema = {
  type: 'object',
  required: ['stageId', 'groupId'],
  additionalProperties: false,
  properties: {
    stageId: { type: 'string', minLength: 1, maxLength: 64 },
    groupId: { type: 'string', minLength: 1, maxLength: 64 },
    includePilot: { type: 'boolean', default: false, description: 'Count pilot participants too, each on its own clock' },
  },
} as const;

const promptCountsSchema = {
  type: 'object',
  required: ['planned', 'delivered', 'opened', 'completed', 'late', 'expired', 'open', 'closed', 'closedDelivered'],
  properties: {
    planned: count, delivered: count, opened: count, completed: count, late: count, expired: count, open: count, closed: count,
    closedDelivered: count,
  },
} as const;

const ratesSchema = {
  type: 'object',
  required: ['delivery', 'response', 'completion'],
  properties: { delivery: ratio, response: ratio, completion: ratio },
} as const;

const participantProgressSchema = {
  type: 'object',
  required: ['_id', 'participant_code', 'email', 'status', 'arrived_at', 'prompts', 'rates', 'recent', 'flag', 'diary', 'once', 'followups', 'followupRates'],
  properties: {
    _id: { type: 'string' },
    participant_code: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string', enum: [...PARTICIPATION_STATUSES] },
    arrived_at: { type: ['string', 'null'] },
    prompts: promptCountsSchema,
    rates: ratesSchema,
    recent: {
      type: 'object',
      required: ['planned', 'closed', 'delivered', 'completed', 'response'],
      properties: { planned: count, closed: count, delivered: count, completed: count, response: ratio },
    },
    flag: { type: ['string', 'null'], enum: ['lowResponse', 'notDelivered', null] },
    diary: { type: 'object', required: ['daysDone', 'daysLeft'], properties: { daysDone: count, daysLeft: count } },
    once: { type: 'object', required: ['done', 'total'], properties: { done: count, total: count } },
    followups: { ...promptCountsSchema, description: 'Follow-up prompts answers planned, their own kind' },
    followupRates: ratesSchema,
  },
} as const;

const studyDaySchema = {
  type: 'object',
  required: ['day', 'participants', 'planned', 'delivered', 'completed', 'closed', 'closedDelivered', 'delivery', 'response'],
  properties: {
    day: { type: 'integer' },
    participants: count,
    planned: count,
    delivered: count,
    completed: count,
    closed: count,
    closedDelivered: count,
    delivery: ratio,
    response: ratio,
  },
} as const;

export const progressAnswerSchema = {
  type: 'object',
  required: ['asOf', 'participants', 'days'],
  properties: {
    asOf: { type: 'string' },
    participants: { type: 'array', items: participantProgressSchema },
    days: { type: 'array', items: studyDaySchema },
  },
} as const;
