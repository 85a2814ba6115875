// The Web Push sender (PARTICIPANTS.md "Prompting"): every PUSH_INTERVAL_SECONDS it claims the EMA prompts and
// reminders whose moment has come and pushes each to every subscription of its participant. The claim
// (repositories/pushes.ts) makes each task pushed once across all server processes.
import type { Agent } from 'node:https';
import webPush, { WebPushError, type RequestOptions } from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import type { PushSubscriptionRow } from '../../db/types';
import { pushEndpointAllowed, type PushPayload } from '../../../shared/push';
import { claimDuePushes, claimedPushes, deferPush, finishPushes, retireClosedPushes, type ClaimedPush } from '../../repositories/pushes';
import { removeSubscription, subscriptionsOf } from '../../repositories/pushSubscriptions';
import type { VapidDetails } from './vapid';

/** Tasks claimed per statement. */
const CLAIM_BATCH = 500;
/** How long a claim holds: far longer than a push takes (PUSH_TIMEOUT_MS), so no other process takes it meanwhile. */
const CLAIM_MS = 2 * 60_000;
/** A push service that does not answer within this is counted as a failure. */
const PUSH_TIMEOUT_MS = 15_000;
/** Pushes under way at once. */
export const CONCURRENT_PUSHES = 50;
/** A task none of whose subscriptions took it is tried again after this, up to PUSH_MAX_ATTEMPTS times. */
export const PUSH_RETRY_MS = 30_000;
export const PUSH_MAX_ATTEMPTS = 5;
/**
 * A VAPID token (a signed JWT naming the push service) may serve many pushes until it expires (RFC 8292
 * section 2): one is signed per push service and kept for VAPID_REUSE_MS, expiring VAPID_TOKEN_SECONDS after it
 * was signed (at most 24 hours are allowed). Signing one for every push was most of the sender's CPU.
 */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 60 * 60_000;

export interface PushSenderOptions {
  db: Db;
  vapid: VapidDetails;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Hosts beside the web push services' that endpoints may name (PUSH_ENDPOINT_HOSTS). */
  endpointHosts: readonly string[];
  /** An https agent for the push requests (tests: one that trusts their own push service's certificate). */
  agent?: Agent;
}

export interface PushSender {
  readonly publicKey: string;
  /** Pushes what is due now; answers how many tasks reached at least one subscription. */
  tick(): Promise<number>;
  close(): Promise<void>;
}

type Outcome = 'sent' | 'gone' | 'failed';

/** Runs `work` over the items, at most `limit` at once. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, vapid, log, agent, endpointHosts } = options;
  const tokens = new Map<string, { headers: Record<string, string>; renewAt: number }>();

  /** The Authorization header for a push to this endpoint's push service (its origin is the token's audience). */
  function vapidHeaders(endpoint: string, nowMs: number): Record<string, string> {
    const url = new URL(endpoint);
    const audience = `${url.protocol}//${url.host}`;
    const kept = tokens.get(audience);
    if (kept && kept.renewAt > nowMs) return kept.headers;
    const signed = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(nowMs / 1000) + VAPID_TOKEN_SECONDS);
    const headers = { Authorization: signed.Authorization };
    tokens.set(audience, { headers, renewAt: nowMs + VAPID_REUSE_MS });
    return headers;
  }

  async function send(task: ClaimedPush, subscription: PushSubscriptionRow, nowMs: number): Promise<Outcome> {
    const payload: PushPayload = {
      taskId: task.id,
      promptId: task.prompt_task_id ?? task.id,
      studyId: task.study_id,
      questionnaire: { chin_name: task.chin_name },
      window_closes_at: task.window_closes_at,
    };
    try {
      const requestOptions: RequestOptions = {
        headers: vapidHeaders(subscription.endpoint, nowMs),
        // The push service keeps it no longer than the window is open: a prompt shown after it is of no use.
        TTL: Math.max(0, Math.floor((Date.parse(task.window_closes_at) - nowMs) / 1000)),
        urgency: 'high',
        timeout: PUSH_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        ...(agent ? { agent } : {}),
      };
      // As the WHATWG parser wrote it, which the host was judged by: web-push reads it with the legacy url.parse.
      const endpoint = new URL(subscription.endpoint).href;
      await webPush.sendNotification({ endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), requestOptions);
      return 'sent';
    } catch (error: unknown) {
      const statusCode = error instanceof WebPushError ? error.statusCode : null;
      if (statusCode === 404 || statusCode === 410) return 'gone';
      // Neither the endpoint (it names the device to its push service) nor the keys are logged.
      log.warn({ taskId: task.id, subscriptionId: subscription.id, statusCode, attempt: task.push_attempts, reason: error instanceof Error && !(error instanceof WebPushError) ? error.message : undefined }, 'push failed');
      return 'failed';
    }
  }

  async function pushClaimed(ids: string[], nowMs: number): Promise<number> {
    const tasks = await claimedPushes(db, ids);
    const subscriptions = await subscriptionsOf(db, [...new Set(tasks.map((t) => t.participant_id))]);
    const byParticipant = new Map<string, PushSubscriptionRow[]>();
    for (const s of subscriptions) {
      // One stored before its host was refused (or while PUSH_ENDPOINT_HOSTS named it) is not posted to; it is
      // kept, so that naming its host again brings it back.
      if (!pushEndpointAllowed(new URL(s.endpoint), endpointHosts)) continue;
      byParticipant.set(s.participant_id, [...(byParticipant.get(s.participant_id) ?? []), s]);
    }
    const gone = new Set<string>();
    const done: string[] = [];
    let reached = 0;
    await inPool(tasks, CONCURRENT_PUSHES, async (task) => {
      const outcomes = await Promise.all((byParticipant.get(task.participant_id) ?? []).map(async (s) => {
        const outcome = await send(task, s, nowMs);
        if (outcome === 'gone') gone.add(s.id);
        return outcome;
      }));
      if (outcomes.includes('sent')) reached += 1;
      // Pushed once any device took it; tried again while none did and some failed, up to the bound.
      if (outcomes.includes('sent') || !outcomes.includes('failed') || task.push_attempts >= PUSH_MAX_ATTEMPTS) done.push(task.id);
      else await deferPush(db, task.id, new Date(Date.now() + PUSH_RETRY_MS).toISOString());
    });
    for (const id of gone) await removeSubscription(db, id);
    await finishPushes(db, done, new Date().toISOString());
    return reached;
  }

  async function tick(): Promise<number> {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    await retireClosedPushes(db, now);
    let reached = 0;
    for (;;) {
      const ids = await claimDuePushes(db, now, new Date(nowMs + CLAIM_MS).toISOString(), CLAIM_BATCH);
      if (ids.length > 0) reached += await pushClaimed(ids, nowMs);
      if (ids.length < CLAIM_BATCH) return reached;
    }
  }

  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = tick()
      .catch((error: unknown) => log.error({ err: error }, 'push sender failed'))
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  timer.unref();

  return {
    publicKey: vapid.publicKey,
    tick,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
