// One push of a payload to a participant's subscriptions, outside the prompt sender's claims: for messages the
// research team sends (services/messages). The same request as the prompt sender's (aes128gcm, VAPID, the
// allowed push service hosts); a subscription its push service calls gone (404, 410) is removed.
import type { Agent } from 'node:https';
import { postPush } from './postPush';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import { pushEndpointAllowed } from '../../../shared/push';
import { removeSubscription, subscriptionsOf } from '../../repositories/pushSubscriptions';
import type { VapidDetails } from './vapid';

/** How long a push service may take to answer; and how long it keeps a message for a phone that is off. */
const TIMEOUT_MS = 15_000;
const MESSAGE_TTL_SECONDS = 7 * 24 * 3600;

export interface PushPoster {
  /** Pushes the payload to every subscription of the participant; answers whether any push service took it. */
  push(participantId: string, payload: unknown): Promise<boolean>;
}

export interface PushPosterOptions {
  db: Db;
  vapid: VapidDetails;
  log: FastifyBaseLogger;
  endpointHosts: readonly string[];
  agent?: Agent;
}

export function createPushPoster(options: PushPosterOptions): PushPoster {
  const { db, vapid, log, endpointHosts, agent } = options;
  return {
    async push(participantId, payload) {
      const subscriptions = (await subscriptionsOf(db, [participantId])).filter((s) => pushEndpointAllowed(new URL(s.endpoint), endpointHosts));
      const outcomes = await Promise.all(
        subscriptions.map(async (s) => {
          const answer = await postPush(s, JSON.stringify(payload), {
            vapidDetails: vapid,
            TTL: MESSAGE_TTL_SECONDS,
            urgency: 'normal',
            timeout: TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          });
          if (answer.outcome === 'gone') await removeSubscription(db, s.id);
          // Neither the endpoint nor the keys are logged (they name the device to its push service).
          else if (answer.outcome === 'failed') log.warn({ subscriptionId: s.id, statusCode: answer.statusCode }, 'message push failed');
          return answer.outcome === 'sent';
        }),
      );
      return outcomes.includes(true);
    },
  };
}
