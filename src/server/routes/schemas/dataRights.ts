// The data-rights choice's schemas (issue 36 part 3). The date is read as a bounded string so that the shared
// rule's message (dataRightsProblem) answers one that is not a calendar date, as the page shows it.
const fields = {
  keepAnswersOnErasure: { type: 'boolean', description: "On a participant's erasure, keep their answers with no link to a person (true) or delete them (false); fixed once the study was activated or anyone joined" },
  retentionUntil: { type: ['string', 'null'], maxLength: 40, description: 'YYYY-MM-DD: after this date the answers and photos are deleted; null keeps them' },
} as const;

export const dataRightsSchema = {
  type: 'object',
  required: ['keepAnswersOnErasure', 'retentionUntil'],
  properties: {
    keepAnswersOnErasure: { type: 'boolean' },
    retentionUntil: { type: ['string', 'null'], maxLength: 10 },
  },
} as const;

/** A change names the fields it changes; the others keep their value. */
export const dataRightsBodySchema = { type: 'object', properties: fields } as const;
