// Schemas of the researcher's participant calls (part 2 section 7).
import { DELIVERY_CHANNELS, EMAIL_RESULTS, PUSH_RESULTS } from '../../../shared/delivery';
import { PARTICIPATION_STATUSES, EMA_TASK_SCOPES, EMA_TASK_STATUSES } from '../../../shared/types/participant';
import { looseString } from './common';
import { participantDeviceSchema } from './devices';

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const stageRefSchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'stage_num'],
  properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, stage_num: { type: 'integer' } },
} as const;

export const groupRefSchema = {
  type: 'object',
  required: ['_id', 'name', 'group_num'],
  properties: { _id: { type: 'string' }, name: { type: 'string' }, group_num: { type: 'integer' } },
} as const;

export const enrolmentTimeSchema = {
  type: 'object',
  required: ['start_datetime'],
  properties: { start_datetime: { type: 'string', format: 'date-time' } },
} as const;

export const assessmentItemSchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'abbrev'],
  properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, abbrev: { type: 'string' } },
} as const;

const participationSummarySchema = {
  type: 'object',
  required: ['_id', 'status', 'study', 'current_stage', 'current_group', 'arrive_assigned', 'has_diary_tasks', 'enrolment_time'],
  properties: {
    _id: { type: 'string' },
    status: { type: 'string', enum: [...PARTICIPATION_STATUSES] },
    study: { type: 'string' },
    current_stage: stageRefSchema,
    current_group: groupRefSchema,
    arrive_assigned: { type: 'boolean' },
    has_diary_tasks: { type: 'boolean', description: 'The stored plan holds diary tasks (not cancelled): Assigned Diary Assessments is offered' },
    enrolment_time: { type: 'array', items: enrolmentTimeSchema },
  },
} as const;

export const participantSchema = {
  type: 'object',
  required: ['_id', 'participant_code', 'email', 'study', 'current_stage', 'current_group', 'pilot', 'device', 'participation'],
  properties: {
    _id: { type: 'string' },
    pilot: { type: 'boolean', description: 'A pilot participant (never counted as a real one)' },
    device: participantDeviceSchema,
    participant_code: { type: 'string' },
    email: { type: 'string' },
    study: { type: 'string' },
    current_stage: { type: 'string' },
    current_group: { type: 'string' },
    participation: { type: 'array', minItems: 1, maxItems: 1, items: participationSummarySchema },
  },
} as const;

const participantListSchema = { type: 'array', items: participantSchema } as const;

export const getParticipantsSchema = {
  type: 'object',
  required: ['participantsData'],
  properties: {
    participantsData: { type: 'object', required: ['participants'], properties: { participants: participantListSchema } },
  },
} as const;

export const filteredParticipantsSchema = {
  type: 'object',
  required: ['participants'],
  properties: { participants: participantListSchema },
} as const;

export const filterBodySchema = {
  type: 'object',
  required: ['currentStageId'],
  additionalProperties: false,
  properties: { currentStageId: idString, currentGroupId: { type: 'string', maxLength: 64 } },
} as const;

/** Fields may be blank: the shared rules answer with the specification's messages. */
export const createBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { studyId: { type: 'string', maxLength: 64 }, email: looseString, password: looseString, confirmPassword: looseString },
} as const;

export const participantAnswerSchema = {
  type: 'object',
  required: ['message', 'participant'],
  properties: { message: { type: 'string' }, participant: participantSchema },
} as const;

export const assignBodySchema = {
  type: 'object',
  required: ['studyId'],
  additionalProperties: false,
  properties: { studyId: idString, stageId: { type: 'string', maxLength: 64 }, groupId: { type: 'string', maxLength: 64 } },
} as const;

const nullableMoment = { type: ['string', 'null'], format: 'date-time' } as const;

/** The delivery ledger of a notification (issue 33). */
const emaTaskDeliverySchema = {
  type: 'object',
  description: "How the notification went out (a reminder's is its own); each field null until it happened",
  required: ['channel', 'sent_at', 'push_result', 'received_at', 'email_due_at', 'email_result', 'emailed_at'],
  properties: {
    channel: { type: ['string', 'null'], enum: [...DELIVERY_CHANNELS, null], description: 'The channel that carried it first' },
    sent_at: { ...nullableMoment, description: 'When a push service accepted it, or (channel email) the mail server took its email' },
    push_result: {
      type: ['string', 'null'],
      enum: [...PUSH_RESULTS, null],
      description: 'accepted; refused (every try failed); gone (every subscription gone); none (no push subscription)',
    },
    received_at: { ...nullableMoment, description: "When the phone reported that the push reached it (the phone's moment)" },
    email_due_at: { ...nullableMoment, description: 'When it is, or was, to be emailed' },
    email_result: { type: ['string', 'null'], enum: [...EMAIL_RESULTS, null], description: 'sent, or refused by the mail server' },
    emailed_at: { ...nullableMoment, description: 'When the email sender was done with it (sent or refused)' },
  },
} as const;

export const emaTaskSchema = {
  type: 'object',
  required: [
    '_id', 'notification_datetime', 'timezone', 'reminder', 'questionnaire', 'window_closes_at', 'status', 'delivered_at',
    'opened_at', 'answered_at', 'answered_late', 'delivery', 'trigger_submission_id',
  ],
  properties: {
    _id: { type: 'string' },
    notification_datetime: { type: 'string', format: 'date-time' },
    timezone: { type: 'string' },
    reminder: { type: 'boolean' },
    questionnaire: assessmentItemSchema,
    window_closes_at: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: [...EMA_TASK_STATUSES] },
    delivered_at: { type: ['string', 'null'], format: 'date-time' },
    opened_at: { type: ['string', 'null'], format: 'date-time' },
    answered_at: { type: ['string', 'null'], format: 'date-time' },
    answered_late: { type: 'boolean' },
    delivery: emaTaskDeliverySchema,
    trigger_submission_id: { type: ['string', 'null'], description: 'A follow-up prompt: the submission whose answer planned it' },
  },
} as const;

export const emaTasksQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { scope: { type: 'string', enum: [...EMA_TASK_SCOPES], default: 'upcoming' } },
} as const;

export const emaTasksSchema = {
  type: 'object',
  required: ['emaTasks'],
  properties: { emaTasks: { type: 'array', items: emaTaskSchema } },
} as const;

export const diaryTaskSchema = {
  type: 'object',
  required: ['_id', 'diary_task_start_date', 'questionnaire', 'number_of_days_required', 'timezone'],
  properties: {
    _id: { type: 'string' },
    diary_task_start_date: { type: 'string', format: 'date' },
    questionnaire: assessmentItemSchema,
    number_of_days_required: { type: 'integer' },
    timezone: { type: 'string' },
  },
} as const;

export const diaryTasksSchema = {
  type: 'object',
  required: ['diaryAxTasks', 'daysLeft'],
  properties: {
    diaryAxTasks: { type: 'array', items: diaryTaskSchema },
    daysLeft: { type: 'object', additionalProperties: { type: 'integer' } },
  },
} as const;

