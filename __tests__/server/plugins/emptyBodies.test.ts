// A call that takes no body answers the same whatever content type, or none, comes with its empty body. The
// operations are read from the app's own OpenAPI description, so a route added later is walked too.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, uploadLocalFile, type TestApp } from '../support/testApp';
import { messageOf, registerUser } from '../support/api';
import type { Study } from '../../../src/shared/types/study';
import { authMessages, generalMessages } from '../../../src/shared/messages';
import { PNG } from '../../support/mediaSamples';

// Four worlds of a lab each, with accounts whose passwords are hashed (argon2id) on a busy machine.
jest.setTimeout(60_000);

const MISSING_ID = '000000000000000000000000';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
}

interface OpenApi {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { requestBody?: unknown }>>>;
}

/** The ways a client sends an empty body. */
const VARIANTS: Record<string, Record<string, string>> = {
  'no content type': {},
  'application/json and an empty body': { 'content-type': 'application/json', 'content-length': '0' },
  'an empty form-encoded body (axios)': { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
  'application/json and no Content-Length (curl -X POST)': { 'content-type': 'application/json' },
};

/** Every operation of the description that takes no body: logout and the lifecycle calls last, in a fixed order. */
function operationsWithoutBody(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation && operation.requestBody === undefined) operations.push({ method: method.toUpperCase() as Operation['method'], path });
    }
  }
  // Deletions after the calls that read and change the same records; signing out at the very end.
  const rank = (o: Operation) => (o.path === '/api/users/logout' ? 2 : o.method === 'DELETE' ? 1 : 0);
  return operations.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const name = (o: Operation) => `${o.method} ${o.path}`;

/** One lab and its records, for the calls of one variant: no variant sees what another changed. */
interface World {
  manager: string;
  owner: string;
  labId: string;
  userId: string;
  studyId: string;
  questionnaireId: string;
  fileId: string;
}

/** Which record an `{id}` stands for, by the path it is in; a parameter not known here gets an id that is not. */
const idOwners: Array<[RegExp, keyof World]> = [
  [/^\/api\/studies\//, 'studyId'],
  [/^\/api\/qx_list\/\{id\}/, 'questionnaireId'],
  [/^\/api\/files\/mediafile\//, 'fileId'],
  [/^\/api\/users\/(lm|systemowner)\/users\//i, 'userId'],
];

function urlOf(operation: Operation, world: World): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, param: string) => {
    if (param === 'labId') return world.labId;
    if (param === 'id') {
      const owner = idOwners.find(([pattern]) => pattern.test(operation.path));
      if (owner) return world[owner[1]];
    }
    return MISSING_ID;
  });
}

/** What an answer says: its status, and for a refusal its message. */
function outcome(res: LightMyRequestResponse): string {
  if (res.statusCode < 400) return String(res.statusCode);
  return `${res.statusCode} ${messageOf(res)}`;
}

describe.each(databases)('calls without a body (%s)', (database) => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(database);
    operations = operationsWithoutBody(t.app);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  async function createWorld(): Promise<World> {
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner, 1);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const user = await registerUser(t.app, owner, lab.labId);
    const study = await call(t.app, { method: 'POST', url: '/api/studies', token: manager, payload: { chin_name: 'Empty bodies' } });
    const questionnaire = await call(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { chin_name: 'Mood', abbrev: `M${Date.now()}` } });
    const file = await uploadLocalFile(t.app, manager, lab.labId, 'photo.png', PNG);
    for (const res of [study, questionnaire, file]) expect(res.statusCode).toBe(201);
    // A study that can run, so that Activate with an empty body can succeed (shared/study/activation.ts); its
    // questionnaire is one of its own, so the world's questionnaire stays free to delete.
    const stage = json<Study>(study).stage_list[0];
    const inStudy = await call(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { chin_name: 'In the study', abbrev: `S${Date.now()}` } });
    const runnable = await call(t.app, {
      method: 'PUT',
      url: `/api/studies/${json<Study>(study)._id}/edit_except_consent`,
      token: manager,
      payload: { stage_list: [{ _id: stage._id, chin_name: 'Stage one', participant_group_list: [{ _id: stage.participant_group_list[0]._id, no_submission_limit_list: [json<{ _id: string }>(inStudy)._id] }] }] },
    });
    const consent = await call(t.app, { method: 'PUT', url: `/api/studies/${json<Study>(study)._id}/edit_consent`, token: manager, payload: { consent: '', consentNeeded: false } });
    for (const res of [runnable, consent]) expect(res.statusCode).toBe(200);
    return {
      manager,
      owner,
      labId: lab.labId,
      userId: user._id,
      studyId: json<{ _id: string }>(study)._id,
      questionnaireId: json<{ _id: string }>(questionnaire)._id,
      fileId: json<{ _id: string }>(file)._id,
    };
  }

  /** Every operation, as the lab manager and as the system owner, with one variant's headers. */
  async function walk(headers: Record<string, string>): Promise<Record<string, string>> {
    const world = await createWorld();
    const answers: Record<string, string> = {};
    for (const operation of operations) {
      for (const [caller, token] of [['manager', world.manager], ['owner', world.owner]] as const) {
        const res = await call(t.app, { method: operation.method, url: urlOf(operation, world), token, headers });
        answers[`${name(operation)} as ${caller}`] = outcome(res);
      }
    }
    return answers;
  }

  it('walks the operations of the OpenAPI description, including the specification calls with an empty body', () => {
    const names = operations.map(name);
    for (const call of [
      'POST /api/users/logout',
      'POST /api/studies/{id}/activate',
      'POST /api/studies/{id}/deactivate',
      'PUT /api/studies/{id}/add_stage',
      'DELETE /api/studies/{id}',
    ]) {
      expect(names).toContain(call);
    }
    // Calls that take a body are not walked.
    expect(names).not.toContain('POST /api/users/login');
    expect(names).not.toContain('PUT /api/studies/{id}/edit_basic');
    // Create Study takes its name (it took an empty body in the specification).
    expect(names).not.toContain('POST /api/studies');
  });

  it('answers every operation the same with no content type, JSON, or a form type on an empty body', async () => {
    const answers: Record<string, Record<string, string>> = {};
    for (const [variant, headers] of Object.entries(VARIANTS)) answers[variant] = await walk(headers);

    const plain = answers['no content type'];
    for (const [variant, got] of Object.entries(answers)) {
      expect({ variant, answers: got }).toEqual({ variant, answers: plain });
      const refusedForTheBody = Object.entries(got).filter(([, o]) => o.startsWith('415') || o.includes(generalMessages.malformedBody));
      expect({ variant, refusedForTheBody }).toEqual({ variant, refusedForTheBody: [] });
    }
    // And they do what they are for: the lab manager's calls succeed, the owner's own calls too.
    expect(plain).toMatchObject({
      'POST /api/studies/{id}/activate as manager': '200',
      'POST /api/studies/{id}/deactivate as manager': '200',
      'PUT /api/studies/{id}/add_stage as manager': '200',
      'DELETE /api/studies/{id} as manager': '200',
      'DELETE /api/files/mediafile/{id} as manager': '200',
      'DELETE /api/users/systemowner/users/{id} as owner': '200',
      'POST /api/users/logout as manager': '200',
      'POST /api/users/logout as owner': '200',
    });
  });

  it('still reads a body that is there: an unknown type answers 415, broken JSON 400', async () => {
    const login = { method: 'POST' as const, url: '/api/users/login' };
    const xml = await call(t.app, { ...login, headers: { 'content-type': 'application/xml' }, payload: '<email>a</email>' });
    expect(xml.statusCode).toBe(415);
    const form = await call(t.app, { ...login, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a&password=b' });
    expect(form.statusCode).toBe(415);
    const broken = await call(t.app, { ...login, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(messageOf(broken)).toBe(generalMessages.malformedBody);
  });

  it('refuses an empty body where a body is needed through the schema (400), whatever its label', async () => {
    for (const headers of Object.values(VARIANTS)) {
      const res = await call(t.app, { method: 'POST', url: '/api/users/login', headers });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(new RegExp(`^${generalMessages.invalidRequest}: body must be object`));
    }
  });

  it('ends the session on logout sent as axios sends it, so the old token is refused', async () => {
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner, 1);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const form = VARIANTS['an empty form-encoded body (axios)'];
    for (const [token, check] of [
      [manager, '/api/studies'],
      [owner, '/api/labs'],
    ]) {
      expect((await call(t.app, { method: 'GET', url: check, token })).statusCode).toBe(200);
      const res = await call(t.app, { method: 'POST', url: '/api/users/logout', token, headers: form });
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(authMessages.signedOut);
      const after = await call(t.app, { method: 'GET', url: check, token });
      expect(after.statusCode).toBe(401);
    }
  });
});
