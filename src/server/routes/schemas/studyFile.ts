// The study file's JSON Schema (issue 35 part 1): the one definition, published as the answer of
// GET /api/studies/{id}/design in the API description and checked against every file an import reads (after
// upgrading it to the current version). Bounds sit above the rules' own limits, so those answer with their
// messages; the rules (shared) judge the content.
import { MAX_FOLLOWUP_RULES, NUMBER_INPUT_LIMIT } from '../../../shared/limits';
import { CONSENT_MAX_CHARS } from '../../../shared/studyRules';
import { MAX_QUESTIONS } from '../../../shared/questionnaire/rules';
import { ZONE_RULES } from '../../../shared/study/assessmentSettings';
import { STUDY_FILE_FORMAT, STUDY_FILE_VERSION } from '../../../shared/studyFile/format';
import { questionSchema, scoreSchema, shuffleRunsSchema } from './questionnaires';
import { followupRuleSchema } from './followups';
import { studySchema } from './studies';
import { MAX_SCORES } from '../../../shared/questionnaire/scores';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const whole = { type: 'integer', minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT } as const;
const bool = { type: 'boolean' } as const;
const refText = text(100);
const refList = { type: 'array', maxItems: 500, items: refText } as const;
const timeText = text(16);
const zoneRule = { type: 'string', enum: ZONE_RULES } as const;
const MAX_STAGES = 100;
const MAX_GROUPS = 100;
const MAX_SETTINGS = 100;
const MAX_FILE_QUESTIONNAIRES = 500;

const emaSetting = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaire_list', 'time_randomize', 'time_list', 'randomize_settings', 'timezone', 'zone_rule', 'number_of_days', 'day_one_eq_same_day', 'reminder_interval', 'response_in'],
  properties: {
    questionnaire_list: refList,
    time_randomize: bool,
    time_list: { type: 'array', maxItems: 200, items: timeText },
    randomize_settings: {
      type: 'array',
      maxItems: 200,
      items: { type: 'object', additionalProperties: false, required: ['start_time', 'end_time'], properties: { start_time: timeText, end_time: timeText } },
    },
    timezone: text(64),
    zone_rule: zoneRule,
    number_of_days: whole,
    day_one_eq_same_day: bool,
    reminder_interval: whole,
    response_in: whole,
  },
} as const;

const diarySetting = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaire_list', 'fix_start_date', 'start_date', 'number_of_days', 'timezone', 'zone_rule'],
  properties: {
    questionnaire_list: refList,
    fix_start_date: bool,
    start_date: { type: ['string', 'null'], maxLength: 32 },
    number_of_days: whole,
    timezone: text(64),
    zone_rule: zoneRule,
  },
} as const;

/** A follow-up rule carried whole: fields added to rules later travel with it (additionalProperties). */
const followupRule = {
  type: 'object',
  additionalProperties: true,
  required: followupRuleSchema.required,
  properties: {
    ...followupRuleSchema.properties,
    trigger_questionnaire: refText,
    questionnaire_list: refList,
    after_minutes: whole,
    response_in: whole,
    reminder_interval: whole,
    max_per_day: whole,
  },
} as const;

const group = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'ema_list', 'diary_list', 'questionnaire_list', 'questionnaire_list_free_to_choose', 'no_submission_limit_list', 'followup_list'],
  properties: {
    name: text(500),
    ema_list: { type: 'array', maxItems: MAX_SETTINGS, items: emaSetting },
    diary_list: { type: 'array', maxItems: MAX_SETTINGS, items: diarySetting },
    questionnaire_list: refList,
    questionnaire_list_free_to_choose: bool,
    no_submission_limit_list: refList,
    followup_list: { type: 'array', maxItems: MAX_FOLLOWUP_RULES + 1, items: followupRule },
  },
} as const;

const stage = {
  type: 'object',
  additionalProperties: false,
  required: ['chin_name', 'chin_progress_message', 'chin_complete_message', 'consent_info', 'participant_group_list'],
  properties: {
    chin_name: text(2000),
    chin_progress_message: text(CONSENT_MAX_CHARS),
    chin_complete_message: text(CONSENT_MAX_CHARS),
    consent_info: {
      type: 'object',
      additionalProperties: false,
      required: ['consent_needed', 'chin_content'],
      properties: { consent_needed: bool, chin_content: text(CONSENT_MAX_CHARS) },
    },
    participant_group_list: { type: 'array', maxItems: MAX_GROUPS, items: group },
  },
} as const;

const choiceSet = {
  type: 'object',
  additionalProperties: false,
  required: ['ref', 'name', 'choices'],
  properties: {
    ref: text(64),
    name: text(200),
    choices: {
      type: 'array',
      maxItems: 200,
      items: { type: 'object', additionalProperties: false, required: ['name', 'value'], properties: { name: text(500), value: text(200) } },
    },
  },
} as const;

const questionnaire = {
  type: 'object',
  additionalProperties: false,
  required: ['ref', 'chin_name', 'abbrev', 'chin_content', 'scores', 'shuffle_runs', 'mc_sets'],
  properties: {
    ref: refText,
    chin_name: text(500),
    abbrev: refText,
    chin_content: { type: 'array', maxItems: MAX_QUESTIONS + 1, items: questionSchema },
    scores: { type: 'array', maxItems: MAX_SCORES + 1, items: scoreSchema },
    shuffle_runs: shuffleRunsSchema,
    mc_sets: { type: 'array', maxItems: 500, items: choiceSet },
  },
} as const;

const prompting = {
  type: 'object',
  additionalProperties: false,
  required: ['emailFallback', 'emailAfterMinutes', 'adherenceAlerts', 'alertResponseRate', 'alertPrompts', 'alertSilentHours'],
  properties: { emailFallback: bool, emailAfterMinutes: whole, adherenceAlerts: bool, alertResponseRate: whole, alertPrompts: whole, alertSilentHours: whole },
} as const;

export const studyFileSchema = {
  title: 'Study file',
  description:
    `A study's design with every questionnaire it uses (format "${STUDY_FILE_FORMAT}", version ${STUDY_FILE_VERSION}). ` +
    "Questionnaires are named by their code in the exporting lab (ref), choice sets by their ref, uploaded media by file name; stages and groups are numbered by their order.",
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'exported_at', 'study', 'stages', 'questionnaires', 'media'],
  properties: {
    format: { type: 'string', enum: [STUDY_FILE_FORMAT] },
    version: { type: 'integer', minimum: 1, maximum: STUDY_FILE_VERSION },
    exported_at: text(64),
    study: {
      type: 'object',
      additionalProperties: false,
      required: ['chin_name', 'contact_person_name', 'contact_email', 'prompting'],
      properties: { chin_name: text(2000), contact_person_name: text(2000), contact_email: text(2000), prompting },
    },
    stages: { type: 'array', maxItems: MAX_STAGES, items: stage },
    questionnaires: { type: 'array', maxItems: MAX_FILE_QUESTIONNAIRES, items: questionnaire },
    media: {
      type: 'array',
      maxItems: 5000,
      items: { type: 'object', additionalProperties: false, required: ['name', 'type'], properties: { name: text(500), type: { type: 'string', enum: ['video', 'audio', 'image'] } } },
    },
  },
} as const;

/**
 * What the import call's body must be before it is read: an object naming its format and version. The rest is
 * checked after the file is brought to the current version (the file's own schema above), so an older file is
 * not refused by today's shape.
 */
export const studyFileEnvelopeSchema = {
  type: 'object',
  description: 'A study file (see the answer of getStudyDesign); older format versions are upgraded before they are checked.',
  additionalProperties: true,
  properties: {
    format: text(200),
    version: { type: 'integer', minimum: 0, maximum: NUMBER_INPUT_LIMIT },
  },
} as const;

export const studyImportAnswerSchema = {
  type: 'object',
  required: ['study', 'summary'],
  properties: {
    study: studySchema,
    summary: {
      type: 'object',
      required: ['questionnaires', 'renamed', 'missing_media', 'zones_not_offered'],
      properties: {
        questionnaires: {
          type: 'array',
          items: { type: 'object', required: ['ref', '_id', 'abbrev'], properties: { ref: { type: 'string' }, _id: { type: 'string' }, abbrev: { type: 'string' } } },
        },
        renamed: { type: 'array', items: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } } },
        missing_media: { type: 'array', items: { type: 'string' } },
        zones_not_offered: {
          type: 'array',
          items: { type: 'object', required: ['zone', 'replaced_by'], properties: { zone: { type: 'string' }, replaced_by: { type: 'string' } } },
        },
      },
    },
  },
} as const;
