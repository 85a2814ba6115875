// Two builds side by side on the api benchmark's call: `npm run bench:api-ab -- <dist A> <dist B>`. Both builds'
// servers run at once, each with the lab of bench/apiThroughput.ts, and an authenticated GET
// /api/users/lm/getUsers is loaded on each in turn, round after round (the order alternating), with the bare
// Fastify route answering the same JSON after each round: each round compares the builds on the same minute of
// a shared machine. Prints each round (answers/s and the server's CPU per answer), the medians with each
// build's ratio to the bare route, and B / A per round. AB_ROUNDS (6) rounds of AB_SECONDS (4) seconds;
// AB_A_ARGS and AB_B_ARGS give each server process Node options (--cpu-prof for a profile). A build is a `dist`
// folder (`npm run build`) of a checkout with its own node_modules, as for bench:answers-ab.
import path from 'node:path';
import { startServer, type RunningServer } from '../__tests__/e2e/support/server';
import { seedListCall } from './apiThroughput';
import { measureTarget, type LoadFigures, type LoadTarget } from './support/load';
import { startTsHelper } from './support/process';
import { median } from './support/stats';

const ROUNDS = Number(process.env.AB_ROUNDS || 6);
const SECONDS = Number(process.env.AB_SECONDS || 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

interface Build {
  name: string;
  dist: string;
  server: RunningServer;
  target: LoadTarget;
  rounds: LoadFigures[];
}

const nodeArgsOf = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);

async function main(): Promise<void> {
  const [distA, distB] = process.argv.slice(2).map((d) => path.resolve(d));
  if (!distA || !distB) throw new Error('usage: npm run bench:api-ab -- <dist A> <dist B>');
  const builds: Build[] = [];
  let sample: unknown = null;
  try {
    for (const [name, dist, args] of [['A', distA, process.env.AB_A_ARGS], ['B', distB, process.env.AB_B_ARGS]] as const) {
      // Logging at info, as deployed and as the api benchmark runs.
      const server = await startServer({ LOG_LEVEL: 'info' }, { output: 'ignore', dist, nodeArgs: nodeArgsOf(args) });
      const seeded = await seedListCall(server);
      sample = seeded.sample;
      builds.push({ name, dist, server, rounds: [], target: { url: server.apiUrl('/api/users/lm/getUsers'), headers: seeded.headers, pid: server.pid } });
    }
    const bare = await startTsHelper(path.join(__dirname, 'support', 'bareServer.ts'), { BARE_BODY: JSON.stringify(sample) });
    try {
      const reference: LoadTarget = { url: `http://127.0.0.1:${bare.port}/bare`, headers: {}, pid: bare.pid };
      // Warm-up, as the benchmark's.
      for (const target of [...builds.map((b) => b.target), reference]) await measureTarget(target, CONNECTIONS, 2);
      const bareRounds: LoadFigures[] = [];
      const line = (f: LoadFigures) => `${Math.round(f.requestsPerSecond)}/s ${f.cpuMicrosPerRequest} µs CPU, p99 ${f.p99Ms} ms, ${f.errors + f.non2xx} failed`;
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
          const figures = await measureTarget(build.target, CONNECTIONS, SECONDS);
          build.rounds.push(figures);
          console.log(`round ${round} ${build.name}: ${line(figures)}`);
        }
        const figures = await measureTarget(reference, CONNECTIONS, SECONDS);
        bareRounds.push(figures);
        console.log(`round ${round} bare Fastify: ${line(figures)}`);
      }
      for (const build of builds) {
        const ratios = build.rounds.map((r, i) => r.requestsPerSecond / bareRounds[i].requestsPerSecond);
        const cpuRatios = build.rounds.map((r, i) => (bareRounds[i].cpuMicrosPerRequest ?? NaN) / (r.cpuMicrosPerRequest ?? NaN));
        console.log(
          `${build.name} (${build.dist}): median ${Math.round(median(build.rounds.map((r) => r.requestsPerSecond)))}/s, ` +
            `${median(build.rounds.map((r) => r.cpuMicrosPerRequest ?? NaN)).toFixed(1)} µs CPU per answer, ${median(ratios).toFixed(2)} of the bare route ` +
            `(its CPU per answer ${median(cpuRatios).toFixed(2)} of this build's)`,
        );
      }
      const [a, b] = builds;
      const perRound = b.rounds.map((r, i) => r.requestsPerSecond / a.rounds[i].requestsPerSecond);
      const cpuPerRound = b.rounds.map((r, i) => (r.cpuMicrosPerRequest ?? NaN) / (a.rounds[i].cpuMicrosPerRequest ?? NaN));
      console.log(`B / A per round: ${perRound.map((x) => x.toFixed(3)).join(' ')}; median ${median(perRound).toFixed(3)}; CPU per answer B / A median ${median(cpuPerRound).toFixed(3)}`);
    } finally {
      await bare.stop();
    }
  } finally {
    for (const build of builds) await build.server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
