// Reaching every participant (issue 33): 10,000 EMA prompts whose moments are spread over one minute, 30% of them
// for participants without a push subscription, sent by two server processes on one PostgreSQL database (the
// server's own timers, PUSH_INTERVAL_SECONDS and EMAIL_INTERVAL_SECONDS as deployed) to a local HTTPS push
// service and a local SMTP server. Every push is reported received as it arrives, as the phone's service worker
// does, and the study emails a push not received after one minute: so each prompt must arrive exactly once, by
// push or by email, and the run listens until every pushed prompt's email moment and two email ticks have passed.
// Lateness is each prompt's first arrival (at the push service, or at the SMTP server) after its moment.
// The reference in the same run: the very pushes and mails the servers sent, made ready beforehand and sent at once
// from one process (bench/support/pushReference.ts) at the senders' concurrency; the figure is the CPU per
// delivery, theirs to the servers'. Medians of BENCH_REACH_RUNS (3). PostgreSQL: BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local server at 127.0.0.1:5432.
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../src/server/db/types';
import { CONCURRENT_PUSHES } from '../src/server/services/push/pushSender';
import { CONCURRENT_EMAILS, POOL_CONNECTIONS } from '../src/server/services/email/promptEmailSender';
import { PushTally, seedPrompts } from '../__tests__/server/support/duePrompts';
import { ProcessScratch, query } from '../__tests__/server/support/ownDatabases';
import { startPushService, type BrowserSubscription } from '../__tests__/server/support/pushService';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, seedStudyOverHttp, startServerProcess, type ServerProcess } from '../__tests__/server/support/serverProcess';
import { startSmtp, type ReceivedMail } from '../__tests__/server/support/smtp';
import { cpuSeconds, referencePush, runReference } from './support/deliveryReference';
import type { ReferenceJob } from './support/pushReference';
import { median } from './support/stats';
import type { Benchmark } from './types';

const PROMPTS = Number(process.env.BENCH_REACH_PROMPTS || 10_000);
const RUNS = Number(process.env.BENCH_REACH_RUNS || 3);
const POSTGRES = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Every tenth, third and sixth … participant has no push: 30%, spread evenly over the minute. */
const withoutPush = (i: number) => i % 10 < 3;
const SPAN_MS = 60_000;
const WINDOW_MS = 30 * 60_000;
const EMAIL_AFTER_MINUTES = 1;
/** The server's default EMAIL_INTERVAL_SECONDS: a stray email would come within two of its ticks. */
const EMAIL_TICK_MS = 10_000;
const TARGET_S = 60;
const MAIL_FROM = 'Research Study <no-reply@localhost>';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the SMTP server received per task (a participant has one prompt here, so the address names the task). */
class MailTally {
  readonly counts = new Map<string, number>();
  readonly firstAt = new Map<string, number>();
  readonly firstRaw = new Map<string, string>();
  strangers = 0;
  private taskOf = new Map<string, string>();

  expect(emails: Map<string, string>): void {
    this.taskOf = new Map([...emails].map(([taskId, address]) => [address, taskId]));
  }

  readonly onMail = (mail: ReceivedMail): void => {
    for (const address of mail.to) {
      const taskId = this.taskOf.get(address);
      if (!taskId) {
        this.strangers += 1;
        continue;
      }
      const seen = this.counts.get(taskId) ?? 0;
      this.counts.set(taskId, seen + 1);
      if (seen === 0) {
        this.firstAt.set(taskId, mail.at);
        this.firstRaw.set(taskId, mail.raw);
      }
    }
  };

  reset(): void {
    this.counts.clear();
    this.firstAt.clear();
    this.firstRaw.clear();
    this.strangers = 0;
  }
}

interface ReachRun {
  /** Seconds after its moment that each prompt first arrived: the 50th and 99th percentile and the latest. */
  p50: number;
  p99: number;
  max: number;
  pushP50: number;
  emailP50: number;
  lost: number;
  /** A second push or email of one prompt, or an email of a prompt the phone reported received. */
  duplicates: number;
  strangers: number;
  /** CPU seconds of each server process over the run. */
  serverCpu: number[];
  /** The prompts that arrived by push and by email. */
  pushed: number;
  emailed: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Marks tasks received as their pushes arrive, in batches, as the phones' reports would. */
function receivedReporter(db: Kysely<Database>) {
  let pending: string[] = [];
  const flush = async () => {
    const ids = pending;
    pending = [];
    for (let i = 0; i < ids.length; i += 400) {
      await db.updateTable('tasks').set({ received_at: new Date().toISOString() }).where('id', 'in', ids.slice(i, i + 400)).where('received_at', 'is', null).execute();
    }
  };
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(flush);
  }, 500);
  return {
    add: (taskId: string) => pending.push(taskId),
    async stop() {
      clearInterval(timer);
      await running;
      await flush();
    },
  };
}

interface Scene {
  pushes: PushTally;
  mails: MailTally;
  smtpUrl: string;
  service: { certFile: string; host: string };
  subscriptions: (BrowserSubscription | null)[];
}

async function reachRun(scene: Scene): Promise<{ run: ReachRun; job: ReferenceJob }> {
  const scratch = new ProcessScratch('bench_reach', POSTGRES);
  const servers: ServerProcess[] = [];
  let db: Kysely<Database> | undefined;
  try {
    const databaseUrl = await scratch.database();
    const env = {
      DATABASE_URL: databaseUrl, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, LOG_LEVEL: 'warn', MAIL_FROM,
      NODE_EXTRA_CA_CERTS: scene.service.certFile, PUSH_ENDPOINT_HOSTS: scene.service.host, SMTP_URL: scene.smtpUrl,
    };
    // One after the other: the first makes the database's tables.
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    servers.push(await startServerProcess({ DATA_DIR: scratch.dataDir(), ...env }));
    const seeded = await seedStudyOverHttp(servers[0]);
    const prompting = await request(servers[0], 'PUT', `/api/studies/${seeded.studyId}/prompting`, seeded.manager, { emailFallback: true, emailAfterMinutes: EMAIL_AFTER_MINUTES });
    if (prompting.status !== 200) throw new Error(`prompting: ${prompting.status} ${JSON.stringify(prompting.body)}`);
    const [{ stage_id: stageId }] = await query<{ stage_id: string }>(databaseUrl, `SELECT stage_id FROM participant_groups WHERE id = '${seeded.groupId}'`);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: databaseUrl, max: 3 }) }) });
    const prompts = await seedPrompts(db, { studyId: seeded.studyId, stageId, groupId: seeded.groupId, questionnaireId: seeded.questionnaireId }, scene.subscriptions);
    const pushTasks = prompts.taskIds.filter((_, i) => scene.subscriptions[i]);
    const emailTasks = prompts.taskIds.filter((_, i) => !scene.subscriptions[i]);

    scene.pushes.reset();
    scene.mails.reset();
    scene.mails.expect(prompts.emails);
    const reporter = receivedReporter(db);
    scene.pushes.onFirst = reporter.add;
    const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
    const startAt = Date.now() + 3000;
    const moments = await prompts.spreadDue(startAt, SPAN_MS, WINDOW_MS);
    const lastMoment = Math.max(...moments.values());
    // Until everything arrived (or two minutes past the last moment), then through every pushed prompt's email moment.
    const giveUpAt = lastMoment + 120_000;
    while (Date.now() < giveUpAt && (scene.pushes.counts.size < pushTasks.length || scene.mails.counts.size < emailTasks.length)) await sleep(250);
    await sleep(Math.max(0, lastMoment + EMAIL_AFTER_MINUTES * 60_000 + 2 * EMAIL_TICK_MS + 5000 - Date.now()));
    const serverCpu = servers.map((s, i) => cpuSeconds(s.pid) - cpuBefore[i]);
    await reporter.stop();
    scene.pushes.onFirst = undefined;

    const pushed = scene.pushes.check(pushTasks);
    const emailedTwice = emailTasks.reduce((n, t) => n + Math.max(0, (scene.mails.counts.get(t) ?? 0) - 1), 0);
    const emailedLost = emailTasks.filter((t) => !scene.mails.counts.has(t)).length;
    const receivedButEmailed = pushTasks.filter((t) => scene.mails.counts.has(t)).length;
    const late = (arrivals: Map<string, number>, tasks: string[]) =>
      tasks.flatMap((t) => (arrivals.has(t) ? [((arrivals.get(t) ?? 0) - (moments.get(t) ?? 0)) / 1000] : [])).sort((a, b) => a - b);
    const pushLate = late(scene.pushes.firstAt, pushTasks);
    const emailLate = late(scene.mails.firstAt, emailTasks);
    const all = [...pushLate, ...emailLate].sort((a, b) => a - b);
    const run: ReachRun = {
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.length === PROMPTS ? all[all.length - 1] : Infinity,
      pushP50: percentile(pushLate, 50),
      emailP50: percentile(emailLate, 50),
      lost: pushed.lost + emailedLost,
      duplicates: pushed.duplicates + pushed.unexpected + emailedTwice + receivedButEmailed,
      strangers: scene.pushes.unreadable + scene.pushes.strangers + scene.mails.strangers,
      serverCpu,
      pushed: scene.pushes.firstAt.size,
      emailed: scene.mails.firstAt.size,
    };
    // The reference sends what the servers sent: the same pushes for the same subscriptions, the same mails.
    const closes = new Date(startAt + WINDOW_MS).toISOString();
    const job: ReferenceJob = {
      concurrency: CONCURRENT_PUSHES,
      pushes: pushTasks.map((taskId) => {
        const subscription = scene.subscriptions[prompts.taskIds.indexOf(taskId)];
        if (!subscription) throw new Error('a pushed task without a subscription');
        return referencePush(taskId, seeded.studyId, subscription, closes, WINDOW_MS / 1000);
      }),
      emails: {
        smtpUrl: scene.smtpUrl,
        // Both processes' senders together.
        concurrency: 2 * CONCURRENT_EMAILS,
        connections: 2 * POOL_CONNECTIONS,
        mails: emailTasks.flatMap((t) => {
          const raw = scene.mails.firstRaw.get(t);
          return raw ? [{ from: 'no-reply@localhost', to: prompts.emails.get(t) ?? '', raw }] : [];
        }),
      },
    };
    for (const s of servers) {
      const errors = s.logs().match(/"level":50.*$/m);
      if (errors) console.warn(`a server logged an error: ${errors[0].slice(0, 400)}`);
    }
    return { run, job };
  } finally {
    await db?.destroy();
    for (const s of servers) await s.stop();
    await scratch.remove();
  }
}

interface ReferenceRun {
  seconds: number;
  cpuSeconds: number;
  lost: number;
  failed: number;
}

async function referenceRun(scene: Scene, job: ReferenceJob): Promise<ReferenceRun> {
  scene.pushes.reset();
  scene.mails.reset();
  const times = await runReference(job, scene.service.certFile);
  const mails = job.emails?.mails.length ?? 0;
  // The SMTP server may still be taking the last mails' ends.
  const end = Date.now() + 10_000;
  while (scene.mails.counts.size < mails && Date.now() < end) await sleep(100);
  const lost = job.pushes.length - scene.pushes.counts.size + (mails - scene.mails.counts.size);
  return { seconds: times.ms / 1000, cpuSeconds: times.cpuMs / 1000, lost, failed: times.failed };
}

export const reach: Benchmark = {
  name: 'reach',
  title: `Reach: ${PROMPTS.toLocaleString('en-US')} EMA prompts due over one minute, 30% without push, two server processes, push and email`,
  async run() {
    ensureServerBuild();
    const pushes = new PushTally();
    const mails = new MailTally();
    const service = await startPushService({ onPush: pushes.onPush });
    const smtp = await startSmtp({ onMail: mails.onMail });
    try {
      const subscriptions = Array.from({ length: PROMPTS }, (_, i) => (withoutPush(i) ? null : service.subscribe()));
      pushes.watch(subscriptions.flatMap((s) => (s ? [s] : [])));
      const scene: Scene = { pushes, mails, smtpUrl: smtp.url, service, subscriptions };
      const runs: ReachRun[] = [];
      const references: ReferenceRun[] = [];
      for (let r = 0; r < RUNS; r += 1) {
        const { run, job } = await reachRun(scene);
        // The SMTP server keeps every mail for tests; a benchmark reads them through its tally only.
        smtp.mails.length = 0;
        runs.push(run);
        const reference = await referenceRun(scene, job);
        smtp.mails.length = 0;
        references.push(reference);
        const cpu = run.serverCpu.map((c) => c.toFixed(1)).join(' + ');
        console.log(
          `run ${r + 1}: lateness p50 ${run.p50.toFixed(2)} s, p99 ${run.p99.toFixed(2)} s, max ${run.max.toFixed(2)} s (push p50 ${run.pushP50.toFixed(2)}, email p50 ${run.emailP50.toFixed(2)}); ` +
            `pushed ${run.pushed}, emailed ${run.emailed}, lost ${run.lost}, duplicates ${run.duplicates}; server CPU ${cpu} s; ` +
            `reference ${reference.seconds.toFixed(2)} s (CPU ${reference.cpuSeconds.toFixed(1)} s, lost ${reference.lost}, failed ${reference.failed})`,
        );
      }
      const serverCpu = median(runs.map((r) => r.serverCpu.reduce((a, b) => a + b, 0)));
      const referenceCpu = median(references.map((r) => r.cpuSeconds));
      return {
        measures: [
          { name: `latest arrival after its moment (worst of ${RUNS} runs)`, value: Math.max(...runs.map((r) => r.max)), unit: 's', target: { op: '<=', value: TARGET_S } },
          { name: 'p99 lateness (median)', value: median(runs.map((r) => r.p99)), unit: 's', target: { op: '<=', value: TARGET_S } },
          { name: 'p50 lateness (median)', value: median(runs.map((r) => r.p50)), unit: 's' },
          { name: 'p50 lateness by push (median)', value: median(runs.map((r) => r.pushP50)), unit: 's' },
          { name: 'p50 lateness by email (median)', value: median(runs.map((r) => r.emailP50)), unit: 's' },
          { name: 'duplicates, second channel included (all runs)', value: runs.reduce((n, r) => n + r.duplicates + r.strangers, 0), unit: '', target: { op: '<=', value: 0 } },
          { name: 'lost (all runs)', value: runs.reduce((n, r) => n + r.lost, 0), unit: '', target: { op: '<=', value: 0 } },
          { name: 'reference: the same pushes and mails made ready, sent by one process (median)', value: median(references.map((r) => r.seconds)), unit: 's' },
          { name: 'server CPU per prompt, both processes (median)', value: (serverCpu / PROMPTS) * 1e6, unit: 'µs' },
          { name: 'reference CPU per prompt (median)', value: (referenceCpu / PROMPTS) * 1e6, unit: 'µs' },
          { name: 'ratio reference / servers (CPU per prompt)', value: referenceCpu / serverCpu, unit: '' },
        ],
        details: { prompts: PROMPTS, withoutPush: 0.3, spanSeconds: SPAN_MS / 1000, emailAfterMinutes: EMAIL_AFTER_MINUTES, runs, references },
      };
    } finally {
      await smtp.stop();
      await service.close();
    }
  },
};
