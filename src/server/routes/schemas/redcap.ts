// Schemas of the REDCap dictionary calls (issue 35 part 2).
import { REDCAP_DICTIONARY_MAX_BYTES, REDCAP_MEDIA_TYPE } from '../../../shared/redcap';
import { questionnaireSchema } from './questionnaires';

const csvText = { type: 'string', maxLength: REDCAP_DICTIONARY_MAX_BYTES, description: 'A REDCap data dictionary, UTF-8 (a byte-order mark is read too)' } as const;

export const redcapBodySchema = { content: { [REDCAP_MEDIA_TYPE]: { schema: csvText } } } as const;

export const redcapImportAnswerSchema = {
  type: 'object',
  required: ['questionnaires', 'notMapped'],
  properties: {
    questionnaires: { type: 'array', description: 'One new questionnaire per form, in the order of the dictionary', items: questionnaireSchema },
    notMapped: {
      type: 'array',
      description: 'What the portal could not carry: a field left out, a check not made, branching logic not shown',
      items: { type: 'object', required: ['field', 'reason'], properties: { field: { type: 'string' }, reason: { type: 'string' } } },
    },
  },
} as const;

export const redcapDictionaryAnswer = {
  description: "The questionnaire as a REDCap data dictionary (CSV, UTF-8 with a byte-order mark), to upload in REDCap's Data Dictionary page",
  content: { [REDCAP_MEDIA_TYPE]: { schema: { type: 'string' } } },
} as const;
