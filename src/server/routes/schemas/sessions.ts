// The sign-in answers: a session, or (for an account with a second factor) the challenge of the code step.
import { SECOND_FACTOR_CODE_MAX_LENGTH } from '../../../shared/secondFactor';

export const labUserSessionSchema = {
  type: 'object',
  required: ['_id', 'token', 'expires', 'organization', 'lab', 'isLabManager', 'email'],
  properties: {
    _id: { type: 'string' },
    token: { type: 'string' },
    expires: { type: 'string' },
    organization: { type: 'integer' },
    lab: { type: 'string' },
    isLabManager: { type: 'boolean' },
    email: { type: 'string' },
    secondFactorSetupRequired: { type: 'boolean', enum: [true] },
  },
} as const;

export const ownerSessionSchema = {
  type: 'object',
  required: ['_id', 'token', 'expires', 'email'],
  properties: {
    _id: { type: 'string' },
    token: { type: 'string' },
    expires: { type: 'string' },
    email: { type: 'string' },
    secondFactorSetupRequired: { type: 'boolean', enum: [true] },
  },
} as const;

export const secondFactorChallengeSchema = {
  type: 'object',
  required: ['secondFactorRequired', 'challengeToken', 'methods'],
  properties: {
    secondFactorRequired: { type: 'boolean', enum: [true] },
    challengeToken: { type: 'string' },
    methods: { type: 'array', items: { type: 'string', enum: ['totp', 'recovery_code'] } },
  },
} as const;

/** A code as typed: an authenticator code or a recovery code. */
export const codeSchema = { type: 'string', minLength: 1, maxLength: SECOND_FACTOR_CODE_MAX_LENGTH } as const;

export const secondFactorStepBody = {
  type: 'object',
  required: ['challengeToken', 'code'],
  additionalProperties: false,
  properties: { challengeToken: { type: 'string', minLength: 1, maxLength: 128 }, code: codeSchema },
} as const;
