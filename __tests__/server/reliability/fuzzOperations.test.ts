// Every operation of the OpenAPI description, called with generated input by every kind of caller: random
// and odd strings, huge, negative and fractional numbers, wrong types, null, over-long values, missing and
// extra fields, broken JSON and other media types. Whatever comes in, the answer is below 500, a refusal is
// JSON with a string `message`, and the server still answers afterwards.
//
// Nothing is skipped. Operations that can destroy what later requests aim at (deletes, sign-outs, withdrawal,
// deactivation, changes to users and settings) run last; after each of their accepted requests, and before
// every operation, the fixtures are checked and whatever piece is gone or changed is made again (a session
// opened again, a draft study created anew; a new lab only if the manager's account itself is gone). The run
// is deterministic: the run's fixed seed (FUZZ_SEED, support/fuzz.ts), shown in the test's name and in every failure with
// the request that failed.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, type TestApp } from '../support/testApp';
import { startSmtp, type RunningSmtp } from '../support/smtp';
import { FUZZ_SEED, fuzzRuns, fuzzTimeout } from '../../support/fuzz';
import { buildWorld, restoreWorld, type FuzzCaller, type FuzzState, type FuzzWorld } from '../support/fuzzWorld';
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

/** The run's seed (support/fuzz.ts); operation n uses SEED + n. */
const SEED = FUZZ_SEED;
/**
 * Requests per operation; fewer where each request hashes or verifies a password (argon2 costs ~30 ms).
 * FUZZ_RUNS multiplies both for a longer search.
 */
const RUNS = fuzzRuns(40).numRuns;
const PASSWORD_RUNS = fuzzRuns(10).numRuns;
const PASSWORD_PATHS = /login|signup|register|createlab|password|\/create$|systemowner\/users\/\{id\}$/;
/** Operations that can take away what other requests aim at. */
const DESTRUCTIVE = /logout|withdraw|deactivate|\/access$|systemowner\/users\/\{id\}$|edit_except_consent/;

jest.setTimeout(fuzzTimeout(300_000));

/** The callers an operation is for, by its path: most requests come from them, to reach the code behind. */
function audienceOf(op: Operation): FuzzCaller[] {
  if (op.path.startsWith('/api/app/')) return ['participant'];
  if (/systemowner|^\/api\/labs/i.test(op.path)) return ['owner'];
  if (op.path.startsWith('/api/users/lm/')) return ['manager'];
  return ['manager', 'labUser'];
}

function callersFor(op: Operation): fc.Arbitrary<FuzzCaller> {
  const audience = audienceOf(op);
  const others = (['owner', 'manager', 'labUser', 'participant'] as const).filter((c) => !audience.includes(c));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...audience) },
    { weight: 2, arbitrary: fc.constantFrom(...others) },
    { weight: 1, arbitrary: fc.constantFrom<FuzzCaller>('nobody', 'forged') },
  );
}

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
    newEmail: 'someone-new@example.org',
    one: '1',
    two: '2',
    three: '3',
  };
}

/**
 * Which fixtures a string may name, by where it is: the operation's path, then 'path id', 'query expires' or
 * a body field's path. The first rule that matches decides; strings that match none are only generated.
 */
const HINT_RULES: Array<[where: RegExp, fixtures: RegExp | string[]]> = [
  [/filePath$/, ['photo.png', 'song.mp3', 'clip.mp4', 'scan.JPEG']],
  [/contentType$/, ['image/png', 'image/jpeg']],
  [/password$/i, ['participant-pass-1', 'a-new-password-2']],
  [/taskId$/, /^taskId$/],
  [/ path \*$|\.(file|key)$/, /^objectKey$/],
  [/expires$/, /^expires/],
  [/signature$/, /^signature/],
  [/email$/i, /^(email|newEmail)/],
  [/studyCode$/, /^studyCode$/],
  [/ path (ref|groupNum|stageNum)$/, /^(one|two|three|groupId|draftGroupId)$/],
  [/add_group path id$|stage_list\[\]\._id$|stageId$/i, /stageId$/i],
  [/participant_group_list\[\]\._id$|groupId$/i, /groupId$/i],
  [/^\/api\/qx_list\/mc\S* path setId$|choices$/, /^setId$/],
  [/^\/api\/(qx_list|app\/questionnaires)\S* path (id|questionnaireId)$|questionnaireId$|_list\[\](\._id)?$/, /^questionnaireId$/],
  [/^\/api\/(studies|participants|ema_tasks|diary_ax_tasks|app)\S* path (id|studyId)$|studyId$/, /studyId$/i],
  [/^\/api\/files\S* path id$/, /^fileId$/],
  [/^\/api\/users\S* path id$|managedByUserId$/, /^(labUserId|managerId)$/],
  [/labId$|\.lab$/, /^labId$/],
  [/participantId$/, /^participantId$/],
  [/grantId$/, /^grantId$/],
  [/(path id|Id|_id)$/, /Id$/],
];

function hintsFor(world: FuzzWorld, op: Operation): Hints {
  const keys = Object.keys(fixtureValues(world));
  return {
    stringsFor(where) {
      const rule = HINT_RULES.find(([pattern]) => pattern.test(`${op.path} ${where}`));
      if (!rule) return [];
      const [, fixtures] = rule;
      return Array.isArray(fixtures) ? fixtures : keys.filter((k) => fixtures.test(k)).map((k) => FIXTURE + k);
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
  let state: FuzzState;
  let remade = 0;
  /** The statuses of the current operation's requests (shown with FUZZ_PROFILE). */
  let statuses: number[] = [];

  beforeAll(async () => {
    // With a mail server, password resets work as deployed instead of answering 503 (no mail configured).
    smtp = await startSmtp();
    // Generated sign-ins fail by the dozen from one address; the limits (tested elsewhere) must not lock out
    // the fixtures' own sign-ins.
    t = await createTestApp(database, { SMTP_URL: smtp.url, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '10000', LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000' });
    state = await buildWorld(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  async function keepWorld(): Promise<void> {
    const restored = await restoreWorld(t.app, state);
    state = restored.state;
    remade += restored.remade;
  }

  /** Whether the server accepted the request (and so may have changed something). */
  async function send(op: Operation, generated: Request): Promise<boolean> {
    const fixtures = fixtureValues(state.world);
    const request: Request = {
      ...generated,
      pathValues: generated.pathValues.map((v) => String(resolve(v, fixtures))),
      query: generated.query.map(([k, v]) => [k, String(resolve(v, fixtures))]),
      body: resolve(generated.body, fixtures),
    };
    const url = urlOf(op, request);
    const { payload, headers } = payloadOf(request);
    let res: LightMyRequestResponse;
    try {
      res = await call(t.app, { method: op.method, url, payload, headers, token: state.world.tokens[request.caller] });
    } catch (error) {
      throw new Error(`seed ${SEED}: ${describeRequest(op, url, request, payload)} threw ${String(error)}`);
    }
    statuses.push(res.statusCode);
    if (process.env.FUZZ_PROFILE === 'messages' && res.statusCode === 400) process.stdout.write(`  400 ${op.method} ${op.path}: ${res.body.slice(0, 160)}\n`);
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
      statuses = [];
      const destructive = isDestructive(op);
      const property = fc.asyncProperty(requestArbitrary(op, callersFor(op), hintsFor(state.world, op)), async (request) => {
        // A refused request changed nothing; an accepted one of these may have taken a fixture away.
        if ((await send(op, request)) && destructive) await keepWorld();
      });
      const result = await fc.check(property, { seed: SEED + index, numRuns: PASSWORD_PATHS.test(op.path) ? PASSWORD_RUNS : RUNS, endOnFailure: true });
      if (process.env.FUZZ_PROFILE) {
        const tally = new Map<number, number>();
        for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
        const counts = [...tally].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
        process.stdout.write(`${Date.now() - opStarted} ms ${op.method} ${op.path} ${counts.join(' ')}\n`);
      }
      if (result.failed) failures.push(String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance));
    }
    expect(failures).toEqual([]);
    const config = await call(t.app, { method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThan(80);
    process.stdout.write(`fuzzOperations ${database}: ${operations.length} operations in ${Date.now() - started} ms, fixtures made again ${remade} times\n`);
  });
});
