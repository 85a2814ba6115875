// The impact of Save Changes on a live study (issue 21): `POST …/edit_impact` answers it.
import { IMPACT_COUNT_KEYS, LIVE_EDIT_PARTS } from '../../../shared/types/liveEdits';

const counts = Object.fromEntries(IMPACT_COUNT_KEYS.map((key) => [key, { type: 'integer', minimum: 0 }]));

const countsSchema = { type: 'object', additionalProperties: false, required: [...IMPACT_COUNT_KEYS], properties: counts };

export const liveEditImpactSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['live', 'changes', 'total'],
  properties: {
    live: { type: 'boolean' },
    total: countsSchema,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'stage_id', 'group_id', 'group_name', 'part', 'participants', 'total'],
        properties: {
          key: { type: 'string' },
          stage_id: { type: 'string' },
          group_id: { type: 'string' },
          group_name: { type: 'string' },
          part: { type: 'string', enum: [...LIVE_EDIT_PARTS] },
          total: countsSchema,
          participants: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['participant_id', 'participant_code', 'pilot', ...IMPACT_COUNT_KEYS],
              properties: { participant_id: { type: 'string' }, participant_code: { type: 'string' }, pilot: { type: 'boolean' }, ...counts },
            },
          },
        },
      },
    },
  },
} as const;
