// The Activity call's schemas (issue 21): its filters and one page of audit entries.
import { AUDIT_KIND_LIST } from '../../../shared/audit';
import { NUMBER_INPUT_LIMIT } from '../../../shared/limits';

export const activityQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    studyId: { type: 'string', maxLength: 64, description: "A study's activity: any lab user of its lab, or the system owner" },
    labId: { type: 'string', maxLength: 64, description: "A lab's activity (the system owner; a lab manager always reads their own lab's)" },
    person: { type: 'string', maxLength: 320, description: 'Only what this email did' },
    kind: { type: 'string', enum: AUDIT_KIND_LIST },
    from: { type: 'string', format: 'date-time', maxLength: 40, description: 'From this instant (inclusive)' },
    to: { type: 'string', format: 'date-time', maxLength: 40, description: 'Up to this instant (exclusive)' },
    page: { type: 'integer', minimum: 1, maximum: NUMBER_INPUT_LIMIT, default: 1 },
  },
} as const;

const jsonValue = { description: 'Any JSON value (null when there was none)' } as const;

const activityEntrySchema = {
  type: 'object',
  required: ['seq', 'at', 'actorKind', 'actorId', 'actorEmail', 'kind', 'entityType', 'entityId', 'studyId', 'labId', 'changes'],
  properties: {
    seq: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actorKind: { type: 'string', enum: ['lab_user', 'system_owner', 'system', 'participant'] },
    actorId: { type: ['string', 'null'] },
    actorEmail: { type: ['string', 'null'] },
    kind: { type: 'string', enum: AUDIT_KIND_LIST },
    entityType: { type: 'string' },
    entityId: { type: ['string', 'null'] },
    studyId: { type: ['string', 'null'] },
    labId: { type: ['string', 'null'] },
    changes: {
      type: 'array',
      items: { type: 'object', required: ['field', 'before', 'after'], properties: { field: { type: 'string' }, before: jsonValue, after: jsonValue } },
    },
  },
} as const;

export const activityPageSchema = {
  type: 'object',
  required: ['entries', 'total', 'page', 'pageSize'],
  properties: {
    entries: { type: 'array', items: activityEntrySchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;
