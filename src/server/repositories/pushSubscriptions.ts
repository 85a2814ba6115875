// Participants' Web Push subscriptions: one row per endpoint (a browser on a device).
import type { Db } from './db';
import type { PushSubscriptionRow } from '../db/types';
import type { PushSubscriptionBody } from '../../shared/push';

/**
 * Stores the subscription, or updates the one with its endpoint: its keys, and its owner (the participant now
 * signed in on that browser). One statement, so two identical requests at once store one row. `created` tells
 * whether the row is new.
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
  return { id: row.id, created: row.id === id };
}

/** Removes the participant's subscription with the endpoint, if they have one. */
export async function deleteSubscription(db: Db, participantId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('participant_id', '=', participantId).execute();
}

/** A push service said the subscription is gone (404 or 410). */
export async function removeSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function subscriptionsOf(db: Db, participantIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('participant_id', 'in', participantIds).execute();
}
