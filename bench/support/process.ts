// Starts a helper process of the benchmarks and waits for its "listening <port>" line.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../__tests__/e2e/support/server';

export interface Helper {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Runs a TypeScript file of bench/ in its own Node process (compiled on load by SWC). */
export function startTsHelper(file: string, env: Record<string, string>): Promise<Helper> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--require', path.join(projectRoot, 'scripts', 'lib', 'register-ts.cjs'), file],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${path.basename(file)} exited (code ${code}) before listening`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (!match) return;
      child.removeAllListeners('exit');
      resolve({
        port: Number(match[1]),
        pid: child.pid ?? 0,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
