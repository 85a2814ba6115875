// Schemas of the participant app's calls (PARTICIPANTS.md), documented under their own OpenAPI tag.
import { PARTICIPATION_STATUSES, EMA_TASK_STATUSES } from '../../../shared/types/participant';
import { TASK_EVENT_KINDS } from '../../../shared/types/participantApp';
import { MAX_ANSWER_CHARS, MAX_ANSWER_ITEMS } from '../../../shared/questionnaire/answers';
import { MAX_QUESTIONS } from '../../../shared/questionnaire/rules';
import { MAX_SHOWN_CHARS } from '../../../shared/questionnaire/piping';
import { EVENTS_PER_REPORT_MAX, NUMBER_INPUT_LIMIT } from '../../../shared/limits';
import { looseString, messageSchema, noAuth, participantAuth } from './common';
import { assessmentItemSchema, enrolmentTimeSchema, groupRefSchema } from './participants';
import { mcSetSchema, questionSchema, shuffleRunsSchema } from './questionnaires';

export const appTag = 'participant app';
export const appCommon = { tags: [appTag], security: participantAuth };
/** The account calls made before there is a session. */
export const appOpen = { tags: [appTag], security: noAuth };

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;
const moment = { type: 'string', format: 'date-time', maxLength: 40 } as const;

export const studyParam = { type: 'object', required: ['studyId'], properties: { studyId: idString } } as const;

export const appErrorResponses = {
  400: messageSchema,
  401: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  415: messageSchema,
  429: messageSchema,
  503: messageSchema,
} as const;

export const credentialsBody = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email: looseString, password: looseString },
} as const;

export const appSessionSchema = {
  type: 'object',
  required: ['token', 'expires', 'participant'],
  properties: {
    token: { type: 'string' },
    expires: { type: 'string', format: 'date-time' },
    participant: { type: 'object', required: ['_id', 'email'], properties: { _id: { type: 'string' }, email: { type: 'string' } } },
  },
} as const;

export const changePasswordBody = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: { currentPassword: looseString, newPassword: looseString },
} as const;

/** POST /api/app/me/delete (issue 36): the account's password, checked before the erasure. */
export const eraseAccountBody = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password: looseString },
} as const;

export const resetRequestBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: looseString },
} as const;

export const resetBody = {
  type: 'object',
  required: ['email', 'code', 'newPassword'],
  additionalProperties: false,
  properties: { email: looseString, code: { type: 'string', maxLength: 20 }, newPassword: looseString },
} as const;

export const joinBody = {
  type: 'object',
  required: ['studyCode'],
  additionalProperties: false,
  properties: { studyCode: { type: 'string', minLength: 1, maxLength: 16 } },
} as const;

export const consentBody = {
  type: 'object',
  required: ['agree'],
  additionalProperties: false,
  properties: { agree: { type: 'boolean' } },
} as const;

export const participationSchema = {
  type: 'object',
  required: ['_id', 'study', 'status', 'current_stage', 'current_group', 'consent', 'arrive_assigned', 'enrolment_time'],
  properties: {
    _id: { type: 'string' },
    study: {
      type: 'object',
      required: ['_id', 'chin_name', 'study_code'],
      properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, study_code: { type: 'string' } },
    },
    status: { type: 'string', enum: [...PARTICIPATION_STATUSES] },
    current_stage: {
      type: 'object',
      required: ['_id', 'chin_name', 'stage_num', 'chin_progress_message', 'chin_complete_message'],
      properties: {
        _id: { type: 'string' },
        chin_name: { type: 'string' },
        stage_num: { type: 'integer' },
        chin_progress_message: { type: 'string' },
        chin_complete_message: { type: 'string' },
      },
    },
    current_group: groupRefSchema,
    consent: {
      type: 'object',
      required: ['consent_needed', 'chin_content', 'keep_answers_on_erasure'],
      properties: {
        consent_needed: { type: 'boolean' },
        chin_content: { type: 'string' },
        keep_answers_on_erasure: { type: 'boolean', description: "The study's choice (issue 36): an erasure keeps the answers with no link to a person (true) or deletes them" },
      },
    },
    arrive_assigned: { type: 'boolean' },
    enrolment_time: { type: 'array', items: enrolmentTimeSchema },
  },
} as const;

export const participationsSchema = {
  type: 'object',
  required: ['participations'],
  properties: { participations: { type: 'array', items: participationSchema } },
} as const;

const emaTaskSchema = {
  type: 'object',
  required: ['_id', 'kind', 'prompt_id', 'questionnaire', 'notification_datetime', 'timezone', 'reminder', 'window_closes_at', 'status', 'followup', 'trigger_submission_id'],
  properties: {
    _id: { type: 'string' },
    kind: { type: 'string', enum: ['ema'] },
    /** A reminder's prompt; null for a prompt. */
    prompt_id: { type: ['string', 'null'] },
    questionnaire: assessmentItemSchema,
    notification_datetime: { type: 'string', format: 'date-time' },
    timezone: { type: 'string' },
    reminder: { type: 'boolean' },
    window_closes_at: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: [...EMA_TASK_STATUSES] },
    /** A follow-up prompt (issue 34 part 1), and the submission whose answer planned it. */
    followup: { type: 'boolean' },
    trigger_submission_id: { type: ['string', 'null'] },
  },
} as const;

const diaryTaskSchema = {
  type: 'object',
  required: ['_id', 'kind', 'questionnaire', 'diary_task_start_date', 'number_of_days_required', 'days_left', 'timezone'],
  properties: {
    _id: { type: 'string' },
    kind: { type: 'string', enum: ['diary'] },
    questionnaire: assessmentItemSchema,
    diary_task_start_date: { type: 'string', format: 'date' },
    number_of_days_required: { type: 'integer' },
    days_left: { type: 'integer' },
    timezone: { type: 'string' },
  },
} as const;

const openTaskSchema = {
  type: 'object',
  required: ['_id', 'kind', 'questionnaire', 'status'],
  properties: {
    _id: { type: 'string' },
    kind: { type: 'string', enum: ['once', 'anytime'] },
    questionnaire: assessmentItemSchema,
    status: { type: 'string', enum: ['planned', 'completed', 'cancelled'] },
  },
} as const;

export const tasksSchema = {
  type: 'object',
  required: ['ema', 'diary', 'once', 'anytime'],
  properties: {
    ema: { type: 'array', items: emaTaskSchema },
    diary: { type: 'array', items: diaryTaskSchema },
    once: { type: 'array', items: openTaskSchema },
    anytime: { type: 'array', items: openTaskSchema },
  },
} as const;

export const appQuestionnaireSchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'abbrev', 'createdAt', 'user', 'chin_content', 'shuffle_runs', 'mc_sets', 'media', 'earlier_answers'],
  properties: {
    _id: { type: 'string' },
    chin_name: { type: 'string' },
    abbrev: { type: 'string' },
    createdAt: { type: 'string' },
    user: { type: 'null' },
    chin_content: { type: 'array', items: questionSchema },
    shuffle_runs: shuffleRunsSchema,
    mc_sets: { type: 'array', items: mcSetSchema },
    media: {
      type: 'object',
      description: 'Signed addresses of the uploaded media files the questions show, by their stored key (media_url), valid until expiresAt',
      required: ['urls', 'expiresAt'],
      properties: { urls: { type: 'object', additionalProperties: { type: 'string' } }, expiresAt: { type: 'string', format: 'date-time' } },
    },
    earlier_answers: {
      type: 'object',
      description:
        "Piping: the participant's last answer in this study, as words, to each earlier questionnaire's question the texts quote (`{{MOOD.Q1}}`), by `MOOD.Q1` (the abbreviation in capitals); a question never answered is absent",
      additionalProperties: { type: 'string' },
    },
  },
} as const;

export const eventsBody = {
  type: 'object',
  required: ['events'],
  additionalProperties: false,
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: EVENTS_PER_REPORT_MAX,
      items: {
        type: 'object',
        required: ['taskId', 'kind', 'at'],
        additionalProperties: false,
        properties: { taskId: idString, kind: { type: 'string', enum: [...TASK_EVENT_KINDS] }, at: moment },
      },
    },
  },
} as const;

export const uploadBody = {
  type: 'object',
  required: ['contentType', 'size'],
  additionalProperties: false,
  properties: { contentType: { type: 'string', maxLength: 100 }, size: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const uploadAnswerSchema = {
  type: 'object',
  required: ['url', 'key', 'expiresAt'],
  properties: { url: { type: 'string' }, key: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
} as const;

/** A value's own type is kept (a list of types never coerces a value that already has one of them). */
export const responseBody = {
  type: 'object',
  required: ['submissionId', 'taskId', 'questionnaireId', 'startedAt', 'submittedAt', 'answers'],
  additionalProperties: false,
  properties: {
    submissionId: idString,
    taskId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
    questionnaireId: idString,
    startedAt: moment,
    submittedAt: moment,
    answers: {
      type: 'array',
      maxItems: MAX_ANSWER_ITEMS,
      items: {
        type: 'object',
        required: ['question_pos', 'response_pos', 'value'],
        additionalProperties: false,
        properties: {
          question_pos: { type: 'integer', minimum: 0, maximum: 100_000 },
          response_pos: { type: 'integer', minimum: 0, maximum: 1000 },
          value: {
            type: ['string', 'number', 'array'],
            maxLength: MAX_ANSWER_CHARS,
            minimum: -NUMBER_INPUT_LIMIT,
            maximum: NUMBER_INPUT_LIMIT,
            maxItems: 1000,
            items: { type: 'string', maxLength: 1000 },
          },
        },
      },
    },
    shown_order: {
      type: 'object',
      description: 'The order the questions (positions) and the choices of shuffled choice responses (values, by question position) were shown in',
      additionalProperties: false,
      properties: {
        questions: { type: 'array', maxItems: MAX_QUESTIONS + 1, items: { type: 'integer', minimum: 0, maximum: MAX_QUESTIONS } },
        choices: {
          type: 'object',
          maxProperties: MAX_QUESTIONS + 1,
          additionalProperties: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 1000 } },
        },
      },
    },
    shown_texts: {
      type: 'object',
      description:
        'Piping: the texts the questions showed, only those that quoted answers, by question position (0-based, written as a whole number without leading zeros; another key answers 400): `question` the text as words, `choices` the labels by choice value. Checked against the questionnaire filled from this answer (an earlier answer quoted may be any text); part of the idempotency fingerprint when sent',
      maxProperties: 1000,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          question: { type: 'string', maxLength: MAX_SHOWN_CHARS },
          choices: { type: 'object', maxProperties: 1000, additionalProperties: { type: 'string', maxLength: MAX_SHOWN_CHARS } },
        },
      },
    },
  },
} as const;

/** A stored thing's id (a push subscription). */
export const storedIdSchema = { type: 'object', required: ['_id'], properties: { _id: { type: 'string' } } } as const;

/** A stored answer: its id and its scores by name (a number, or null when too few of its items were answered). */
export const responseAnswerSchema = {
  type: 'object',
  required: ['_id', 'scores'],
  properties: {
    _id: { type: 'string' },
    scores: { type: 'object', additionalProperties: { type: ['number', 'null'] } },
  },
} as const;

/** A refused answer (400): the message, and the question and response at fault when one is. */
export const answerRefusalSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, question_pos: { type: 'integer' }, response_pos: { type: 'integer' } },
} as const;

/** Bounds far past the rule's (shared/push.ts), so that the rule's message answers for anything a browser sends. */
const pushEndpoint = { type: 'string', minLength: 1, maxLength: 8192 } as const;
const pushKey = { type: 'string', minLength: 1, maxLength: 1000 } as const;

export const pushKeySchema = { type: 'object', required: ['publicKey'], properties: { publicKey: { type: 'string' } } } as const;

export const pushSubscriptionBody = {
  type: 'object',
  required: ['endpoint', 'keys'],
  // A browser's PushSubscription.toJSON() also carries expirationTime: accepted and not kept.
  properties: {
    endpoint: pushEndpoint,
    keys: { type: 'object', required: ['p256dh', 'auth'], properties: { p256dh: pushKey, auth: pushKey } },
  },
} as const;

export const pushEndpointBody = {
  type: 'object',
  required: ['endpoint'],
  additionalProperties: false,
  properties: { endpoint: pushEndpoint },
} as const;
