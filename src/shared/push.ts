// Web Push subscriptions (PARTICIPANTS.md "Prompting"): what the app sends from the browser's PushSubscription,
// and the rule the server judges it by. The browser gives an https endpoint of its push service and two keys:
// p256dh, an uncompressed P-256 public key (65 bytes), and auth, a 16-byte secret, both base64url.
import { participantMessages } from './messages/participant';
import { PUSH_ENDPOINT_MAX_CHARS } from './limits';

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushEndpointBody {
  endpoint: string;
}

/** What a notification carries to the app's service worker. */
export interface PushPayload {
  taskId: string;
  /** The prompt's task: the task itself for a prompt, the prompt it reminds of for a reminder. The app tags the
   * notification with it, so a reminder replaces its prompt's notification instead of adding a second. */
  promptId: string;
  studyId: string;
  questionnaire: { chin_name: string };
  window_closes_at: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** How many bytes a base64url text holds, or -1 when it is not one (counted, so the browser can judge it too). */
function base64urlBytes(text: string): number {
  if (!BASE64URL.test(text)) return -1;
  const chars = text.replace(/=+$/, '').length;
  return chars % 4 === 1 ? -1 : Math.floor((chars * 3) / 4);
}

/** The message for an endpoint the server cannot push to, or null. */
export function pushEndpointProblem(endpoint: string): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX_CHARS) return participantMessages.pushEndpointTooLong;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return participantMessages.pushEndpointInvalid;
  }
  return url.protocol === 'https:' && url.hostname !== '' ? null : participantMessages.pushEndpointInvalid;
}

/**
 * The web push services' hosts (Google's FCM, Mozilla's, Apple's, Microsoft's WNS) a subscription may name: the
 * server posts to the endpoint it is given, so any other host (one inside the server's own network, say) is
 * refused. `*.` stands for any subdomain. PUSH_ENDPOINT_HOSTS adds hosts (a test's own push service).
 * Chrome's own subscriptions name `jmt17.google.com` (Chromium 156 gives `https://jmt17.google.com/fcm/send/…`),
 * older ones and other Chromium browsers `fcm.googleapis.com`.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'jmt17.google.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** The answer (422) to a subscription whose endpoint is at no host the server pushes to. */
export const pushEndpointNotAllowed = 'The push endpoint must be at a web push service this server sends to';

/**
 * A host or host:port as an endpoint's address gives it (lowercase, IPv6 in brackets, no port for 443), or null
 * when `entry` is not one (PUSH_ENDPOINT_HOSTS).
 */
export function pushHostOf(entry: string): string | null {
  if (!/^[^/?#@\\\s*]+$/.test(entry)) return null;
  try {
    const url = new URL(`https://${entry}`);
    return url.pathname === '/' ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * Whether the server may post to the endpoint (an https address, see pushEndpointProblem): at one of
 * PUSH_SERVICE_HOSTS on the default port, or at a host (host:port) of `extraHosts`. An address written as an IP
 * (127.0.0.1, [::1], 10.0.0.1…) or `localhost` is at none of the services, so it passes only when named there.
 */
export function pushEndpointAllowed(endpoint: URL, extraHosts: readonly string[]): boolean {
  if (endpoint.protocol !== 'https:' || endpoint.username !== '' || endpoint.password !== '') return false;
  if (extraHosts.includes(endpoint.host)) return true;
  if (endpoint.port !== '') return false;
  const host = endpoint.hostname;
  return PUSH_SERVICE_HOSTS.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

/** The message for a subscription the server cannot push to, or null. */
export function pushSubscriptionProblem(body: PushSubscriptionBody): string | null {
  const endpoint = pushEndpointProblem(body.endpoint);
  if (endpoint) return endpoint;
  const key = base64urlBytes(body.keys.p256dh);
  // An uncompressed point starts with the byte 4, whose first six bits are base64's "B".
  if (key !== 65 || !body.keys.p256dh.startsWith('B')) return participantMessages.pushKeysInvalid;
  return base64urlBytes(body.keys.auth) === 16 ? null : participantMessages.pushKeysInvalid;
}
