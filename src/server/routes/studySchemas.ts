// Schemas of the study calls.
const groupSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    group_num: { type: 'integer' },
    stage: { type: 'string' },
    ema_list: { type: 'array', items: {} },
    diary_list: { type: 'array', items: {} },
    questionnaire_list: { type: 'array', items: { type: 'string' } },
    questionnaire_list_free_to_choose: { type: 'boolean' },
    no_submission_limit_list: { type: 'array', items: { type: 'string' } },
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

export const consentBodySchema = {
  type: 'object',
  required: ['consent', 'consentNeeded'],
  properties: { consent: { type: 'string' }, consentNeeded: { type: 'boolean' } },
} as const;

/** Save Changes sends the whole study; the parts this version saves are listed, the rest is ignored. */
export const wholeStudyBodySchema = {
  type: 'object',
  properties: {
    ...basicInfoBodySchema.properties,
    stage_list: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['_id'],
        properties: {
          _id: { type: 'string' },
          chin_name: text(500),
          chin_progress_message: text(20000),
          chin_complete_message: text(20000),
          participant_group_list: {
            type: 'array',
            maxItems: 200,
            items: { type: 'object', required: ['_id'], properties: { _id: { type: 'string' }, name: text(500) } },
          },
        },
      },
    },
  },
} as const;

export const pageQuerySchema = {
  type: 'object',
  properties: { pageNumber: { type: 'integer', minimum: 1, default: 1 } },
} as const;
