// The push subscription rule the server judges by and the app can show before sending (src/shared/push.ts):
// counted without Buffer, so it runs in the browser too.
import { createECDH, randomBytes } from 'node:crypto';
import { pushEndpointProblem, pushSubscriptionProblem } from '../../src/shared/push';
import { participantMessages } from '../../src/shared/messages';
import { PUSH_ENDPOINT_MAX_CHARS } from '../../src/shared/limits';

function keys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('push subscription rule', () => {
  it('accepts an endpoint of exactly the longest length', () => {
    const endpoint = `https://push.example.org/${'a'.repeat(PUSH_ENDPOINT_MAX_CHARS - 'https://push.example.org/'.length)}`;
    expect(endpoint).toHaveLength(PUSH_ENDPOINT_MAX_CHARS);
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it('accepts what browsers send: an https endpoint, a P-256 point and a 16-byte secret, padded or not', () => {
    const k = keys();
    expect(pushSubscriptionProblem({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: k })).toBeNull();
    const padded = { p256dh: Buffer.from(k.p256dh, 'base64url').toString('base64').replace(/\+/g, '-').replace(/\//g, '_'), auth: `${k.auth}==` };
    expect(pushSubscriptionProblem({ endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', keys: padded })).toBeNull();
  });

  it.each([
    ['http', 'http://push.example.org/1', participantMessages.pushEndpointInvalid],
    ['wss', 'wss://push.example.org/1', participantMessages.pushEndpointInvalid],
    ['without a scheme', 'push.example.org/1', participantMessages.pushEndpointInvalid],
    ['one character too long', `https://push.example.org/${'a'.repeat(PUSH_ENDPOINT_MAX_CHARS - 'https://push.example.org/'.length + 1)}`, participantMessages.pushEndpointTooLong],
  ])('refuses an endpoint: %s', (_name, endpoint, message) => {
    expect(pushEndpointProblem(endpoint)).toBe(message);
    expect(pushSubscriptionProblem({ endpoint, keys: keys() })).toBe(message);
  });

  it('refuses keys of the wrong size or form', () => {
    const endpoint = 'https://push.example.org/1';
    const k = keys();
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    for (const bad of [
      { ...k, p256dh: compressed.getPublicKey('base64url', 'compressed') },
      { ...k, p256dh: k.p256dh.slice(1) },
      { ...k, p256dh: `${k.p256dh.slice(0, -1)}+` },
      { ...k, auth: randomBytes(15).toString('base64url') },
      { ...k, auth: '' },
    ]) {
      expect(pushSubscriptionProblem({ endpoint, keys: bad })).toBe(participantMessages.pushKeysInvalid);
    }
  });
});
