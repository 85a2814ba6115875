// What the push and reach benchmarks share about their reference (bench/support/pushReference.ts, a process of its
// own): the push it posts for a task, the same payload the sender makes, and running it on a job.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PushPayload } from '../../src/shared/push';
import type { BrowserSubscription } from '../../__tests__/server/support/pushService';
import { projectRoot } from '../../__tests__/e2e/support/server';
import type { ReferenceJob } from './pushReference';

type ReferencePush = ReferenceJob['pushes'][number];

/** The push the sender makes for a prompt of the "Check-in" questionnaire (duePrompts.ts), for its subscription. */
export function referencePush(taskId: string, studyId: string, subscription: BrowserSubscription, closes: string, ttlSeconds: number): ReferencePush {
  const payload: PushPayload = { taskId, promptId: taskId, studyId, questionnaire: { chin_name: 'Check-in' }, window_closes_at: closes };
  return { endpoint: subscription.body.endpoint, keys: subscription.body.keys, payload: JSON.stringify(payload), ttl: ttlSeconds };
}

export interface ReferenceTimes {
  ms: number;
  /** The reference process's CPU time while posting. */
  cpuMs: number;
  failed: number;
}

/** Runs the reference process on `job`, trusting the push service's certificate. */
export async function runReference(job: ReferenceJob, certFile: string): Promise<ReferenceTimes> {
  const input = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ref-')), 'job.json');
  fs.writeFileSync(input, JSON.stringify(job));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', path.join(projectRoot, 'scripts', 'lib', 'register-ts.cjs'), path.join(__dirname, 'pushReference.ts')], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', PUSH_REFERENCE_INPUT: input, NODE_EXTRA_CA_CERTS: certFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`the reference exited with ${code}`))));
    });
    return JSON.parse(out.trim().split('\n').pop() ?? '{}') as ReferenceTimes;
  } finally {
    fs.rmSync(path.dirname(input), { recursive: true, force: true });
  }
}

/** utime and stime of a process, fields 14 and 15 of /proc/<pid>/stat, in seconds (100 clock ticks a second on Linux). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
