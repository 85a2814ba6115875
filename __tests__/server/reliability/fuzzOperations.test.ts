// Every operation of the OpenAPI description, called with generated input by every kind of caller: random
// and odd strings, huge, negative and fractional numbers, wrong types, null, over-long values, missing and
// extra fields, broken JSON and other media types. Whatever comes in, the answer is below 500, a refusal is
// JSON with a string `message`, and the server still answers afterwards.
//
// Nothing is skipped. Operations that can destroy what later requests aim at (deletes, sign-outs, withdrawal,
// deactivation, changes to users) run last; after each of their requests, and after every other operation,
// the fixtures are checked and built anew when something is gone. The run is deterministic: a fixed seed
// (FUZZ_SEED overrides it), shown in the test's name and in every failure with the request that failed.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, type TestApp } from '../support/testApp';
import { startSmtp, type RunningSmtp } from '../support/smtp';
import { buildWorld, restoreWorld, type FuzzCaller, type FuzzWorld } from '../support/fuzzWorld';
import {
  operationsOf,
  payloadOf,
  requestArbitrary,
  urlOf,
  type GeneratedRequest,
  type Hints,
  type OpenApiDocument,
  type Operation,
} from '../support/openApiArbitraries';

const SEED = Number(process.env.FUZZ_SEED ?? 20240917);
/**
 * Requests per operation; fewer where each request hashes or verifies a password (argon2 costs ~30 ms).
 * FUZZ_RUNS multiplies both for a longer search.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const RUNS = Math.round(24 * SCALE);
const PASSWORD_RUNS = Math.round(8 * SCALE);
const PASSWORD_PATHS = /login|signup|register|createlab|password|\/create$|systemowner\/users\/\{id\}$/;
/** Operations that can take away what other requests aim at. */
const DESTRUCTIVE = /logout|withdraw|deactivate|\/access$|systemowner\/users\/\{id\}$|edit_except_consent/;

jest.setTimeout(300_000 * Math.max(1, SCALE));

/** Signed-in callers more often than not, so that most requests reach the code behind the session checks. */
const callers = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<FuzzCaller>('nobody', 'forged') },
  { weight: 6, arbitrary: fc.constantFrom<FuzzCaller>('owner', 'manager', 'manager', 'labUser', 'participant') },
);

const isDestructive = (op: Operation) => op.method === 'DELETE' || DESTRUCTIVE.test(op.path);

/** Generated strings name fixtures by key; the key is looked up in the world of the moment when sent. */
const FIXTURE = '@fixture:';

function fixtureValues(world: FuzzWorld): Record<string, string> {
  const { texts } = world;
  return {
    ...world.ids,
    studyCode: texts.studyCode,
    objectKey: texts.objectKey,
    ...Object.fromEntries(texts.emails.map((e, i) => [`email${i}`, e])),
    ...Object.fromEntries(texts.signatures.map((s, i) => [`signature${i}`, s])),
    ...Object.fromEntries(texts.expires.map((e, i) => [`expires${i}`, e])),
    one: '1',
    two: '2',
    three: '3',
  };
}

function hintsFor(world: FuzzWorld): Hints {
  const keys = Object.keys(fixtureValues(world));
  const like = (pattern: RegExp) => keys.filter((k) => pattern.test(k)).map((k) => FIXTURE + k);
  const ids = like(/Id$/);
  return {
    stringsFor(name) {
      if (name === '*' || name === 'file' || name === 'key') return like(/^objectKey$/);
      if (name === 'expires') return like(/^expires/);
      if (name === 'signature') return like(/^signature/);
      if (/email/i.test(name)) return like(/^email/);
      if (/code/i.test(name)) return like(/^studyCode$/);
      if (/^(ref|groupNum|stageNum)$/.test(name)) return [...like(/^(one|two|three)$/), ...ids];
      if (/(^id$|Id$|^_id$|^lab$|^study$|^choices$|^questionnaire|_list$|^grant)/.test(name)) return ids;
      return [];
    },
  };
}

function resolve(value: unknown, fixtures: Record<string, string>): unknown {
  if (typeof value === 'string') return value.startsWith(FIXTURE) ? (fixtures[value.slice(FIXTURE.length)] ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => resolve(v, fixtures));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, fixtures)]));
  return value;
}

type Request = GeneratedRequest<FuzzCaller>;

function describeRequest(op: Operation, url: string, request: Request, payload: string | undefined): string {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text);
  const shown = payload === undefined ? undefined : cut(payload);
  return `${op.method} ${cut(url)} as ${request.caller}, ${request.bodyForm} body: ${shown ?? '(none)'}`;
}

function refusalProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `answered ${res.statusCode} without JSON`;
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    return typeof body.message === 'string' ? null : `answered ${res.statusCode} without a string message`;
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON`;
  }
}

describe.each(databases)(`every operation with generated input (%s, seed ${SEED})`, (database) => {
  let t: TestApp;
  let smtp: RunningSmtp;
  let world: FuzzWorld;
  let rebuilds = 0;

  beforeAll(async () => {
    // With a mail server, password resets work as deployed instead of answering 503 (no mail configured).
    smtp = await startSmtp();
    // Generated sign-ins fail by the dozen from one address; the limits (tested elsewhere) must not lock out
    // the fixtures' own sign-ins.
    t = await createTestApp(database, { SMTP_URL: smtp.url, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '10000', LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000' });
    world = await buildWorld(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  async function keepWorld(): Promise<void> {
    const restored = await restoreWorld(t.app, world);
    world = restored.world;
    if (restored.rebuilt) rebuilds += 1;
  }

  /** Whether the server accepted the request (and so may have changed something). */
  async function send(op: Operation, generated: Request): Promise<boolean> {
    const fixtures = fixtureValues(world);
    const request = { ...generated, pathValues: generated.pathValues.map((v) => String(resolve(v, fixtures))), query: generated.query.map(([k, v]) => [k, String(resolve(v, fixtures))] as [string, string]), body: resolve(generated.body, fixtures) };
    const url = urlOf(op, request);
    const { payload, headers } = payloadOf(request);
    let res: LightMyRequestResponse;
    try {
      res = await call(t.app, { method: op.method, url, payload, headers, token: world.tokens[request.caller] });
    } catch (error) {
      throw new Error(`seed ${SEED}: ${describeRequest(op, url, request, payload)} threw ${String(error)}`);
    }
    const problem = refusalProblem(res);
    if (problem) throw new Error(`seed ${SEED}: ${describeRequest(op, url, request, payload)} ${problem}: ${res.body.slice(0, 500)}`);
    return res.statusCode < 400;
  }

  it('answers below 500, refuses with JSON {message}, and keeps answering', async () => {
    const operations = operationsOf(t.app.swagger() as OpenApiDocument);
    const ordered = [...operations.filter((op) => !isDestructive(op)), ...operations.filter(isDestructive)];
    const started = Date.now();
    // Every operation runs even after one fails, so that a run shows every failing operation at once.
    const failures: string[] = [];
    for (const [index, op] of ordered.entries()) {
      await keepWorld();
      const opStarted = Date.now();
      const destructive = isDestructive(op);
      const property = fc.asyncProperty(requestArbitrary(op, callers, hintsFor(world)), async (request) => {
        // A refused request changed nothing; an accepted one of these may have taken a fixture away.
        if ((await send(op, request)) && destructive) await keepWorld();
      });
      const result = await fc.check(property, { seed: SEED + index, numRuns: PASSWORD_PATHS.test(op.path) ? PASSWORD_RUNS : RUNS, endOnFailure: true });
      if (process.env.FUZZ_PROFILE) process.stdout.write(`${Date.now() - opStarted} ms ${op.method} ${op.path}\n`);
      if (result.failed) failures.push(String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance));
    }
    expect(failures).toEqual([]);
    const config = await call(t.app, { method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThan(80);
    process.stdout.write(`fuzzOperations ${database}: ${operations.length} operations in ${Date.now() - started} ms, fixtures rebuilt ${rebuilds} times\n`);
  });
});
