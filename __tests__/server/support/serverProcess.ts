// The real compiled server (dist/server/server/main.js) as its own process, for the tests that kill it or run
// two of them on one database. The server part of dist is rebuilt first when its sources are newer.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
const serverEntry = path.join(projectRoot, 'dist', 'server', 'server', 'main.js');

function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((m, entry) => Math.max(m, newest(path.join(target, entry))), stat.mtimeMs);
}

/** Builds the server (tsc -p tsconfig.server.json) when dist/server is missing or older than src/server and src/shared. */
export function ensureServerBuild(): void {
  const sources = Math.max(newest(path.join(projectRoot, 'src', 'server')), newest(path.join(projectRoot, 'src', 'shared')));
  if (existsSync(serverEntry) && statSync(serverEntry).mtimeMs >= sources) return;
  const tsc = path.join(projectRoot, 'node_modules', '.bin', 'tsc');
  const built = spawnSync(tsc, ['-p', 'tsconfig.server.json'], { cwd: projectRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}\n${built.stderr}`);
}

export interface ServerProcess {
  port: number;
  /** The server's process id (a benchmark reads its CPU time from /proc). */
  pid: number;
  url(pathname: string): string;
  /** Ends the process at once: no shutdown, no flush, like a crash or a power cut of the process. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  logs(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * Starts the server with the settings given (DATA_DIR, DATABASE_URL…) on `port` (a free one by default);
 * `nodeArgs` go to Node itself (--cpu-prof to profile a benchmark, say). Errors are always kept for logs().
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
  outputMode: 'capture' | 'ignore' = 'capture',
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(listenOn), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    // 'ignore' for benchmarks: reading the server's log lines would take CPU from the load generator.
    stdio: ['ignore', outputMode === 'capture' ? 'pipe' : 'ignore', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${listenOn}`;
  const deadline = Date.now() + 60_000;
  while (!(await answers(`${base}/api/config`))) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  return { port: listenOn, pid: child.pid ?? 0, url: (pathname) => `${base}${pathname}`, kill: () => end('SIGKILL'), stop: () => end('SIGTERM'), logs: () => output };
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

/** A JSON call; throws on a network failure (a killed server), which callers may retry. */
export async function request<T>(server: { url(p: string): string }, method: string, pathname: string, token?: string, body?: unknown): Promise<JsonAnswer<T>> {
  const res = await fetch(server.url(pathname), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export const OWNER_EMAIL = 'owner@process.test';
export const OWNER_PASSWORD = 'owner-process-password';

export interface SeededStudy {
  manager: string;
  managerId: string;
  studyId: string;
  studyCode: string;
  groupId: string;
  questionnaireId: string;
}

/**
 * Over HTTP, on a running server started with OWNER_EMAIL / OWNER_PASSWORD: a lab, its manager, an active study
 * without consent and a questionnaire of required text questions (one by default).
 */
export async function seedStudyOverHttp(server: ServerProcess, questionCount = 1): Promise<SeededStudy> {
  const must = <T>(answer: JsonAnswer<T>, status: number, what: string): T => {
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const owner = must(await request<{ token: string }>(server, 'POST', '/api/users/systemowner/login', undefined, { email: OWNER_EMAIL, password: OWNER_PASSWORD }), 200, 'owner login').token;
  const email = `manager-${Date.now()}@process.test`;
  must(await request(server, 'POST', '/api/labs/systemowner/createlab', owner, { labName: 'Process lab', email, password: 'manager-password', organization: 1 }), 201, 'create lab');
  const login = must(await request<{ token: string; _id: string }>(server, 'POST', '/api/users/login', undefined, { email, password: 'manager-password', organization: 1 }), 200, 'manager login');
  const manager = login.token;
  const study = must(
    await request<{ _id: string; study_code: string; stage_list: { _id: string; participant_group_list: { _id: string }[] }[] }>(server, 'POST', '/api/studies', manager, { chin_name: 'Process study' }),
    201,
    'create study',
  );
  must(await request(server, 'PUT', `/api/studies/${study._id}/edit_consent`, manager, { consent: '', consentNeeded: false }), 200, 'consent off');
  const q = must(await request<{ _id: string }>(server, 'POST', '/api/qx_list', manager, { chin_name: 'Check-in', abbrev: 'CHK' }), 201, 'questionnaire');
  const questions = Array.from({ length: questionCount }, (_, i) => ({
    _id: `q${i}`,
    question_num: String(i + 1),
    html_question: `<p>Question ${i + 1}: how are you?</p>`,
    position: i,
    dependency: [],
    other_info: [{ _id: `r${i}`, position: 0, type: 'text', validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } }],
  }));
  must(await request(server, 'PUT', `/api/qx_list/${q._id}/edit`, manager, { chin_name: 'Check-in', abbrev: 'CHK', chin_content: questions }), 200, 'edit questionnaire');
  // Activation needs a named stage and a group with an assessment (shared/study/activation.ts).
  const stage = study.stage_list[0];
  must(
    await request(server, 'PUT', `/api/studies/${study._id}/edit_except_consent`, manager, {
      stage_list: [{ _id: stage._id, chin_name: 'Stage one', participant_group_list: [{ _id: stage.participant_group_list[0]._id, no_submission_limit_list: [q._id] }] }],
    }),
    200,
    'name the stage',
  );
  must(await request(server, 'POST', `/api/studies/${study._id}/activate`, manager), 200, 'activate');
  return { manager, managerId: login._id, studyId: study._id, studyCode: study.study_code, groupId: study.stage_list[0].participant_group_list[0]._id, questionnaireId: q._id };
}
