// This phone's push subscription: made with the server's VAPID key after the participant allowed notifications,
// stored through POST /api/app/push/subscriptions, removed (DELETE, then unsubscribe) when they sign out.
import type { PushSubscriptionBody } from '../../shared/push';
import { appCall } from '../api/client';
import { SERVICE_WORKER_SCOPE } from '../serviceWorkerLink/register';
import { browserTraits, pushAvailability, type PushAvailability } from './availability';

export interface PromptsState {
  availability: PushAvailability;
  /** Whether this phone holds a push subscription (and the server was given it). */
  subscribed: boolean;
}

/** A VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** The registration of the app's service worker, when one is registered (never waits for one). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
}

/** Where prompts stand on this phone; a subscription the phone holds is given to the server again (idempotent). */
export async function checkPrompts(): Promise<PromptsState> {
  const availability = pushAvailability(browserTraits());
  if (availability !== 'granted') return { availability, subscribed: false };
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return { availability, subscribed: false };
  // The server may have dropped it (its push service answered 410) or not stored it (offline when made). Not
  // waited for: the study screen is drawn once this check is done, and a slow network must not hold it.
  void appCall('POST', '/push/subscriptions', bodyOf(subscription)).catch(() => undefined);
  return { availability, subscribed: true };
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * Asks for notifications (the browser's question, so only from the participant's press), subscribes with the
 * server's VAPID key and gives the subscription to the server. A refusal is an answer, not a failure.
 */
export async function turnOnPrompts(): Promise<PromptsState> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { availability: permission === 'denied' ? 'denied' : 'ask', subscribed: false };
  const ready = await navigator.serviceWorker.ready;
  const { publicKey } = await appCall<{ publicKey: string }>('GET', '/push/key');
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  // One made with another key (the server's keys were replaced) cannot be pushed to any more.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await appCall('POST', '/push/subscriptions', bodyOf(subscription));
  return { availability: 'granted', subscribed: true };
}

/**
 * Before signing out: the server forgets the subscription and the phone ends it, so the next participant on this
 * phone is not prompted for this one's tasks. Offline, the DELETE fails but the phone still ends it: the push
 * service then answers 410 to the server, which removes it.
 */
export async function stopPrompts(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await appCall('DELETE', '/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}
