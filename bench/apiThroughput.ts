// API throughput: an authenticated GET /api/users/lm/getUsers on the real server (session check, permission
// check, SQLite query, schema serialisation) against a bare Fastify route answering the same JSON, both under
// the same autocannon load in one run, in alternating rounds (support/load.ts compare). The ratio shows what
// the product's layers cost. With BENCH_CPU_PROFILE=1 the server runs under `node --cpu-prof` and the run ends
// with the functions that took the most time (the profiler slows the server: read those figures for where the
// time goes, not for the ratio).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Api, seedLab, uniqueEmail } from '../__tests__/e2e/support/api';
import { startServer, type RunningServer } from '../__tests__/e2e/support/server';
import type { LabUser } from '../src/shared/types/identity';
import { newestProfile, summariseProfile } from './support/cpuProfile';
import { compare, loadSettings } from './support/load';
import { startTsHelper } from './support/process';
import type { Benchmark } from './types';

const USERS_IN_LAB = 21;

/** A lab of USERS_IN_LAB users on a running server, its manager's session, and the list call's answer. */
export async function seedListCall(server: RunningServer): Promise<{ headers: Record<string, string>; sample: { users: LabUser[] } }> {
  const api = new Api(server);
  const { lab, manager, managerPassword } = await seedLab(api, 1, 'Benchmark Lab');
  const owner = await api.ownerLogin();
  for (let i = 1; i < USERS_IN_LAB; i++) {
    await api.registerByOwner(owner.token, lab._id, { email: uniqueEmail('member'), password: 'member-password-1', isLabManager: false });
  }
  const session = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  return { headers: { authorization: `Bearer ${session.token}` }, sample: await api.labUsers(session.token) };
}

export const apiThroughput: Benchmark = {
  name: 'api',
  title: 'API throughput: GET /api/users/lm/getUsers vs a bare Fastify route',
  async run() {
    const settings = loadSettings();
    const logLevel = process.env.BENCH_LOG_LEVEL || 'info';
    const profileDir = process.env.BENCH_CPU_PROFILE === '1' ? path.join(__dirname, 'results', 'profiles') : null;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    // Its log lines go to /dev/null: written (as in production) but not read by this process.
    const server = await startServer({ LOG_LEVEL: logLevel }, { output: 'ignore', nodeArgs });
    try {
      const { headers, sample } = await seedListCall(server);

      const bareServer = await startTsHelper(path.join(__dirname, 'support', 'bareServer.ts'), { BARE_BODY: JSON.stringify(sample) });
      let comparison;
      try {
        comparison = await compare(
          { url: server.apiUrl('/api/users/lm/getUsers'), headers, pid: server.pid },
          { url: `http://127.0.0.1:${bareServer.port}/bare`, headers: {}, pid: bareServer.pid },
          settings,
        );
      } finally {
        await bareServer.stop();
      }
      const { real, baseline: bare, ratio, rounds } = comparison;
      const failed = rounds.reduce((n, r) => n + r.real.errors + r.real.non2xx, 0);

      return {
        measures: [
          { name: 'getUsers requests/s', value: real.requestsPerSecond, unit: 'req/s' },
          { name: 'getUsers p99 latency', value: real.p99Ms, unit: 'ms', target: { op: '<', value: 25 } },
          { name: 'getUsers failed answers', value: failed, unit: 'count', target: { op: '<=', value: 0 } },
          { name: 'bare Fastify requests/s', value: bare.requestsPerSecond, unit: 'req/s' },
          { name: 'bare Fastify p99 latency', value: bare.p99Ms, unit: 'ms' },
          { name: 'ratio getUsers / bare (median round)', value: ratio, unit: '', target: { op: '>=', value: 0.35 } },
          { name: 'getUsers server CPU per answer', value: real.cpuMicrosPerRequest ?? NaN, unit: 'µs' },
          { name: 'bare server CPU per answer', value: bare.cpuMicrosPerRequest ?? NaN, unit: 'µs' },
        ],
        details: { settings, logLevel, usersInAnswer: sample.users.length, answerBytes: JSON.stringify(sample).length, rounds },
      };
    } finally {
      await server.stop();
      // The profile is written when the server exits.
      const file = profileDir && newestProfile(profileDir);
      if (file) {
        const profile = summariseProfile(file);
        console.log(`CPU profile of the server: ${path.relative(process.cwd(), file)} (idle ${profile.idlePercent} %)`);
        for (const entry of profile.top) console.log(`  ${entry.selfPercent.toFixed(1).padStart(5)} %  ${entry.name}`);
      }
    }
  },
};
