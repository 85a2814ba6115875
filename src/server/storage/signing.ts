// HMAC signatures for the local store's upload and download addresses.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

export function signatureMatches(secret: string, signature: string, ...parts: string[]): boolean {
  const expected = Buffer.from(sign(secret, ...parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
