// Participants' Web Push subscriptions: one row per endpoint (a browser on a device).
import type { Db } from './db';
import type { PushSubscriptionRow } from '../db/types';
import type { PushSubscriptionBody } from '../../shared/push';
import { clearPushLost, markPushLost } from './participantDevices';

/**
 * Stores the subscription, or updates the one with its endpoint: its keys, and its owner (the participant now
 * signed in on that browser). One statement, so two identical requests at once store one row. `created` tells
 * whether the row is new. A push the participant had lost is working again.
 */
export async function saveSubscription(
  db: Db,
  participantId: string,
  body: PushSubscriptionBody,
  id: string,
  now: string,
): Promise<{ id: string; created: boolean }> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ id, participant_id: participantId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ participant_id: participantId, p256dh: body.keys.p256dh, auth: body.keys.auth, updated_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await clearPushLost(db, participantId);
  return { id: row.id, created: row.id === id };
}

/** Removes the participant's subscription with the endpoint, if they have one. */
export async function deleteSubscription(db: Db, participantId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('participant_id', '=', participantId).execute();
}

/**
 * A push service said the subscription is gone (404 or 410): it is removed, and its participant's device records
 * "push lost" (the Participant List shows it) until the app saves a new subscription.
 */
export async function removeSubscription(db: Db, id: string, now: string = new Date().toISOString()): Promise<void> {
  const removed = await db.deleteFrom('push_subscriptions').where('id', '=', id).returning('participant_id').executeTakeFirst();
  if (removed) await markPushLost(db, removed.participant_id, now);
}

export function subscriptionsOf(db: Db, participantIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('participant_id', 'in', participantIds).execute();
}
