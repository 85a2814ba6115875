// The Web Push sender (PARTICIPANTS.md "Prompting"): every PUSH_INTERVAL_SECONDS it claims the EMA prompts and
// reminders whose moment has come and pushes each to every subscription of its participant. The claim
// (repositories/pushes.ts) makes each task pushed once across all server processes: one claim per batch, each
// with its own token and lease; no push starts late in a claim, and each is recorded once accepted. Each task's
// delivery ledger (issue 33) is written as it is done with: the push services' answer, when it was sent, and when
// it is due for email (emailDue.ts); a reminder whose prompt went by email is not pushed but emailed too.
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import type { PushSubscriptionRow } from '../../db/types';
import { pushEndpointAllowed, type PushPayload } from '../../../shared/push';
import {
  awaitSubscription,
  claimDuePushes,
  claimedPushes,
  deferPush,
  finishPushes,
  releasePushes,
  retireClosedPushes,
  type ClaimedPush,
} from '../../repositories/pushes';
import type { PushResult } from '../../../shared/delivery';
import { newId } from '../../ids';
import { postPush } from './postPush';
import { inPool, startSenderTimer } from './senderLoop';
import { groupWriter } from './groupWrite';
import { emailDueAt, mayEmail, wentByEmail } from './emailDue';
import { removeSubscription, subscriptionsOf } from '../../repositories/pushSubscriptions';
import type { VapidDetails } from './vapid';

/** Tasks claimed per statement. */
const CLAIM_BATCH = 500;
/** How long a claim holds, and how long a push service may take to answer before the push counts as failed. */
export interface PushTiming {
  claimMs: number;
  timeoutMs: number;
}

/** A claim far longer than a push may take, so no other process takes its tasks meanwhile (tests shorten both). */
const PUSH_TIMING: PushTiming = { claimMs: 2 * 60_000, timeoutMs: 15_000 };
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
  /** Tests: a claim and a timeout short enough to see a slow push service outlast a claim. */
  timing?: PushTiming;
}

export interface PushSender {
  readonly publicKey: string;
  /** Pushes what is due now; answers how many tasks reached at least one subscription. */
  tick(): Promise<number>;
  close(): Promise<void>;
}

type Outcome = 'sent' | 'gone' | 'failed';

/** How the sender ended with a task: pushed (accepted) or not, or left to its prompt's email. */
type Ending = { task: ClaimedPush; result: PushResult } | { task: ClaimedPush; followsPrompt: true };

/** The ledger of a task the sender is done with, at `now` (the moment its write runs). */
function ledgerOf(ending: Ending, now: string) {
  const { task } = ending;
  if ('followsPrompt' in ending) {
    return { id: task.id, push_result: null, sent_at: null, email_due_at: emailDueAt(task, { followsPrompt: true, moment: task.notification_datetime }) };
  }
  const sentAt = ending.result === 'accepted' ? now : null;
  return { id: task.id, push_result: ending.result, sent_at: sentAt, email_due_at: emailDueAt(task, { result: ending.result, at: now }) };
}

/** What the tries of one task came to, when no push service accepted it. */
function unpushed(outcomes: readonly Outcome[]): PushResult {
  if (outcomes.includes('failed')) return 'refused';
  return outcomes.length > 0 ? 'gone' : 'none';
}

/** One batch's claim: its token, and when it runs out. */
interface Claim {
  token: string;
  untilMs: number;
}


export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, vapid, log, agent, endpointHosts } = options;
  const { claimMs, timeoutMs } = options.timing ?? PUSH_TIMING;
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
    const answer = await postPush(subscription, JSON.stringify(payload), {
      headers: vapidHeaders(subscription.endpoint, nowMs),
      // The push service keeps it no longer than the window is open: a prompt shown after it is of no use.
      TTL: Math.max(0, Math.floor((Date.parse(task.window_closes_at) - nowMs) / 1000)),
      urgency: 'high',
      timeout: timeoutMs,
      ...(agent ? { agent } : {}),
    });
    if (answer.outcome === 'failed') {
      // Neither the endpoint (it names the device to its push service) nor the keys are logged.
      log.warn({ taskId: task.id, subscriptionId: subscription.id, statusCode: answer.statusCode, attempt: task.push_attempts, reason: answer.reason }, 'push failed');
    }
    return answer.outcome;
  }

  /**
   * Pushes the tasks of one claim. Each is recorded as soon as a push service accepted it (a process killed
   * mid-batch re-sends at most the pushes then in flight: a lane starts its next task only once its last is
   * recorded). A push starts only while the claim holds for twice the timeout (the push's longest wait, and as
   * long again to record it): the tasks left then are given back, never pushed after another process may have
   * claimed them.
   */
  async function pushClaimed(ids: string[], claim: Claim): Promise<number> {
    const tasks = await claimedPushes(db, ids);
    const subscriptions = await subscriptionsOf(db, [...new Set(tasks.map((t) => t.participant_id))]);
    const byParticipant = new Map<string, PushSubscriptionRow[]>();
    for (const s of subscriptions) {
      // One stored before its host was refused (or while PUSH_ENDPOINT_HOSTS named it) is not posted to; it is
      // kept, so that naming its host again brings it back.
      if (!pushEndpointAllowed(new URL(s.endpoint), endpointHosts)) continue;
      byParticipant.set(s.participant_id, [...(byParticipant.get(s.participant_id) ?? []), s]);
    }
    const done = groupWriter<Ending>((endings) => {
      const now = new Date().toISOString();
      return finishPushes(db, endings.map((e) => ledgerOf(e, now)), now, claim.token);
    });
    const lastStart = claim.untilMs - 2 * timeoutMs;
    const gone = new Set<string>();
    const left: string[] = [];
    let reached = 0;
    await inPool(tasks, CONCURRENT_PUSHES, async (task) => {
      // A reminder follows its prompt's channel: one emailed is reminded by email, not pushed.
      if (wentByEmail(task.prompt) && mayEmail(task)) {
        await done.record({ task, followsPrompt: true });
        return;
      }
      const devices = byParticipant.get(task.participant_id) ?? [];
      if (devices.length === 0 && !mayEmail(task)) {
        await awaitSubscription(db, task.id, new Date(Date.now() + PUSH_RETRY_MS).toISOString(), claim.token);
        return;
      }
      if (Date.now() > lastStart) {
        left.push(task.id);
        return;
      }
      let recorded: Promise<void> | null = null;
      const outcomes = await Promise.all(devices.map(async (s) => {
        const outcome = await send(task, s, Date.now());
        if (outcome === 'gone') gone.add(s.id);
        // Pushed once any device took it. Awaited once every device has answered; handled meanwhile, so that a
        // failed write is not an unhandled rejection while another device is still being pushed to.
        if (outcome === 'sent' && !recorded) {
          recorded = done.record({ task, result: 'accepted' });
          recorded.catch(() => undefined);
        }
        return outcome;
      }));
      if (recorded) {
        await recorded;
        reached += 1;
      } else if (!outcomes.includes('failed') || task.push_attempts >= PUSH_MAX_ATTEMPTS) {
        // No device, or every one gone, or the attempts ran out.
        await done.record({ task, result: unpushed(outcomes) });
      } else {
        await deferPush(db, task.id, new Date(Date.now() + PUSH_RETRY_MS).toISOString(), claim.token);
      }
    });
    for (const id of gone) await removeSubscription(db, id);
    await releasePushes(db, left, claim.token);
    return reached;
  }

  async function tick(): Promise<number> {
    await retireClosedPushes(db, new Date().toISOString());
    let reached = 0;
    for (;;) {
      // Each batch is a claim of its own: its own token, its lease counted from its own start.
      const claimedAt = Date.now();
      const claim: Claim = { token: newId(), untilMs: claimedAt + claimMs };
      const ids = await claimDuePushes(db, new Date(claimedAt).toISOString(), new Date(claim.untilMs).toISOString(), CLAIM_BATCH, claim.token);
      if (ids.length > 0) reached += await pushClaimed(ids, claim);
      if (ids.length < CLAIM_BATCH) return reached;
    }
  }

  const timer = startSenderTimer(tick, options.intervalMs, (error: unknown) => log.error({ err: error }, 'push sender failed'));

  return {
    publicKey: vapid.publicKey,
    tick,
    close: () => timer.stop(),
  };
}
