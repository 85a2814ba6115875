// Schemas of the research team's messages: the Participant List's send call and the app's list and read calls.
import { MESSAGE_RECIPIENTS_MAX, MESSAGE_TEXT_MAX_CHARS } from '../../../shared/inbox';

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** Bounds past the rule's own limits, so that the rule (with its message) judges a text or list just over them. */
export const sendMessageBody = {
  type: 'object',
  required: ['participantIds', 'text'],
  additionalProperties: false,
  properties: {
    participantIds: { type: 'array', maxItems: MESSAGE_RECIPIENTS_MAX * 2, items: idString },
    text: { type: 'string', maxLength: MESSAGE_TEXT_MAX_CHARS * 2 },
  },
} as const;

export const sendMessageAnswerSchema = {
  type: 'object',
  required: ['message', 'sent', 'pushed', 'emailed', 'unreached'],
  properties: {
    message: { type: 'string' },
    sent: { type: 'integer' },
    pushed: { type: 'integer' },
    emailed: { type: 'integer' },
    unreached: { type: 'integer', description: 'Neither pushed nor emailed: the app lists it when next opened' },
  },
} as const;

export const appMessageSchema = {
  type: 'object',
  required: ['_id', 'studyId', 'studyName', 'text', 'sentAt', 'readAt'],
  properties: {
    _id: { type: 'string' },
    studyId: { type: 'string' },
    studyName: { type: 'string' },
    text: { type: 'string' },
    sentAt: { type: 'string', format: 'date-time' },
    readAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const appMessagesSchema = {
  type: 'object',
  required: ['messages', 'unread'],
  properties: { messages: { type: 'array', items: appMessageSchema }, unread: { type: 'integer' } },
} as const;

export const messageReadSchema = { type: 'object', required: ['message'], properties: { message: appMessageSchema } } as const;

export const messageParam = { type: 'object', required: ['messageId'], properties: { messageId: idString } } as const;
