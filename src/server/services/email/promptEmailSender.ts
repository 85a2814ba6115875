// The prompt email sender (issue 33; PARTICIPANTS.md "Prompting"): every EMAIL_INTERVAL_SECONDS it claims the
// prompts and reminders due for email (repositories/promptEmails.ts: the same claim-with-token rule as the push
// sender's, so each is emailed once across server processes) and sends each through SMTP over a pooled
// connection. A mail server's temporary refusal (4xx) or absence is tried again with backoff while the window is
// open; a permanent refusal (5xx) is recorded. It runs on its own timer: a mail server that is down delays mail
// only, never pushes.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import { claimDueEmails, claimedEmails, deferEmail, finishEmail, releaseEmails, retireUnsentEmails, type ClaimedEmail } from '../../repositories/promptEmails';
import { newId } from '../../ids';
import { inPool, startSenderTimer } from '../push/senderLoop';
import { promptEmail, type EmailSettings } from './promptEmail';
import type { UnsubscribeTokens } from './unsubscribeToken';

/** Tasks claimed per statement. */
const CLAIM_BATCH = 200;
/** Emails under way at once, over at most POOL_CONNECTIONS connections. */
export const CONCURRENT_EMAILS = 20;
export const POOL_CONNECTIONS = 5;

export interface EmailTiming {
  /** How long a claim holds. */
  claimMs: number;
  /** How long a connection, the greeting or a reply may take before the try counts as a temporary failure. */
  timeoutMs: number;
  /** The first retry's wait; each next one doubles, up to EMAIL_RETRY_MAX_MS. */
  retryMs: number;
}

const EMAIL_TIMING: EmailTiming = { claimMs: 2 * 60_000, timeoutMs: 15_000, retryMs: 30_000 };
const EMAIL_RETRY_MAX_MS = 10 * 60_000;

export interface PromptEmailSenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs: number;
  smtpUrl: string;
  mailFrom: string;
  /** Signs the unsubscribe links. */
  tokens: UnsubscribeTokens;
  settings: EmailSettings;
  /** Tests: short waits. */
  timing?: EmailTiming;
}

export interface PromptEmailSender {
  /** Emails what is due now; answers how many emails the mail server took. */
  tick(): Promise<number>;
  close(): Promise<void>;
}

type Outcome = 'sent' | 'refused' | 'temporary';

/** A reply of 5xx is permanent (RFC 5321 section 4.2.1); every other failure (4xx, no connection, a timeout) is not. */
export function outcomeOf(error: unknown): Outcome {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? (error as { responseCode: unknown }).responseCode : null;
  return typeof code === 'number' && code >= 500 && code < 600 ? 'refused' : 'temporary';
}

/** The wait before the next try after `attempts` tries: doubling from the first, at most EMAIL_RETRY_MAX_MS. */
export function retryDelayMs(attempts: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), EMAIL_RETRY_MAX_MS);
}

export function createPromptEmailSender(options: PromptEmailSenderOptions): PromptEmailSender {
  const { db, log, tokens, settings } = options;
  const { claimMs, timeoutMs, retryMs } = options.timing ?? EMAIL_TIMING;
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: POOL_CONNECTIONS,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });

  async function send(task: ClaimedEmail): Promise<Outcome> {
    const mail = promptEmail(task, settings, tokens);
    try {
      await transport.sendMail({ from: options.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      return 'sent';
    } catch (error: unknown) {
      const outcome = outcomeOf(error);
      // Never the address: the task names whom it was for.
      log.warn({ taskId: task.id, attempt: task.email_attempts, outcome, responseCode: (error as { responseCode?: number }).responseCode, reason: error instanceof Error ? error.message : undefined }, 'prompt email failed');
      return outcome;
    }
  }

  /** Emails one claim's tasks; a send starts only while the claim holds for twice the timeout (as pushes do). */
  async function emailClaimed(ids: string[], token: string, untilMs: number): Promise<number> {
    const tasks = await claimedEmails(db, ids);
    const lastStart = untilMs - 2 * timeoutMs;
    const left: string[] = [];
    let sent = 0;
    await inPool(tasks, CONCURRENT_EMAILS, async (task) => {
      if (Date.now() > lastStart) {
        left.push(task.id);
        return;
      }
      const outcome = await send(task);
      const now = new Date();
      if (outcome === 'temporary') {
        const retryAt = now.getTime() + retryDelayMs(task.email_attempts, retryMs);
        // Past the window's end it would not be claimed again: recorded refused then, so the ledger says why.
        if (retryAt >= Date.parse(task.window_closes_at)) await finishEmail(db, task.id, 'refused', now.toISOString(), token);
        else await deferEmail(db, task.id, new Date(retryAt).toISOString(), token);
        return;
      }
      await finishEmail(db, task.id, outcome, now.toISOString(), token);
      if (outcome === 'sent') sent += 1;
    });
    await releaseEmails(db, left, token);
    return sent;
  }

  async function tick(): Promise<number> {
    await retireUnsentEmails(db, new Date().toISOString());
    let sent = 0;
    for (;;) {
      const claimedAt = Date.now();
      const token = newId();
      const untilMs = claimedAt + claimMs;
      const ids = await claimDueEmails(db, new Date(claimedAt).toISOString(), new Date(untilMs).toISOString(), CLAIM_BATCH, token);
      if (ids.length > 0) sent += await emailClaimed(ids, token, untilMs);
      if (ids.length < CLAIM_BATCH) return sent;
    }
  }

  const timer = startSenderTimer(tick, options.intervalMs, (error) => log.error({ err: error }, 'prompt email sender failed'));

  return {
    tick,
    async close() {
      await timer.stop();
      transport.close();
    },
  };
}
