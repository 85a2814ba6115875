// One Web Push request to one subscription, and what its push service answered: the prompt sender and the
// research team's messages post the same way (aes128gcm, the endpoint as the WHATWG parser wrote it).
import webPush, { WebPushError, type RequestOptions } from 'web-push';
import type { PushSubscriptionRow } from '../../db/types';

export type PushAnswer =
  | { outcome: 'sent' }
  /** The push service no longer knows the subscription (404 or 410). */
  | { outcome: 'gone' }
  | { outcome: 'failed'; statusCode: number | null; reason: string | undefined };

export async function postPush(subscription: PushSubscriptionRow, body: string, options: RequestOptions): Promise<PushAnswer> {
  try {
    // As the WHATWG parser wrote it, which the host was judged by: web-push reads it with the legacy url.parse.
    const endpoint = new URL(subscription.endpoint).href;
    await webPush.sendNotification({ endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, { contentEncoding: 'aes128gcm', ...options });
    return { outcome: 'sent' };
  } catch (error: unknown) {
    const statusCode = error instanceof WebPushError ? error.statusCode : null;
    if (statusCode === 404 || statusCode === 410) return { outcome: 'gone' };
    return { outcome: 'failed', statusCode, reason: error instanceof Error && !(error instanceof WebPushError) ? error.message : undefined };
  }
}
