// API throughput: an authenticated GET /api/users/lm/getUsers on the real server (session check, permission
// check, SQLite query, schema serialisation) against a bare Fastify route answering the same JSON, both under
// the same autocannon load in one run. The ratio shows what the product's layers cost.
import path from 'node:path';
import { Api, seedLab, uniqueEmail } from '../__tests__/e2e/support/api';
import { startServer } from '../__tests__/e2e/support/server';
import { loadSettings, measure } from './support/load';
import { startTsHelper } from './support/process';
import type { Benchmark } from './types';

const USERS_IN_LAB = 5;

export const apiThroughput: Benchmark = {
  name: 'api',
  title: 'API throughput: GET /api/users/lm/getUsers vs a bare Fastify route',
  async run() {
    const settings = loadSettings();
    const logLevel = process.env.BENCH_LOG_LEVEL || 'info';
    // Its log lines go to /dev/null: written (as in production) but not read by this process.
    const server = await startServer({ LOG_LEVEL: logLevel }, { output: 'ignore' });
    try {
      const api = new Api(server);
      const { lab, manager, managerPassword } = await seedLab(api, 1, 'Benchmark Lab');
      const owner = await api.ownerLogin();
      for (let i = 1; i < USERS_IN_LAB; i++) {
        await api.registerByOwner(owner.token, lab._id, { email: uniqueEmail('member'), password: 'member-password-1', isLabManager: false });
      }
      const session = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const headers = { authorization: `Bearer ${session.token}` };
      const sample = await api.labUsers(session.token);

      const real = await measure(server.apiUrl('/api/users/lm/getUsers'), headers, settings);
      const bareServer = await startTsHelper(path.join(__dirname, 'support', 'bareServer.ts'), { BARE_BODY: JSON.stringify(sample) });
      let bare;
      try {
        bare = await measure(`http://127.0.0.1:${bareServer.port}/bare`, {}, settings);
      } finally {
        await bareServer.stop();
      }

      return {
        measures: [
          { name: 'getUsers requests/s', value: real.requestsPerSecond, unit: 'req/s' },
          { name: 'getUsers p99 latency', value: real.p99Ms, unit: 'ms', target: { op: '<', value: 25 } },
          { name: 'getUsers failed answers', value: real.errors + real.non2xx, unit: 'count', target: { op: '<=', value: 0 } },
          { name: 'bare Fastify requests/s', value: bare.requestsPerSecond, unit: 'req/s' },
          { name: 'bare Fastify p99 latency', value: bare.p99Ms, unit: 'ms' },
          { name: 'ratio getUsers / bare', value: real.requestsPerSecond / bare.requestsPerSecond, unit: '', target: { op: '>=', value: 0.35 } },
        ],
        details: { settings, logLevel, usersInAnswer: sample.users.length, answerBytes: JSON.stringify(sample).length, real, bare },
      };
    } finally {
      await server.stop();
    }
  },
};
