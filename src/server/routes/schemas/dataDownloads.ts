// Schemas of the data downloads' calls (routes/dataDownloads.ts).

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** A group id, or '' (as omitted) for every group of the stage. */
const optionalId = { type: 'string', maxLength: 64 } as const;

/** Participants one download may leave out: more than any study holds. */
export const MAX_EXCLUDED_PARTICIPANTS = 100_000;

/** Pilot participants' data is left out of every download unless asked (issue 20). */
const includePilot = { type: 'boolean', default: false, description: 'Include pilot participants (left out unless true)' } as const;

export const studyParam = { type: 'object', required: ['studyId'], properties: { studyId: idString } } as const;

export const textBodySchema = {
  type: 'object',
  required: ['stageId'],
  additionalProperties: false,
  properties: {
    stageId: idString,
    groupId: optionalId,
    excludedParticipantsIds: { type: 'array', maxItems: MAX_EXCLUDED_PARTICIPANTS, items: idString, default: [] },
    includePilot,
  },
} as const;

export const responseTimeBodySchema = {
  type: 'object',
  required: ['stageId'],
  additionalProperties: false,
  properties: { stageId: idString, groupId: optionalId, includeEma: { type: 'boolean' }, includePilot },
} as const;

export const analysisBodySchema = {
  type: 'object',
  required: ['stageId'],
  additionalProperties: false,
  properties: { stageId: idString, groupId: optionalId, includePilot },
} as const;

const fileAnswerSchema = {
  type: 'object',
  required: ['content', 'title'],
  properties: { content: { type: 'string', description: 'The file, base64' }, title: { type: 'string', description: 'The file name to save it under' } },
} as const;

const binary = { type: 'string', format: 'binary' } as const;

/** JSON {content, title}, or the file itself when the Accept header names its media type. */
export function fileAnswer(mediaType: string) {
  return {
    description: `{content, title} as JSON; the file itself (${mediaType}) when the Accept header names it`,
    content: { 'application/json': { schema: fileAnswerSchema }, [mediaType]: { schema: binary } },
  } as const;
}

export function streamOnly(mediaType: string) {
  return { description: `The file itself (${mediaType}), streamed`, content: { [mediaType]: { schema: binary } } } as const;
}
