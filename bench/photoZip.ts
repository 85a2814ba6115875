// Photo zip: a participant's 200 photo answers of 2 MB each zipped by the real download_img_resp /
// get_img_resp_link flow (SQLite, local storage), timed, while the resident memory (VmRSS) of the process
// building the zip is sampled from outside it. The zip streams from storage into storage, so memory above idle
// must stay within 100 MB although the zip holds 400 MB. Runs BENCH_ZIP_RUNS (3) zips; medians reported.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../__tests__/e2e/support/server';
import type { ChildMessage } from './support/photoZipChild';
import { residentBytes } from './upload';
import type { Benchmark } from './types';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_ZIP_RUNS || 3);
const SAMPLE_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function next(child: ChildProcess): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the zip process exited (code ${code})`));
    child.once('exit', onExit);
    child.once('message', (message: ChildMessage) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

/** The lowest of a few samples a moment apart: the process at rest. */
async function idleOf(pid: number): Promise<number> {
  await sleep(300);
  const samples: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push(residentBytes(pid));
    await sleep(30);
  }
  return Math.min(...samples);
}

export const photoZip: Benchmark = {
  name: 'photozip',
  title: 'Photo zip: 200 photos of 2 MB through download_img_resp -> get_img_resp_link, with the building process’s memory',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-photozip-'));
    const child = fork(path.join(__dirname, 'support', 'photoZipChild.ts'), [], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      execArgv: ['--expose-gc', '--require', path.join(projectRoot, 'scripts', 'lib', 'register-ts.cjs')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const seeded = await next(child);
      if (seeded.kind !== 'seeded') throw new Error('the zip process did not seed');
      const pid = child.pid ?? 0;
      const runs: { ms: number; idle: number; peak: number; zipBytes: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const idle = await idleOf(pid);
        let peak = idle;
        const sampler = setInterval(() => {
          peak = Math.max(peak, residentBytes(pid));
        }, SAMPLE_MS);
        try {
          const answer = next(child);
          child.send('run');
          const done = await answer;
          if (done.kind !== 'done') throw new Error('unexpected message');
          if (done.photoCount !== seeded.photos) throw new Error(`the zip held ${done.photoCount} photos`);
          runs.push({ ms: done.ms, idle, peak: Math.max(peak, residentBytes(pid)), zipBytes: done.zipBytes });
        } finally {
          clearInterval(sampler);
        }
      }
      const above = runs.map((r) => (r.peak - r.idle) / MB);
      return {
        measures: [
          { name: `zip of ${seeded.photos} × ${seeded.bytes / MB} MB (median)`, value: median(runs.map((r) => r.ms)), unit: 'ms' },
          { name: 'zip throughput (median)', value: median(runs.map((r) => r.zipBytes / MB / (r.ms / 1000))), unit: 'MB/s' },
          { name: 'building process memory idle (VmRSS)', value: median(runs.map((r) => r.idle)) / MB, unit: 'MB' },
          { name: 'building process memory above idle (median)', value: median(above), unit: 'MB', target: { op: '<=', value: 100 } },
          { name: 'building process memory above idle (worst)', value: Math.max(...above), unit: 'MB' },
        ],
        details: { runs: runs.map((r) => ({ ms: r.ms, idleMB: r.idle / MB, peakMB: r.peak / MB, zipMB: r.zipBytes / MB })), sampleEveryMs: SAMPLE_MS },
      };
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send('stop');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
