// The research team's messages to participants (issue 33, part 4): the limits, the texts both sides show, the
// rule a message must meet, and the calls' bodies and answers. The server refuses with these texts; the portal's
// dialog checks the same rule before sending.

/** A message is read on a phone: a few paragraphs at most. */
export const MESSAGE_TEXT_MAX_CHARS = 2000;
/** Participants one message may go to (a stage and group of a large study fits). */
export const MESSAGE_RECIPIENTS_MAX = 2000;
/** Messages the app's list shows, newest first. */
export const APP_MESSAGES_MAX = 200;

export const inboxTexts = {
  textRequired: 'Please write the message',
  textTooLong: `A message can have at most ${MESSAGE_TEXT_MAX_CHARS} characters`,
  noRecipients: 'Please choose at least one participant',
  tooManyRecipients: `A message can go to at most ${MESSAGE_RECIPIENTS_MAX} participants at once`,
  recipientNotInStudy: 'One of the chosen participants is not in this study',
  recipientWithdrawn: 'Withdrawn participants get no messages: leave them out',
  messageNotFound: 'Message not found',
  // The portal's dialog.
  button: 'Send Message',
  title: 'Send a message',
  recipients: 'Send to',
  everyoneListed: 'Everyone listed',
  choose: 'Choose the participants: one, several, or everyone listed (choose a stage and group above to list only them).',
  text: 'Message',
  confirm: 'Send',
  cancel: 'Cancel',
  close: 'Close',
  sending: 'Sending…',
  withdrawnLeftOut: 'Withdrawn participants are not listed: they get no messages.',
  charactersLeft: (left: number) => `${left} characters left`,
  confirmQuestion: (count: number) => `Send this message to ${count} participant${count === 1 ? '' : 's'}? It cannot be taken back.`,
} as const;

/** What the answer says happened; the same words in the dialog's result. */
export function sentSummary(answer: Pick<SendMessageAnswer, 'sent' | 'pushed' | 'emailed' | 'unreached'>): string {
  const ways = [`${answer.pushed} by push`, `${answer.emailed} by email`];
  if (answer.unreached > 0) ways.push(`${answer.unreached} will see it only when they open the app`);
  return `Message sent to ${answer.sent} participant${answer.sent === 1 ? '' : 's'}: ${ways.join(', ')}.`;
}

/** POST /api/participants/{studyId}/messages */
export interface SendMessageBody {
  participantIds: string[];
  text: string;
}

export interface SendMessageAnswer {
  message: string;
  sent: number;
  pushed: number;
  emailed: number;
  /** No working push subscription, and email could not be sent (mail off or refused): the app's list still has it. */
  unreached: number;
}

/** How a message reached the phone beside the app's list. */
export const MESSAGE_DELIVERIES = ['pushed', 'emailed', 'unreached'] as const;
export type MessageDelivery = (typeof MESSAGE_DELIVERIES)[number];

/** A message as the app lists it. */
export interface AppMessage {
  _id: string;
  studyId: string;
  studyName: string;
  text: string;
  sentAt: string;
  /** null until the app first showed it. */
  readAt: string | null;
}

/** GET /api/app/messages */
export interface AppMessagesAnswer {
  messages: AppMessage[];
  unread: number;
}

/** POST /api/app/messages/{id}/read */
export interface MessageReadAnswer {
  message: AppMessage;
}

/** The push a message sends (the service worker tells it from a prompt's by `kind`). */
export interface MessagePushPayload {
  kind: 'message';
  messageId: string;
  studyName: string;
  text: string;
}

/** The text as it is stored: the ends trimmed, line ends as \n. */
export function normalizedMessageText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Why the text cannot be sent, or null. */
export function messageTextProblem(text: string): string | null {
  const normalized = normalizedMessageText(text);
  if (normalized === '') return inboxTexts.textRequired;
  if (normalized.length > MESSAGE_TEXT_MAX_CHARS) return inboxTexts.textTooLong;
  return null;
}

/** Why the recipients cannot be sent to (as a list), or null. */
export function recipientsProblem(participantIds: readonly string[]): string | null {
  if (participantIds.length === 0) return inboxTexts.noRecipients;
  if (new Set(participantIds).size > MESSAGE_RECIPIENTS_MAX) return inboxTexts.tooManyRecipients;
  return null;
}

/** The email that carries a message to a participant without working push, in their app's language. */
export const messageEmailTexts = {
  en: {
    subject: (studyName: string) => `A message from ${studyName}`,
    intro: (studyName: string) => `The research team of ${studyName} sent you a message:`,
    open: 'Read it in the study app:',
  },
  'zh-Hant': {
    subject: (studyName: string) => `來自「${studyName}」的訊息`,
    intro: (studyName: string) => `「${studyName}」的研究團隊傳送了一則訊息給你：`,
    open: '請在研究應用程式中閱讀：',
  },
} as const;
