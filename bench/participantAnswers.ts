// Answers: 200 participants submitting 20-item answers over HTTP to the real server process (SQLite,
// synchronous=FULL: every 201 is on disk), autocannon at 50 connections. Each request is a new answer (its own
// submissionId) of one of the participants, round robin. After each run the stored answers are counted: every
// 2xx must be there. Run RUNS times (3 by default) on the same server; medians are reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/database';
import { setGroupSettings } from '../__tests__/server/support/participants';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, seedStudyOverHttp, startServerProcess } from '../__tests__/server/support/serverProcess';
import { loadSettings } from './support/load';
import type { AppSession, AppTasksAnswer } from '../src/shared/types/participantApp';
import type { Benchmark } from './types';

const PARTICIPANTS = Number(process.env.BENCH_ANSWER_PARTICIPANTS || 200);
const ITEMS = 20;
const RUNS = Number(process.env.BENCH_ANSWER_RUNS || 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface RunFigures {
  answersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  acknowledged: number;
  stored: number;
  failed: number;
}

export const participantAnswers: Benchmark = {
  name: 'answers',
  title: `Answers: ${PARTICIPANTS} participants, ${ITEMS}-item answers over HTTP, SQLite synchronous=FULL`,
  async run() {
    const settings = loadSettings();
    const logLevel = process.env.BENCH_LOG_LEVEL || 'info';
    ensureServerBuild();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-answers-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD, LOG_LEVEL: logLevel }, undefined, (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), 'ignore');
    const { db } = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'portal.sqlite') });
    try {
      const seeded = await seedStudyOverHttp(server, ITEMS);
      await setGroupSettings(db, seeded.groupId, { anytime: [seeded.questionnaireId] });
      const participants: { token: string; taskId: string }[] = [];
      for (let i = 0; i < PARTICIPANTS; i += 1) {
        const session = await request<AppSession>(server, 'POST', '/api/app/signup', undefined, { email: `answers-${i}@bench.test`, password: 'participant-pass-1' });
        await request(server, 'POST', '/api/app/studies/join', session.body.token, { studyCode: seeded.studyCode });
        const tasks = await request<AppTasksAnswer>(server, 'GET', `/api/app/studies/${seeded.studyId}/tasks`, session.body.token);
        participants.push({ token: session.body.token, taskId: tasks.body.anytime[0]._id });
      }

      let sent = 0;
      const answers = Array.from({ length: ITEMS }, (_, i) => ({ question_pos: i, response_pos: 0, value: `answer to question ${i + 1}, a sentence of ordinary length` }));
      const load = (duration: number) =>
        autocannon({
          url: server.url(`/api/app/studies/${seeded.studyId}/responses`),
          connections: settings.connections,
          duration,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                sent += 1;
                const p = participants[sent % participants.length];
                const now = new Date().toISOString();
                return {
                  ...req,
                  headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
                  body: JSON.stringify({ submissionId: `bench-${sent}`, taskId: p.taskId, questionnaireId: seeded.questionnaireId, startedAt: now, submittedAt: now, answers }),
                };
              },
            },
          ],
        });
      const count = async () => Number((await db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

      if (settings.warmupSeconds > 0) await load(settings.warmupSeconds);
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const before = await count();
        const result = await load(settings.durationSeconds);
        const stored = (await count()) - before;
        runs.push({
          answersPerSecond: result['2xx'] / settings.durationSeconds,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          acknowledged: result['2xx'],
          stored,
          failed: result.non2xx + result.errors + result.timeouts,
        });
        console.log(
          `run ${i + 1}: ${Math.round(runs[i].answersPerSecond)} answers/s, p50 ${result.latency.p50} p90 ${result.latency.p90} p99 ${result.latency.p99} max ${result.latency.max} ms, ${result['2xx']} acknowledged, ${stored} stored`,
        );
      }
      return {
        measures: [
          { name: `answers per second (median of ${RUNS})`, value: median(runs.map((r) => r.answersPerSecond)), unit: 'answers/s', target: { op: '>=', value: 2000 } },
          { name: 'p99 latency (median)', value: median(runs.map((r) => r.p99Ms)), unit: 'ms', target: { op: '<=', value: 50 } },
          { name: 'p50 latency (median)', value: median(runs.map((r) => r.p50Ms)), unit: 'ms' },
          { name: 'acknowledged but not stored', value: runs.reduce((n, r) => n + Math.max(0, r.acknowledged - r.stored), 0), unit: 'answers', target: { op: '<=', value: 0 } },
          { name: 'failed answers', value: runs.reduce((n, r) => n + r.failed, 0), unit: 'count', target: { op: '<=', value: 0 } },
        ],
        details: { settings, logLevel, participants: PARTICIPANTS, items: ITEMS, runs, reference: 'ESMira: about 1,100 answers/s, p99 79 ms at 50 connections, CSV files without fsync' },
      };
    } finally {
      await db.destroy();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
