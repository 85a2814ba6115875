// Answers: what phones send, against the least a durable answer can cost. The study, its 20-question
// questionnaire and 500 participants are set up over HTTP as a researcher and the app would
// (support/answerStudy.ts); then autocannon at 50 connections posts 20-item answers (5 single choices, 5
// sliders, 5 numbers, 5 texts), each a new submission (its own submissionId) of one of the participants, round
// robin, to the real server process (SQLite, synchronous=FULL: every 201 is on disk). In the same run the same
// bodies go to two bare Node servers, each in its own process, that append each body to a file and answer 201
// once an fdatasync covers it (support/bareAppendServer.ts): one syncs once per request, the other groups the
// syncs of concurrent requests (one sync in flight serves every body written before it started), as the server
// commits many answers per sync. The target is measured against the faster of the two in each run, the least a
// durable answer cost there and then (docs/decisions.md). RUNS runs
// (3 by default), each timing the three in turn, the order rotating from run to run; medians are reported, and
// each ratio is the median of the runs' ratios. After each run the stored answers are counted: every 2xx must
// be there. With BENCH_CPU_PROFILE=1 the server runs under `node --cpu-prof` (main thread and answer writer
// thread each write a profile) and the run ends with where their time went.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/database';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, startServerProcess } from '../__tests__/server/support/serverProcess';
import { seedAnswerStudy, type AnswerStudy } from './support/answerStudy';
import { summariseProfile } from './support/cpuProfile';
import { loadSettings, measureTarget, type LoadFigures, type LoadTarget } from './support/load';
import { startTsHelper } from './support/process';
import type { Benchmark } from './types';
import { median } from './support/stats';

const PARTICIPANTS = Number(process.env.BENCH_ANSWER_PARTICIPANTS || 500);
const ITEMS = 20;
const RUNS = Number(process.env.BENCH_ANSWER_RUNS || 3);

type ReferenceFigures = LoadFigures & { answersPerSecond: number };

interface RunFigures {
  real: LoadFigures & { answersPerSecond: number; stored: number; failed: number };
  /** The bare append with one fdatasync per request. */
  bare: ReferenceFigures;
  /** The bare append grouping the fdatasync of concurrent requests. */
  grouped: ReferenceFigures;
  ratio: number;
  groupedRatio: number;
  /** Against the faster of the two references in this run: the least a durable answer cost here and now. */
  leastRatio: number;
  loadAverage: number;
}

/** Requests as a phone sends them: a new submissionId each, the participants in turn. */
export function answerRequests(study: AnswerStudy, prefix: string): autocannon.Request[] {
  let sent = 0;
  const answers = JSON.stringify(study.answers);
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        sent += 1;
        const p = study.participants[sent % study.participants.length];
        const now = new Date().toISOString();
        return {
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          body: `{"submissionId":"${prefix}-${sent}","taskId":"${p.taskId}","questionnaireId":"${study.questionnaireId}","startedAt":"${now}","submittedAt":"${now}","answers":${answers}}`,
        };
      },
    },
  ];
}

function printProfiles(dir: string) {
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = summariseProfile(path.join(dir, file), 20);
    console.log(`CPU profile ${file} (idle ${profile.idlePercent} %)`);
    for (const entry of profile.top) console.log(`  ${entry.selfPercent.toFixed(1).padStart(5)} %  ${entry.name}`);
  }
}

export const participantAnswers: Benchmark = {
  name: 'answers',
  title: `Answers: ${PARTICIPANTS} participants, ${ITEMS}-item answers over HTTP (SQLite synchronous=FULL) vs a bare append with fdatasync, per request and grouped`,
  async run() {
    const settings = loadSettings();
    const logLevel = process.env.BENCH_LOG_LEVEL || 'info';
    ensureServerBuild();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-answers-'));
    const profileDir = process.env.BENCH_CPU_PROFILE === '1' ? path.join(__dirname, 'results', 'profiles', `answers-${Date.now()}`) : null;
    if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
    const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
    const env = { DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, LOG_LEVEL: logLevel };
    // Set up by a server of its own; the one measured (and profiled) starts afterwards on the same data, so its
    // figures and profile hold only answers.
    let study: AnswerStudy;
    const setup = await startServerProcess(env, undefined, [], 'ignore');
    try {
      study = await seedAnswerStudy(setup, PARTICIPANTS);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    } finally {
      await setup.stop();
    }
    const server = await startServerProcess(env, undefined, nodeArgs, 'ignore');
    // Only to count what was stored; the study is set up over HTTP.
    const { db } = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'portal.sqlite') });
    const bareServer = path.join(__dirname, 'support', 'bareAppendServer.ts');
    const bare = await startTsHelper(bareServer, { BARE_APPEND_FILE: path.join(dataDir, 'bare-answers.jsonl'), BARE_APPEND_SYNC: 'each' });
    const grouped = await startTsHelper(bareServer, { BARE_APPEND_FILE: path.join(dataDir, 'grouped-answers.jsonl'), BARE_APPEND_SYNC: 'grouped' }).catch(async (error: unknown) => {
      await bare.stop();
      throw error;
    });
    try {
      const responsesPath = `/api/app/studies/${study.studyId}/responses`;
      const real: LoadTarget = { url: server.url(responsesPath), headers: {}, pid: server.pid, requests: answerRequests(study, 'bench') };
      const reference: LoadTarget = { url: `http://127.0.0.1:${bare.port}${responsesPath}`, headers: {}, pid: bare.pid, requests: answerRequests(study, 'bare') };
      const groupedReference: LoadTarget = { url: `http://127.0.0.1:${grouped.port}${responsesPath}`, headers: {}, pid: grouped.pid, requests: answerRequests(study, 'grouped') };
      const count = async () => Number((await db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const seconds = settings.durationSeconds;

      if (settings.warmupSeconds > 0) {
        await measureTarget(real, settings.connections, settings.warmupSeconds);
        await measureTarget(reference, settings.connections, settings.warmupSeconds);
        await measureTarget(groupedReference, settings.connections, settings.warmupSeconds);
      }
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        let r: RunFigures['real'] | undefined;
        let b: ReferenceFigures | undefined;
        let g: ReferenceFigures | undefined;
        const timeReference = async (target: LoadTarget): Promise<ReferenceFigures> => {
          const figures = await measureTarget(target, settings.connections, seconds);
          return { ...figures, answersPerSecond: figures.ok / seconds };
        };
        const timings = [
          async () => {
            const before = await count();
            const figures = await measureTarget(real, settings.connections, seconds);
            r = { ...figures, answersPerSecond: figures.ok / seconds, stored: (await count()) - before, failed: figures.requests - figures.ok + figures.errors };
          },
          async () => {
            b = await timeReference(reference);
          },
          async () => {
            g = await timeReference(groupedReference);
          },
        ];
        // The order rotates from run to run: the machine's other load changes from second to second.
        for (let k = 0; k < timings.length; k += 1) await timings[(i + k) % timings.length]();
        if (!r || !b || !g) throw new Error('a target was not timed');
        const run: RunFigures = {
          real: r,
          bare: b,
          grouped: g,
          ratio: r.answersPerSecond / b.answersPerSecond,
          groupedRatio: r.answersPerSecond / g.answersPerSecond,
          leastRatio: r.answersPerSecond / Math.max(b.answersPerSecond, g.answersPerSecond),
          loadAverage: os.loadavg()[0],
        };
        runs.push(run);
        console.log(
          `run ${i + 1}: server ${Math.round(r.answersPerSecond)} answers/s p50 ${r.p50Ms} p99 ${r.p99Ms} ms ${r.cpuMicrosPerRequest} µs CPU/answer, ${r.ok} acknowledged, ${r.stored} stored; ` +
            `bare append, sync per request ${Math.round(b.answersPerSecond)}/s p99 ${b.p99Ms} ms ${b.cpuMicrosPerRequest} µs CPU; ` +
            `grouped sync ${Math.round(g.answersPerSecond)}/s p99 ${g.p99Ms} ms ${g.cpuMicrosPerRequest} µs CPU; ` +
            `ratios ${run.ratio.toFixed(2)} (per request), ${run.groupedRatio.toFixed(2)} (grouped); load average ${run.loadAverage.toFixed(2)}`,
        );
      }
      const med = (pick: (r: RunFigures) => number) => median(runs.map(pick));
      return {
        measures: [
          { name: `answers per second (median of ${RUNS})`, value: med((r) => r.real.answersPerSecond), unit: 'answers/s' },
          { name: 'p99 latency (median)', value: med((r) => r.real.p99Ms), unit: 'ms', target: { op: '<=', value: 50 } },
          { name: 'p50 latency (median)', value: med((r) => r.real.p50Ms), unit: 'ms' },
          { name: 'server CPU per answer (median)', value: med((r) => r.real.cpuMicrosPerRequest ?? NaN), unit: 'µs' },
          { name: 'bare append, sync per request: per second (median)', value: med((r) => r.bare.answersPerSecond), unit: 'answers/s' },
          { name: 'bare append, sync per request: p99 latency (median)', value: med((r) => r.bare.p99Ms), unit: 'ms' },
          { name: 'bare append, sync per request: CPU per answer (median)', value: med((r) => r.bare.cpuMicrosPerRequest ?? NaN), unit: 'µs' },
          { name: 'bare append, grouped sync: per second (median)', value: med((r) => r.grouped.answersPerSecond), unit: 'answers/s' },
          { name: 'bare append, grouped sync: p99 latency (median)', value: med((r) => r.grouped.p99Ms), unit: 'ms' },
          { name: 'bare append, grouped sync: CPU per answer (median)', value: med((r) => r.grouped.cpuMicrosPerRequest ?? NaN), unit: 'µs' },
          { name: 'ratio server / bare append, sync per request (median of runs)', value: med((r) => r.ratio), unit: '' },
          { name: 'ratio server / bare append, grouped sync (median of runs)', value: med((r) => r.groupedRatio), unit: '' },
          { name: 'ratio server / the faster bare append of each run (median of runs)', value: med((r) => r.leastRatio), unit: '', target: { op: '>=', value: 0.45 } },
          { name: 'acknowledged but not stored', value: runs.reduce((n, r) => n + Math.max(0, r.real.ok - r.real.stored), 0), unit: 'answers', target: { op: '<=', value: 0 } },
          { name: 'failed answers', value: runs.reduce((n, r) => n + r.real.failed, 0), unit: 'count', target: { op: '<=', value: 0 } },
        ],
        details: {
          settings,
          logLevel,
          participants: PARTICIPANTS,
          items: ITEMS,
          answerBytes: Buffer.byteLength(JSON.stringify(study.answers)),
          runs,
          reference: 'ESMira on the same machine, same answers: about 1,030 answers/s, p99 84 ms at 50 connections, without fsync',
        },
      };
    } finally {
      await bare.stop();
      await grouped.stop();
      await db.destroy();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The profiles are written when the server exits.
      if (profileDir) printProfiles(profileDir);
    }
  },
};
