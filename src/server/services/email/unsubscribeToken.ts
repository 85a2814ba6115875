// The prompt email's unsubscribe token (RFC 8058): the participant's id with an HMAC of it under the server's
// secret, so the link works without a sign-in and cannot be made for another participant. It does not expire:
// an old email's link must still turn the emails off.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'prompt-emails-unsubscribe';

/** Makes and reads the tokens with the server's secret, which stays inside. */
export interface UnsubscribeTokens {
  tokenOf(participantId: string): string;
  /** The participant the token names, or null for one not made by this server. */
  participantOf(token: string): string | null;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  return { tokenOf: (id) => unsubscribeToken(secret, id), participantOf: (token) => participantOfUnsubscribeToken(secret, token) };
}

function mac(secret: string, participantId: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${participantId}`).digest();
}

export function unsubscribeToken(secret: string, participantId: string): string {
  return `${Buffer.from(participantId).toString('base64url')}.${mac(secret, participantId).toString('base64url')}`;
}

/** The participant the token names, or null for a token not made with this secret. */
export function participantOfUnsubscribeToken(secret: string, token: string): string | null {
  const [idPart, macPart, ...rest] = token.split('.');
  if (!idPart || !macPart || rest.length > 0) return null;
  const participantId = Buffer.from(idPart, 'base64url').toString('utf8');
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(secret, participantId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? participantId : null;
}
