// Starts the real built server (dist/server/server/main.js) as its own process on a free port, with a fresh
// data folder (SQLite and files) and a known system owner, and stops it with SIGTERM as production would.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
export const serverEntry = path.join(projectRoot, 'dist', 'server', 'server', 'main.js');
export const portalIndex = path.join(projectRoot, 'dist', 'public', 'index.html');

export const OWNER = { email: 'owner@e2e.test', password: 'owner-e2e-password' } as const;

export interface RunningServer {
  port: number;
  /** The server's process id (benchmarks read its CPU time). */
  pid: number;
  dataDir: string;
  /** The main host, organization 1: http://localhost:PORT/… */
  mainUrl(pathname?: string): string;
  /** The dark sub-domain, organization 2: http://dark.localhost:PORT/… */
  darkUrl(pathname?: string): string;
  /** The Host header of the dark sub-domain, for API calls as organization 2: dark.localhost:PORT. */
  darkHost: string;
  /** For calls from Node: 127.0.0.1 counts as the main host and avoids resolving localhost to ::1. */
  apiUrl(pathname: string): string;
  /** Everything the server printed so far. */
  logs(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of a GET, or 0 when nothing answers. No keep-alive: no socket outlives the test run. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

export interface StartOptions {
  /** How long to wait for the server to answer. */
  timeoutMs?: number;
  /**
   * 'capture' keeps the output for logs() and failure messages; 'ignore' sends it nowhere (benchmarks, where
   * reading thousands of log lines would take CPU from the load generator).
   */
  output?: 'capture' | 'ignore';
  /** Options for Node itself, before the entry (benchmarks: --cpu-prof). */
  nodeArgs?: string[];
  /** Another build's server to run (`<checkout>/dist`, side-by-side benchmarks); this checkout's by default. */
  dist?: string;
}

/**
 * Starts the server. `env` adds or overrides settings (every setting is an environment variable); by default
 * the server keeps its data in a new temporary folder that stop() removes.
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const { timeoutMs = 30_000, output: outputMode = 'capture', nodeArgs = [] } = options;
  const entry = options.dist ? path.join(options.dist, 'server', 'server', 'main.js') : serverEntry;
  if (!existsSync(entry) || (!options.dist && !existsSync(portalIndex))) {
    throw new Error('The product is not built: run `npm run build` (npm test does it before the browser tests).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-data-'));
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: options.dist ? path.resolve(options.dist, '..') : projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SYSTEM_OWNER_EMAIL: OWNER.email,
      SYSTEM_OWNER_PASSWORD: OWNER.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', outputMode === 'capture' ? 'pipe' : 'ignore', outputMode === 'capture' ? 'pipe' : 'inherit'],
  });
  const capture = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
    if (process.env.E2E_SERVER_LOGS === '1') process.stderr.write(chunk);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const base = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    port,
    pid: child.pid ?? 0,
    dataDir,
    mainUrl: (pathname = '/') => `http://localhost:${port}${pathname}`,
    darkUrl: (pathname = '/') => `http://dark.localhost:${port}${pathname}`,
    darkHost: `dark.localhost:${port}`,
    apiUrl: (pathname) => `${base}${pathname}`,
    logs: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await server.stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}):\n${output}`);
    }
    if ((await statusOf(`${base}/api/config`)) === 200) return server;
    await sleep(100);
  }
  await server.stop();
  throw new Error(`The server did not answer GET /api/config within ${timeoutMs} ms:\n${output}`);
}
