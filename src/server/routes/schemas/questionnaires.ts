// Schemas of the questionnaire calls. Missing response settings take the editor's defaults.
import { CONSENT_MAX_CHARS } from '../../../shared/studyRules';
import { NUMBER_INPUT_LIMIT } from '../../../shared/limits';
import { MAX_CONDITIONS, MAX_QUESTIONS, MAX_RESPONSES_PER_QUESTION } from '../../../shared/questionnaire/rules';
import { MC_OPERATORS, MEDIA_SOURCES, PICKER_FORMATS, RESPONSE_TYPES, SCORE_METHODS, TEXT_OPERATORS, TEXT_OPERATORS_NUMERIC } from '../../../shared/questionnaire/types';
import { MAX_SCORES } from '../../../shared/questionnaire/scores';

const str = (max: number, fallback = '') => ({ type: 'string', maxLength: max, default: fallback }) as const;
const bool = (fallback: boolean) => ({ type: 'boolean', default: fallback }) as const;
/** Positions count from 0; a question's can reach MAX_QUESTIONS (one past the limit, which a rule refuses). */
const questionPosition = { type: 'integer', minimum: 0, maximum: MAX_QUESTIONS } as const;
const responsePosition = { type: 'integer', minimum: 0, maximum: MAX_RESPONSES_PER_QUESTION } as const;
const sliderEnd = { type: 'number', minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT } as const;

const responseSchema = {
  type: 'object',
  required: ['_id', 'type'],
  properties: {
    _id: { type: 'string', maxLength: 64 },
    position: { ...responsePosition, default: 0 },
    type: { type: 'string', enum: [...RESPONSE_TYPES] },
    validation: {
      type: 'object',
      default: {},
      properties: {
        required: bool(false),
        regex_string: str(200),
        identical_to_prev_question: bool(false),
        earlier: {
          type: ['object', 'null'],
          default: null,
          properties: { target_qpos: { ...questionPosition, type: ['integer', 'null'] }, target_rpos: { ...responsePosition, type: ['integer', 'null'] } },
        },
      },
    },
    choices: { type: ['string', 'null'], maxLength: 64, default: null },
    multiple: bool(false),
    /** Absent reads as false (issue 34 part 4); not defaulted, so questions saved before keep their content. */
    shuffle_choices: { type: 'boolean' },
    pre_label: str(500),
    post_label: str(500),
    number_only: bool(false),
    day: bool(false),
    hour: bool(true),
    minute: bool(true),
    picker_format: { type: 'string', enum: [...PICKER_FORMATS], default: 'hh mm A' },
    instruction_msg: str(2000),
    min: { ...sliderEnd, default: 0 },
    max: { ...sliderEnd, default: 10 },
    min_label: str(500),
    max_label: str(500),
    media_type: { type: 'string', enum: ['video', 'audio', 'image'], default: 'image' },
    media_source: { type: 'string', enum: [...MEDIA_SOURCES], default: 'uploaded' },
    media_url: str(2000),
  },
} as const;

export const conditionSchema = {
  type: 'object',
  required: ['dependent_qpos', 'dependent_response_pos', 'criterion_operator', 'criterion_value'],
  properties: {
    dependent_qpos: questionPosition,
    dependent_response_pos: responsePosition,
    criterion_operator: { type: 'string', enum: [...TEXT_OPERATORS_NUMERIC, ...TEXT_OPERATORS, ...MC_OPERATORS] },
    criterion_value: { type: 'string', maxLength: 500 },
  },
} as const;

export const questionSchema = {
  type: 'object',
  required: ['_id', 'other_info'],
  properties: {
    _id: { type: 'string', maxLength: 64 },
    question_num: str(50),
    html_question: { type: 'string', maxLength: CONSENT_MAX_CHARS, default: '' },
    guide: bool(false),
    html_guide: { type: 'string', maxLength: CONSENT_MAX_CHARS, default: '' },
    position: { ...questionPosition, default: 0 },
    dependency: {
      type: 'array',
      default: [],
      maxItems: MAX_CONDITIONS,
      items: { type: 'object', required: ['or'], properties: { or: { type: 'array', maxItems: MAX_CONDITIONS, items: conditionSchema } } },
    },
    other_info: { type: 'array', maxItems: MAX_RESPONSES_PER_QUESTION, items: responseSchema },
  },
} as const;

const editorSchema = { type: ['object', 'null'], properties: { _id: { type: 'string' }, email: { type: 'string' } } } as const;

export const questionnaireSummarySchema = {
  type: 'object',
  required: ['_id', 'chin_name', 'abbrev', 'createdAt', 'user'],
  properties: {
    _id: { type: 'string' },
    chin_name: { type: 'string' },
    abbrev: { type: 'string' },
    createdAt: { type: 'string' },
    user: editorSchema,
  },
} as const;

/** A page of a lab's questionnaires (the lab user's list and the system owner's assessment list). */
export const questionnaireListSchema = {
  type: 'object',
  required: ['qx_list', 'pages', 'page'],
  properties: { qx_list: { type: 'array', items: questionnaireSummarySchema }, pages: { type: 'integer' }, page: { type: 'integer' } },
} as const;

/**
 * A score (issue 34 part 2). Its name's form, its items and min_answered are checked by the shared rule
 * (scoresProblem), whose messages answer; the schema checks only the shape. One past MAX_SCORES passes, for the
 * rule's message.
 */
export const scoreSchema = {
  type: 'object',
  required: ['name', 'method', 'items', 'min_answered'],
  properties: {
    name: { type: 'string', maxLength: 200 },
    method: { type: 'string', enum: [...SCORE_METHODS] },
    items: {
      type: 'array',
      maxItems: MAX_QUESTIONS,
      items: {
        type: 'object',
        required: ['question_pos', 'response_pos'],
        properties: { question_pos: questionPosition, response_pos: responsePosition, reverse: bool(false) },
      },
    },
    min_answered: { type: 'integer', minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT },
  },
} as const;

const scoresSchema = { type: 'array', maxItems: MAX_SCORES + 1, items: scoreSchema } as const;

/**
 * Runs of shuffled questions (issue 34 part 4): positions, checked against the questions by the shared rule
 * (shufflesProblem), whose messages answer. There can be at most half as many runs as questions, and one more passes
 * for the rule's message.
 */
export const shuffleRunsSchema = {
  type: 'array',
  maxItems: Math.ceil(MAX_QUESTIONS / 2) + 1,
  items: {
    type: 'object',
    required: ['from_pos', 'to_pos'],
    additionalProperties: false,
    properties: { from_pos: questionPosition, to_pos: questionPosition },
  },
} as const;

/** The questions are answered as stored, which is the shape they were saved in (questionSchema). */
export const questionnaireSchema = {
  type: 'object',
  required: [...questionnaireSummarySchema.required, 'chin_content', 'scores', 'shuffle_runs'],
  properties: {
    ...questionnaireSummarySchema.properties,
    chin_content: { type: 'array', items: questionSchema },
    scores: scoresSchema,
    shuffle_runs: shuffleRunsSchema,
  },
} as const;

export const questionnaireSaveBodySchema = {
  type: 'object',
  required: ['chin_content'],
  properties: {
    chin_name: { type: 'string', maxLength: 500 },
    abbrev: { type: 'string', maxLength: 100 },
    chin_content: { type: 'array', maxItems: MAX_QUESTIONS + 1, items: questionSchema },
    /** Absent: the scores stay as they are. */
    scores: scoresSchema,
    /** Absent: the runs stay as they are. */
    shuffle_runs: shuffleRunsSchema,
  },
} as const;

export const mcSetSchema = {
  type: 'object',
  required: ['_id', 'name', 'questionnaire', 'choices'],
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    questionnaire: { type: 'string' },
    choices: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' }, position: { type: 'integer' } } },
    },
  },
} as const;

export const mcSetBodySchema = {
  type: 'object',
  required: ['name', 'choices'],
  properties: {
    name: { type: 'string', maxLength: 200 },
    choices: {
      type: 'array',
      maxItems: 200,
      items: { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string', maxLength: 500 }, value: { type: 'string', maxLength: 200 } } },
    },
  },
} as const;
