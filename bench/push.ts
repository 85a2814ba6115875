// The push sender (issue 19): 10,000 EMA prompts due in the same minute pushed to a local push endpoint within
// 60 s, each once. Each run starts the real server process (SQLite, a fresh data folder, PUSH_INTERVAL_SECONDS
// as deployed unless BENCH_PUSH_INTERVAL is set) with 10,000 participants written straight into its database
// (__tests__/server/support/duePrompts.ts), each with one prompt and a subscription at the test push service
// (HTTPS, its certificate trusted through NODE_EXTRA_CA_CERTS), which decrypts every push as it arrives and
// counts it by task. The prompts are made due in one statement; the time runs from then until the last task has
// arrived, then the service listens for another two ticks for duplicates. The reference in the same run: the
// same pushes, made ready beforehand, posted by one process at the sender's concurrency
// (bench/support/pushReference.ts), right after each sender run. Medians of BENCH_PUSH_RUNS (3).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database';
import { CONCURRENT_PUSHES } from '../src/server/services/push/pushSender';
import type { PushPayload } from '../src/shared/push';
import { PushTally, seedPrompts } from '../__tests__/server/support/duePrompts';
import { startPushService, type BrowserSubscription } from '../__tests__/server/support/pushService';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, seedStudyOverHttp, startServerProcess } from '../__tests__/server/support/serverProcess';
import type { ReferenceJob } from './support/pushReference';
import { cpuSeconds, referencePush, runReference } from './support/deliveryReference';
import type { Study } from '../src/shared/types/study';
import type { Benchmark } from './types';
import { median } from './support/stats';

const PROMPTS = Number(process.env.BENCH_PUSH_PROMPTS || 10_000);
const RUNS = Number(process.env.BENCH_PUSH_RUNS || 3);
/** The server's PUSH_INTERVAL_SECONDS; unset, the server's default (what a deployment runs). */
const INTERVAL = process.env.BENCH_PUSH_INTERVAL;
const WINDOW_MS = 30 * 60_000;
const TARGET_S = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SenderRun {
  /** From the moment the prompts became due until the last one arrived. */
  seconds: number;
  /** From the first push's arrival to the last (the sending itself, without waiting for the timer's tick). */
  sendingSeconds: number;
  lost: number;
  duplicates: number;
  unexpected: number;
  unreadable: number;
  serverCpuSeconds: number;
}

async function senderRun(tally: PushTally, subscriptions: BrowserSubscription[], service: { certFile: string; host: string }): Promise<{ run: SenderRun; job: ReferenceJob }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-push-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, LOG_LEVEL: 'warn', NODE_EXTRA_CA_CERTS: service.certFile, PUSH_ENDPOINT_HOSTS: service.host,
    ...(INTERVAL ? { PUSH_INTERVAL_SECONDS: INTERVAL } : {}),
  };
  const server = await startServerProcess(env, undefined, (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
  const { db } = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'portal.sqlite') });
  try {
    const seeded = await seedStudyOverHttp(server);
    const study = (await request<Study>(server, 'GET', `/api/studies/${seeded.studyId}`, seeded.manager)).body;
    const prompts = await seedPrompts(db, { studyId: study._id, stageId: study.stage_list[0]._id, groupId: seeded.groupId, questionnaireId: seeded.questionnaireId }, subscriptions);
    tally.reset();
    const cpuBefore = cpuSeconds(server.pid);
    let firstAt = 0;
    const firstSeen = setInterval(() => {
      if (!firstAt && tally.counts.size > 0) firstAt = Date.now();
    }, 5);
    const dueAt = await prompts.makeDue(WINDOW_MS);
    const all = await tally.until(PROMPTS, 180_000);
    clearInterval(firstSeen);
    const lastAt = tally.lastNewAt;
    // A duplicate would come with a later tick: listen through two more.
    await sleep(2 * Number(INTERVAL ?? 10) * 1000 + 1000);
    const counted = tally.check(prompts.taskIds);
    const run: SenderRun = {
      seconds: all ? (lastAt - dueAt) / 1000 : Infinity,
      sendingSeconds: all ? (lastAt - firstAt) / 1000 : Infinity,
      ...counted,
      unreadable: tally.unreadable + tally.strangers,
      serverCpuSeconds: cpuSeconds(server.pid) - cpuBefore,
    };
    // The reference posts the very pushes the sender made: the same payloads for the same subscriptions.
    const tasks = await db.selectFrom('tasks').select(['id', 'study_id', 'window_closes_at']).where('id', 'in', prompts.taskIds.slice(0, 1)).execute();
    const closes = tasks[0]?.window_closes_at ?? new Date(dueAt + WINDOW_MS).toISOString();
    const job: ReferenceJob = {
      concurrency: CONCURRENT_PUSHES,
      pushes: prompts.taskIds.map((taskId, i) => referencePush(taskId, study._id, subscriptions[i], closes, WINDOW_MS / 1000)),
    };
    return { run, job };
  } finally {
    await db.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ReferenceRun {
  seconds: number;
  cpuSeconds: number;
  lost: number;
  duplicates: number;
  failed: number;
}

async function referenceRun(tally: PushTally, job: ReferenceJob, certFile: string): Promise<ReferenceRun> {
  tally.reset();
  const { ms, cpuMs, failed } = await runReference(job, certFile);
  const counted = tally.check(job.pushes.map((p) => (JSON.parse(p.payload) as PushPayload).taskId));
  return { seconds: ms / 1000, cpuSeconds: cpuMs / 1000, lost: counted.lost, duplicates: counted.duplicates, failed };
}

export const push: Benchmark = {
  name: 'push',
  title: `Push sender: ${PROMPTS.toLocaleString('en-US')} EMA prompts due at once, pushed to a local HTTPS push service`,
  async run() {
    ensureServerBuild();
    const tally = new PushTally();
    const service = await startPushService({ onPush: tally.onPush });
    try {
      const subscriptions = Array.from({ length: PROMPTS }, () => service.subscribe());
      tally.watch(subscriptions);
      const senders: SenderRun[] = [];
      const references: ReferenceRun[] = [];
      for (let r = 0; r < RUNS; r += 1) {
        const { run: s, job } = await senderRun(tally, subscriptions, service);
        senders.push(s);
        const reference = await referenceRun(tally, job, service.certFile);
        references.push(reference);
        console.log(
          `run ${r + 1}: sender ${s.seconds.toFixed(2)} s from due (sending ${s.sendingSeconds.toFixed(2)} s, server CPU ${s.serverCpuSeconds.toFixed(1)} s), ` +
            `lost ${s.lost}, duplicates ${s.duplicates}; reference ${reference.seconds.toFixed(2)} s (CPU ${reference.cpuSeconds.toFixed(1)} s, lost ${reference.lost}, failed ${reference.failed})`,
        );
      }
      const seconds = median(senders.map((s) => s.seconds));
      const sending = median(senders.map((s) => s.sendingSeconds));
      const reference = median(references.map((r) => r.seconds));
      // CPU time: what the machine's other load hardly moves, unlike the times.
      const serverCpu = median(senders.map((s) => s.serverCpuSeconds));
      const referenceCpu = median(references.map((r) => r.cpuSeconds));
      return {
        measures: [
          { name: `all ${PROMPTS} pushed, from due to last arrival (median of ${RUNS})`, value: seconds, unit: 's', target: { op: '<=', value: TARGET_S } },
          { name: 'duplicates (all runs)', value: senders.reduce((n, s) => n + s.duplicates + s.unexpected, 0), unit: '', target: { op: '<=', value: 0 } },
          { name: 'lost (all runs)', value: senders.reduce((n, s) => n + s.lost + s.unreadable, 0), unit: '', target: { op: '<=', value: 0 } },
          { name: 'sending, first to last arrival (median)', value: sending, unit: 's' },
          { name: 'reference: the same pushes made ready, posted by one process (median)', value: reference, unit: 's' },
          { name: 'ratio reference / sending (time)', value: reference / sending, unit: '' },
          { name: 'server CPU per push (median)', value: (serverCpu / PROMPTS) * 1e6, unit: 'µs' },
          { name: 'reference CPU per push (median)', value: (referenceCpu / PROMPTS) * 1e6, unit: 'µs' },
          { name: 'ratio reference / server (CPU per push)', value: referenceCpu / serverCpu, unit: '' },
        ],
        details: { prompts: PROMPTS, runs: RUNS, pushIntervalSeconds: INTERVAL ?? 'server default', concurrency: CONCURRENT_PUSHES, senders, references },
      };
    } finally {
      await service.close();
    }
  },
};
