// Schemas of random allocation (issue 34): the allocate call and its answer. Bounds lie past the shared rule's
// own limits (and numbers are not required whole here), so that the rule judges with its message.
import { MAX_ALLOCATION_GROUPS, MAX_ALLOCATION_PARTICIPANTS, MAX_BLOCK_SIZE, MAX_RATIO, MAX_SEED } from '../../../shared/allocation';

/** A number bounded far past the rule's own limits (the input bounds' check), which the rule judges with its message. */
const pastLimits = (limit: number) => ({ minimum: -limit, maximum: limit * 2 }) as const;

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const allocateBodySchema = {
  type: 'object',
  required: ['participantIds', 'stageId', 'groupIds', 'blockSize'],
  additionalProperties: false,
  properties: {
    participantIds: { type: 'array', maxItems: MAX_ALLOCATION_PARTICIPANTS * 2, items: idString, description: 'Enrolled participants of stage 1, in the order the list allocates them' },
    stageId: { type: 'string', maxLength: 64, description: 'A stage after stage 1' },
    groupIds: { type: 'array', maxItems: MAX_ALLOCATION_GROUPS * 2, items: idString, description: 'Groups of that stage, each once' },
    blockSize: { type: 'number', ...pastLimits(MAX_BLOCK_SIZE * 10), description: 'A multiple of the sum of the ratios' },
    seed: { type: 'number', ...pastLimits(MAX_SEED), description: 'A whole number from 0 to 2147483647; drawn by the server when left out' },
    ratios: {
      type: 'array',
      maxItems: MAX_ALLOCATION_GROUPS * 2,
      items: { type: 'number', ...pastLimits(MAX_RATIO * 10) },
      description: "Each group's share, in the order of groupIds (whole numbers from 1 to 20); 1 each when left out",
    },
  },
} as const;

export const allocateAnswerSchema = {
  type: 'object',
  required: ['seed', 'allocations'],
  properties: {
    seed: { type: 'integer', description: 'The seed used: the same seed and body give the same allocations' },
    allocations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['participantId', 'groupId'],
        properties: { participantId: { type: 'string' }, groupId: { type: 'string' } },
      },
    },
  },
} as const;

/** The standing rule's body: the allocate call's fields without the participants. */
export const allocationRuleBodySchema = {
  type: 'object',
  required: ['stageId', 'groupIds', 'blockSize'],
  additionalProperties: false,
  properties: {
    stageId: allocateBodySchema.properties.stageId,
    groupIds: allocateBodySchema.properties.groupIds,
    blockSize: allocateBodySchema.properties.blockSize,
    seed: allocateBodySchema.properties.seed,
    ratios: allocateBodySchema.properties.ratios,
  },
} as const;

export const allocationRuleSchema = {
  type: ['object', 'null'],
  description: 'The rule in force; null when the study has none',
  required: ['stageId', 'groupIds', 'ratios', 'blockSize', 'seed', 'allocatedCount', 'setAt'],
  properties: {
    stageId: { type: 'string' },
    groupIds: { type: 'array', items: { type: 'string' } },
    ratios: { type: 'array', items: { type: 'integer' } },
    blockSize: { type: 'integer' },
    seed: { type: 'integer', description: 'Drawn by the server when the rule was set without one' },
    allocatedCount: { type: 'integer', description: 'Participants allocated under this rule so far: the next one takes slot allocatedCount + 1' },
    setAt: { type: 'string', format: 'date-time' },
  },
} as const;
