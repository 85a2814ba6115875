// Two builds of the server side by side on the answers benchmark's load: `npm run bench:answers-ab -- <dist A>
// <dist B>`. On these shared machines one bench's figures swing by a fifth from one minute to the next, more than
// most changes move them; here both builds run at once on copies of one study (set up over HTTP as in
// participantAnswers.ts) and are loaded in turn, round after round (the order alternating), with the bare durable
// append after each round, so each round compares the builds on the same minute of the machine. Prints each
// round, the medians, and B / A per round. AB_ROUNDS (6) rounds of AB_SECONDS (8) seconds; AB_A_ARGS and
// AB_B_ARGS give each server process Node options. A build is a `dist` folder (`npm run build`) of a checkout
// with its own node_modules, for instance a `git worktree` of an earlier commit.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { OWNER_EMAIL, OWNER_PASSWORD, startServerProcess } from '../__tests__/server/support/serverProcess';
import { freePort } from '../__tests__/e2e/support/server';
import { answerRequests } from './participantAnswers';
import { median } from './support/stats';
import { seedAnswerStudy, type AnswerStudy } from './support/answerStudy';
import { cpuMicrosOf } from './support/load';
import { startTsHelper } from './support/process';

const ROUNDS = Number(process.env.AB_ROUNDS || 6);
const SECONDS = Number(process.env.AB_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PARTICIPANTS = Number(process.env.BENCH_ANSWER_PARTICIPANTS || 500);

interface RoundFigures {
  answersPerSecond: number;
  cpuMicrosPerAnswer: number;
  p99Ms: number;
  failed: number;
}

interface Build {
  name: string;
  dist: string;
  nodeArgs: string[];
  port: number;
  process?: ChildProcess;
  rounds: RoundFigures[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A build's server on its own copy of the data, as `npm start` runs it. */
async function startBuild(build: Build, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...build.nodeArgs, path.join(build.dist, 'server', 'server', 'main.js')], {
    cwd: path.resolve(build.dist, '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(build.port), HOST: '127.0.0.1', DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`build ${build.name} exited (code ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${build.port}/api/config`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`build ${build.name} did not start`);
    await sleep(100);
  }
}

async function load(study: AnswerStudy, port: number, pid: number, seconds: number, prefix: string): Promise<RoundFigures> {
  const before = cpuMicrosOf(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/app/studies/${study.studyId}/responses`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: answerRequests(study, prefix),
  });
  return {
    answersPerSecond: result['2xx'] / seconds,
    cpuMicrosPerAnswer: (cpuMicrosOf(pid) - before) / result.requests.total,
    p99Ms: result.latency.p99,
    failed: result.requests.total - result['2xx'] + result.errors,
  };
}

async function main(): Promise<void> {
  const [distA, distB] = process.argv.slice(2).map((d) => path.resolve(d));
  if (!distA || !distB) throw new Error('usage: npm run bench:answers-ab -- <dist A> <dist B>');
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ab-'));
  const builds: Build[] = [
    { name: 'A', dist: distA, nodeArgs: (process.env.AB_A_ARGS ?? '').split(' ').filter(Boolean), port: await freePort(), rounds: [] },
    { name: 'B', dist: distB, nodeArgs: (process.env.AB_B_ARGS ?? '').split(' ').filter(Boolean), port: await freePort(), rounds: [] },
  ];
  const seedDir = path.join(base, 'seed');
  const setup = await startServerProcess({ DATA_DIR: seedDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD }, undefined, [], 'ignore');
  let study: AnswerStudy;
  try {
    study = await seedAnswerStudy(setup, PARTICIPANTS);
  } finally {
    await setup.stop();
  }
  const bare = await startTsHelper(path.join(__dirname, 'support', 'bareAppendServer.ts'), { BARE_APPEND_FILE: path.join(base, 'bare-answers.jsonl') });
  try {
    for (const build of builds) {
      const dataDir = path.join(base, build.name);
      fs.cpSync(seedDir, dataDir, { recursive: true });
      build.process = await startBuild(build, dataDir);
    }
    // Warm-up, as the benchmark's.
    for (const build of builds) await load(study, build.port, build.process?.pid ?? 0, 3, `warm-${build.name}`);
    const bareRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
        const figures = await load(study, build.port, build.process?.pid ?? 0, SECONDS, `r${round}-${build.name}`);
        build.rounds.push(figures);
        console.log(`round ${round} ${build.name}: ${Math.round(figures.answersPerSecond)} answers/s, ${figures.cpuMicrosPerAnswer.toFixed(1)} µs CPU per answer, p99 ${figures.p99Ms} ms, ${figures.failed} failed`);
      }
      const reference = await load(study, bare.port, bare.pid, SECONDS, `r${round}-bare`);
      bareRates.push(reference.answersPerSecond);
      console.log(`round ${round} bare append: ${Math.round(reference.answersPerSecond)}/s`);
    }
    for (const build of builds) {
      const ratios = build.rounds.map((r, i) => r.answersPerSecond / bareRates[i]);
      console.log(
        `${build.name} (${build.dist}): median ${Math.round(median(build.rounds.map((r) => r.answersPerSecond)))} answers/s, ` +
          `${median(build.rounds.map((r) => r.cpuMicrosPerAnswer)).toFixed(1)} µs CPU per answer, p99 ${median(build.rounds.map((r) => r.p99Ms))} ms, ` +
          `${median(ratios).toFixed(2)} of the bare append`,
      );
    }
    const [a, b] = builds;
    const perRound = b.rounds.map((r, i) => r.answersPerSecond / a.rounds[i].answersPerSecond);
    console.log(`B / A per round: ${perRound.map((x) => x.toFixed(3)).join(' ')}; median ${median(perRound).toFixed(3)}`);
  } finally {
    await bare.stop();
    for (const build of builds) build.process?.kill('SIGTERM');
    await sleep(1000);
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
