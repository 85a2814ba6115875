// Schemas of the study calls.
import type { FastifyRequest } from 'fastify';
import { readSettingsOf } from '../../services/studies/settingFields';
import { followupListEditSchema, followupRuleSchema } from './followups';
import { typedNumber } from './common';
import { FIRST_PAGE, MAX_PAGE_NUMBER, TEXT_INPUT_MAX_CHARS } from '../../../shared/limits';
import { ZONE_RULES } from '../../../shared/study/assessmentSettings';

/** An assessment list item (part 2 section 3), as answered. */
const assessmentItemSchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'abbrev'],
  properties: { _id: { type: 'string' }, chin_name: { type: 'string' }, abbrev: { type: 'string' } },
} as const;

const itemListSchema = { type: 'array', items: assessmentItemSchema } as const;

const periodSchema = {
  type: 'object',
  required: ['start_time', 'end_time'],
  properties: { start_time: { type: 'string' }, end_time: { type: 'string' } },
} as const;

/** Always answered (a setting stored without one reads as "setting"); optional in an edit, where it defaults to "setting". */
const zoneRuleSchema = {
  type: 'string',
  enum: ZONE_RULES,
  description:
    "Whose clock the schedule follows: 'setting' (the setting's timezone), 'participant' (the zone the phone reported at arrival, " +
    "POST /api/app/device; the setting's zone when none was reported) or 'follow_phone' (that zone at arrival, and future days " +
    're-planned in each new zone the phone reports). Every task keeps the zone it was planned in.',
} as const;

const emaSettingSchema = {
  type: 'object',
  required: [
    'questionnaire_list',
    'time_randomize',
    'time_list',
    'randomize_settings',
    'timezone',
    'number_of_days',
    'day_one_eq_same_day',
    'reminder_interval',
    'response_in',
  ],
  properties: {
    questionnaire_list: itemListSchema,
    time_randomize: { type: 'boolean' },
    time_list: { type: 'array', items: { type: 'string' } },
    randomize_settings: { type: 'array', items: periodSchema },
    timezone: { type: 'string' },
    number_of_days: { type: 'integer' },
    day_one_eq_same_day: { type: 'boolean' },
    reminder_interval: { type: 'integer' },
    response_in: { type: 'integer' },
    zone_rule: zoneRuleSchema,
  },
} as const;

const diarySettingSchema = {
  type: 'object',
  required: ['questionnaire_list', 'fix_start_date', 'start_date', 'number_of_days', 'timezone'],
  properties: {
    questionnaire_list: itemListSchema,
    fix_start_date: { type: 'boolean' },
    start_date: { type: ['string', 'null'] },
    number_of_days: { type: 'integer' },
    timezone: { type: 'string' },
    zone_rule: zoneRuleSchema,
  },
} as const;

const groupSchema = {
  type: 'object',
  required: [
    '_id',
    'name',
    'group_num',
    'stage',
    'ema_list',
    'diary_list',
    'questionnaire_list',
    'questionnaire_list_free_to_choose',
    'no_submission_limit_list',
    'followup_list',
  ],
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    group_num: { type: 'integer' },
    stage: { type: 'string' },
    ema_list: { type: 'array', items: emaSettingSchema },
    diary_list: { type: 'array', items: diarySettingSchema },
    questionnaire_list: itemListSchema,
    questionnaire_list_free_to_choose: { type: 'boolean' },
    no_submission_limit_list: itemListSchema,
    followup_list: { type: 'array', items: followupRuleSchema },
  },
} as const;

const stageSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    stage_num: { type: 'integer' },
    chin_name: { type: 'string' },
    chin_progress_message: { type: 'string' },
    chin_complete_message: { type: 'string' },
    consent_info: {
      type: 'object',
      properties: { consent_needed: { type: 'boolean' }, chin_content: { type: 'string' } },
    },
    participant_group_list: { type: 'array', items: groupSchema },
  },
} as const;

export const studySummarySchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'study_code', 'active_status', 'createdAt'],
  properties: {
    _id: { type: 'string' },
    chin_name: { type: 'string' },
    study_code: { type: 'string' },
    active_status: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

export const studySchema = {
  type: 'object',
  required: [...studySummarySchema.required, 'contact_person_name', 'contact_email', 'lab', 'stage_list'],
  properties: {
    ...studySummarySchema.properties,
    contact_person_name: { type: 'string' },
    contact_email: { type: 'string' },
    lab: { type: 'string' },
    stage_list: { type: 'array', items: stageSchema },
  },
} as const;

export const studyListSchema = {
  type: 'object',
  required: ['studies', 'pages', 'page'],
  properties: { studies: { type: 'array', items: studySummarySchema }, pages: { type: 'integer' }, page: { type: 'integer' } },
} as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

export const basicInfoBodySchema = {
  type: 'object',
  properties: { chin_name: text(2000), contact_person_name: text(2000), contact_email: text(2000) },
} as const;

/** Create Study's name; the shared rule answers a blank or long one with its message (studyRules.ts). */
export const createStudyBodySchema = {
  // Null: the specification's call sends no body (a blank study without a name).
  type: ['object', 'null'],
  properties: { chin_name: text(2000) },
} as const;

/** An activation: its message and the warnings that did not keep it from running (shared/study/activation.ts). */
export const activationAnswerSchema = {
  type: 'object',
  required: ['message', 'warnings'],
  properties: { message: { type: 'string' }, warnings: { type: 'array', items: { type: 'string' } } },
} as const;

/** A refused activation: the message and each problem that keeps the study from running (shared/study/activation.ts). */
export const activationRefusalSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } },
} as const;

export const consentBodySchema = {
  type: 'object',
  required: ['consent', 'consentNeeded'],
  properties: { consent: { type: 'string', maxLength: TEXT_INPUT_MAX_CHARS }, consentNeeded: { type: 'boolean' } },
} as const;

/*
 * Save Changes (edit_except_consent). Strict: unknown fields are dropped (the whole Study may be sent), every
 * kept field has its type and a bound, so no shape reaches the service that it cannot judge. Numbers of a
 * setting may be text, as a modal holds them: the shared rules then answer with their message. The bounds
 * sit above the rules' own limits (48 times, 366 days), so those limits answer with their messages.
 */
const refSchema = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 64 },
    {
      type: 'object',
      required: ['_id'],
      additionalProperties: false,
      properties: { _id: { type: 'string', minLength: 1, maxLength: 64 }, chin_name: text(500), abbrev: text(100) },
    },
  ],
} as const;

const refListSchema = { type: 'array', maxItems: 500, items: refSchema } as const;

/** A whole number as typed: a JSON number or short text. */

const timeText = text(16);

const emaSettingEditSchema = {
  type: 'object',
  additionalProperties: false,
  required: emaSettingSchema.required,
  properties: {
    questionnaire_list: refListSchema,
    time_randomize: { type: 'boolean' },
    time_list: { type: 'array', maxItems: 200, items: timeText },
    randomize_settings: {
      type: 'array',
      maxItems: 200,
      items: { type: 'object', additionalProperties: false, required: ['start_time', 'end_time'], properties: { start_time: timeText, end_time: timeText } },
    },
    timezone: text(64),
    number_of_days: typedNumber,
    day_one_eq_same_day: { type: 'boolean' },
    reminder_interval: typedNumber,
    response_in: typedNumber,
    zone_rule: text(32),
  },
} as const;

const diarySettingEditSchema = {
  type: 'object',
  additionalProperties: false,
  required: diarySettingSchema.required,
  properties: {
    questionnaire_list: refListSchema,
    fix_start_date: { type: 'boolean' },
    start_date: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 32 }] },
    number_of_days: typedNumber,
    timezone: text(64),
    zone_rule: text(32),
  },
} as const;

export const studyEditBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...basicInfoBodySchema.properties,
    stage_list: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['_id'],
        properties: {
          _id: { type: 'string', maxLength: 64 },
          chin_name: text(500),
          chin_progress_message: text(20000),
          chin_complete_message: text(20000),
          participant_group_list: {
            type: 'array',
            maxItems: 200,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['_id'],
              properties: {
                _id: { type: 'string', maxLength: 64 },
                name: text(500),
                ema_list: { type: 'array', maxItems: 50, items: emaSettingEditSchema },
                diary_list: { type: 'array', maxItems: 50, items: diarySettingEditSchema },
                questionnaire_list: refListSchema,
                no_submission_limit_list: refListSchema,
                followup_list: followupListEditSchema,
              },
            },
          },
        },
      },
    },
    apply_now: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 100 } },
  },
} as const;

/**
 * Save Changes' preValidation step after the caller's check: the settings' fields read as sent, before the
 * schema above coerces them (true into 1, null into 0); see services/studies/settingFields.ts.
 */
export async function readSettingTypes(request: FastifyRequest): Promise<void> {
  readSettingsOf(request.body);
}

export const pageQuerySchema = {
  type: 'object',
  properties: { pageNumber: { type: 'integer', minimum: FIRST_PAGE, maximum: MAX_PAGE_NUMBER, default: FIRST_PAGE } },
} as const;
