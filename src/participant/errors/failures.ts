// The one way a failed call reaches the participant's screen. A failure carries the server's own words (the
// product's messages, src/shared/messages) or one of two markers the app sets: no answer from the server
// (api/client.ts) or a failure without words of the server's (a 5xx, a browser's or a library's error). The
// markers become the participant's words in their language (useFailureText.ts); a library's raw text is never
// shown. No React here: the service worker's outbox uses the markers too.
import { generalMessages } from '../../shared/messages/general';

/** No answer arrived: the phone is offline (or the server cannot be reached). */
export const OFFLINE_FAILURE = generalMessages.networkError;
/** The call failed without words the participant can use. */
export const OTHER_FAILURE = generalMessages.oops;

const WITHOUT_WORDS: ReadonlySet<string> = new Set([OTHER_FAILURE, generalMessages.serverError]);

export type FailureKey = 'errors.offline' | 'errors.failed';

/** The text key of a failure's message, or null when the message is the server's own words. */
export function failureKey(message: string): FailureKey | null {
  if (message === OFFLINE_FAILURE) return 'errors.offline';
  if (message.trim() === '' || WITHOUT_WORDS.has(message)) return 'errors.failed';
  return null;
}
