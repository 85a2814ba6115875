// Schema pieces shared by the route plugins. Response schemas also decide what leaves the server: a field
// that is not listed (a password hash, say) is never serialised.
import { NUMBER_INPUT_LIMIT } from '../../../shared/limits';

export const idParam = (name: string) =>
  ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'string', minLength: 1, maxLength: 64 } },
  }) as const;

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export const accessEntrySchema = {
  type: 'object',
  required: ['area', 'modifier', 'task'],
  additionalProperties: false,
  properties: {
    area: { type: 'string', maxLength: 64 },
    modifier: { type: 'string', maxLength: 64 },
    task: { type: 'string', maxLength: 64 },
  },
} as const;

export const accessListSchema = { type: 'array', maxItems: 100, items: accessEntrySchema } as const;

export const labUserSchema = {
  type: 'object',
  required: ['_id', 'email', 'isLabManager', 'lab', 'createdAt'],
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    isLabManager: { type: 'boolean' },
    lab: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

export const labUserWithAccessSchema = {
  type: 'object',
  required: [...labUserSchema.required, 'access'],
  properties: { ...labUserSchema.properties, access: accessListSchema },
} as const;

export const labSchema = {
  type: 'object',
  required: ['_id', 'name', 'organization', 'organizationName', 'createdAt'],
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    organization: { type: 'integer' },
    organizationName: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

/** Error answers: every status other than success. */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
} as const;

/** Text fields are checked by the shared rules (with the specification's messages), not by the schema. */
export const looseString = { type: 'string', maxLength: 1000 } as const;

/** A number as the editors hold it: a number within the input limit, or its text; the shared rules say what is wrong with it. */
export const typedNumber = {
  anyOf: [{ type: 'number', minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT }, { type: 'string', maxLength: 32 }],
} as const;

/** Staff calls: a lab user's or the system owner's session token (plugins/auth.ts). */
export const bearerAuth = [{ bearerAuth: [] }];

/** Participant app calls: a participant's session token, never a staff one (plugins/participantAuth.ts). */
export const participantAuth = [{ participantAuth: [] }];

/** Calls anyone may make (sign-in, site settings, signed addresses): stated, so no call is left unsaid. */
export const noAuth = [];

/** The reads an analyst's API key may also make (plugins/apiKeyAuth.ts): a session token or a key. */
export const bearerOrApiKeyAuth: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiKeyAuth: [] }];
