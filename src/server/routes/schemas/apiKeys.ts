// Analysts' API keys (issue 36 part 2). The fields' rules (and messages) are the shared ones (shared/apiKeys.ts);
// the schema only bounds what a request may carry.
import { API_KEY_NAME_INPUT_MAX, API_KEY_STUDIES_INPUT_MAX } from '../../../shared/apiKeys';

export const newApiKeyBodySchema = {
  type: 'object',
  required: ['name', 'studyIds', 'expiresAt'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: API_KEY_NAME_INPUT_MAX },
    studyIds: { type: 'array', maxItems: API_KEY_STUDIES_INPUT_MAX, items: { type: 'string', minLength: 1, maxLength: 64 } },
    expiresAt: { type: 'string', maxLength: 40, description: 'ISO 8601 date-time, in the future and at most one year ahead' },
  },
} as const;

export const createdApiKeySchema = {
  type: 'object',
  required: ['id', 'key'],
  properties: {
    id: { type: 'string' },
    key: { type: 'string', description: 'The key itself, answered this once only' },
  },
} as const;

const apiKeySummarySchema = {
  type: 'object',
  required: ['id', 'name', 'prefix', 'studyIds', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    prefix: { type: 'string', description: "The key's first characters, to tell keys apart" },
    studyIds: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const apiKeyListSchema = { type: 'array', items: apiKeySummarySchema } as const;

export const keyStudyListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'code'],
    properties: { id: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' } },
  },
} as const;
