// The API description is exact enough to generate a client from: Redocly's recommended rules find nothing in
// it, every operation has a unique operationId named for what it does, a summary, a declared tag and its
// security stated. A route added later is checked too: the document is the app's own.
import { createTestApp, type TestApp } from '../support/testApp';
import { describeProblem, documentOf, lintOpenApi, operationsOf, placeOf, type LintProblem, type OpenApiDocument } from '../support/openApi';

/**
 * What the recommended rules report and the product cannot change, each for a stated reason. Each must still be
 * reported (the last test), so an exception never outlives its cause.
 */
const ACCEPTED: Array<Pick<LintProblem, 'ruleId' | 'pointer'> & { reason: string }> = [
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1qx_list~1mc~1{setId}',
    reason: "The specification's addresses: /api/qx_list/mc/{setId} and /api/qx_list/{id}/edit. Fastify prefers the fixed segment, and no questionnaire id is \"mc\".",
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1studies~1systemowner~1{id}',
    reason: "The specification's addresses: /api/studies/systemowner/{id} and /api/studies/{id}/activate. Fastify prefers the fixed segment, and no study id is \"systemowner\".",
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1studies~1{studyId}~1pilot',
    reason: 'The pilot address of issue 20 beside /api/studies/systemowner/{id}, as above: no study id is "systemowner".',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1studies~1{studyId}~1pilot-warnings',
    reason: 'The pilot warnings of issue 20 beside /api/studies/systemowner/{id}, as above: no study id is "systemowner".',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1studies~1{id}~1prompting',
    reason: 'The prompting choice of issue 33 beside /api/studies/systemowner/{id}, as above: no study id is "systemowner".',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1studies~1{id}~1data_rights',
    reason: 'The data rights of issue 36 (its contract path) beside /api/studies/systemowner/{id}, as above: no study id is "systemowner".',
  },
];

const isAccepted = (problem: LintProblem) => ACCEPTED.some((a) => a.ruleId === problem.ruleId && a.pointer === problem.pointer);

/** camelCase, starting with a verb-like word: listStudies, submitResponse. */
const OPERATION_ID = /^[a-z]+(?:[A-Z0-9][a-z0-9]*)*$/;

describe('the OpenAPI description', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let problems: LintProblem[];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = documentOf(t.app);
    problems = await lintOpenApi(doc);
  }, 60_000);
  afterAll(async () => t.close());

  it('passes the recommended rules of Redocly with no error and no warning', () => {
    // One line per problem: which operation (or part of the document) and what it lacks.
    expect(problems.filter((p) => !isAccepted(p)).map(describeProblem)).toEqual([]);
  });

  it('still has every accepted problem, so none of the exceptions is stale', () => {
    const reported = (a: (typeof ACCEPTED)[number]) => problems.some((p) => p.ruleId === a.ruleId && p.pointer === a.pointer);
    expect(ACCEPTED.filter((a) => !reported(a)).map((a) => `${a.ruleId} at ${placeOf(a.pointer)}`)).toEqual([]);
  });

  it('gives every operation a camelCase operationId of its own', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((o) => !o.operation.operationId).map((o) => `${o.name} has no operationId`)).toEqual([]);
    const badlyNamed = operations.filter((o) => o.operation.operationId && !OPERATION_ID.test(o.operation.operationId));
    expect(badlyNamed.map((o) => `${o.name}: "${o.operation.operationId}" is not camelCase`)).toEqual([]);
    const byId = new Map<string, string[]>();
    for (const o of operations) if (o.operation.operationId) byId.set(o.operation.operationId, [...(byId.get(o.operation.operationId) ?? []), o.name]);
    const shared = [...byId].filter(([, names]) => names.length > 1).map(([id, names]) => `${id} is used by ${names.join(' and ')}`);
    expect(shared).toEqual([]);
  });

  it('gives every operation a summary and tags that the document declares with a description', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const missing: string[] = [];
    for (const o of operationsOf(doc)) {
      if (!o.operation.summary) missing.push(`${o.name} has no summary`);
      if (!o.operation.tags?.length) missing.push(`${o.name} has no tag`);
      for (const tag of o.operation.tags ?? []) if (!declared.get(tag)) missing.push(`${o.name}: tag "${tag}" is not declared with a description in plugins/docs.ts apiTags`);
    }
    expect(missing).toEqual([]);
  });

  it('states the security of every operation: the participant scheme on /api/app, the staff scheme elsewhere, none only on public calls', () => {
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    expect(schemes.sort()).toEqual(['apiKeyAuth', 'bearerAuth', 'participantAuth']);
    // An analyst's API key is accepted beside a session only by the data downloads and the study read (issue 36).
    const keyReads = [
      'GET /api/studies/{id}',
      'POST /api/data/{studyId}/download_text_resp',
      'POST /api/data/{studyId}/download_resp_time',
      'POST /api/data/{studyId}/download_analysis',
      'GET /api/data/{studyId}/{participantId}/download_img_resp',
      'POST /api/data/get_img_resp_link',
    ];
    const wrong: string[] = [];
    for (const o of operationsOf(doc)) {
      const security = o.operation.security;
      if (security === undefined) {
        wrong.push(`${o.name} states no security (use bearerAuth, participantAuth or noAuth from routes/schemas/common.ts)`);
        continue;
      }
      const names = security.flatMap((requirement) => Object.keys(requirement)).filter((n) => !(n === 'apiKeyAuth' && keyReads.includes(o.name)));
      const expected = o.path.startsWith('/api/app/') ? 'participantAuth' : 'bearerAuth';
      if (names.some((n) => n !== expected)) wrong.push(`${o.name} uses ${names.join(', ')}; expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    const withKeys = operationsOf(doc).filter((o) => (o.operation.security ?? []).some((r) => 'apiKeyAuth' in r)).map((o) => o.name);
    expect(withKeys.sort()).toEqual([...keyReads].sort());
  });

  it('declares the public calls as public, and only them', () => {
    const open = operationsOf(doc).filter((o) => o.operation.security?.length === 0).map((o) => o.name);
    expect(open.sort()).toEqual(
      [
        'GET /api/config',
        'GET /api/app/site',
        'POST /api/users/login',
        'POST /api/users/systemowner/login',
        'POST /api/users/login/second_factor',
        'POST /api/users/systemowner/login/second_factor',
        'PUT /api/files/upload/{grantId}',
        'GET /api/files/object/{key}',
        'POST /api/app/signup',
        'POST /api/app/login',
        'POST /api/app/password/reset_request',
        'POST /api/app/password/reset',
        'GET /api/app/prompt_emails/unsubscribe',
        'POST /api/app/prompt_emails/unsubscribe',
      ].sort(),
    );
  });
});
