// The delivery ledger's values (issue 33, migration 0016): how a prompt or reminder reached the participant. One
// definition for the server that records them, the API that answers them and the pages that put them in words.

/** tasks.delivery_channel: the channel that carried it first. */
export const DELIVERY_CHANNELS = ['push', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * tasks.push_result: 'accepted' by a push service; 'refused' when every try failed; 'gone' when every subscription
 * was gone (404/410); 'none' when the participant had no push subscription.
 */
export const PUSH_RESULTS = ['accepted', 'refused', 'gone', 'none'] as const;
export type PushResult = (typeof PUSH_RESULTS)[number];

/** tasks.email_result: the mail server took it, or refused it (permanently or after the retries). */
export const EMAIL_RESULTS = ['sent', 'refused'] as const;
export type EmailResult = (typeof EMAIL_RESULTS)[number];
