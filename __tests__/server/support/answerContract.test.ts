// The check every test app runs on its answers finds each kind of mismatch with the OpenAPI document, and
// nothing in answers that match it. A small app of its own with one route per case.
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { AnswerContract, strictSchema } from './answerContract';

const item = {
  type: 'object',
  required: ['_id', 'count'],
  properties: { _id: { type: 'string' }, count: { type: 'integer' }, note: { type: 'string', nullable: true } },
} as const;
const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

async function appWith(contract: AnswerContract): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('preSerialization', async (request, reply, payload) => {
    contract.beforeSerialization(request, reply, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    contract.onSend(request, reply, payload);
    return payload;
  });
  await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
  const schema = { response: { 200: item, 404: message } };
  const routes: Record<string, (id: string) => unknown> = {
    good: (id) => ({ _id: id, count: 1, note: null }),
    extra: (id) => ({ _id: id, count: 1, password_hash: 'x' }),
    missing: () => ({ count: 1 }),
    wrongType: (id) => ({ _id: id, count: '1' }),
  };
  app.get<{ Params: { kind: string; id: string } }>('/items/:kind/:id', { schema }, async (request, reply) => {
    const { kind, id } = request.params;
    if (kind === 'teapot') return reply.status(418).send({ message: 'no' });
    if (kind === 'gone') return reply.status(404).send({ message: 'gone' });
    if (kind === 'text') return reply.type('text/plain').send('plain');
    return routes[kind](id);
  });
  app.get('/hidden', { schema: { hide: true } }, async () => ({ anything: true }));
  await app.ready();
  return app;
}

describe('the answer contract of the test apps', () => {
  let contract: AnswerContract;
  let app: FastifyInstance;
  beforeAll(async () => {
    contract = new AnswerContract();
    app = await appWith(contract);
  });
  afterAll(async () => app.close());
  afterEach(() => contract.takeProblems());

  async function problemsOf(url: string): Promise<string[]> {
    await app.inject({ method: 'GET', url });
    return contract.takeProblems();
  }

  it('finds nothing in answers that match, hidden routes and unknown addresses included', async () => {
    expect(await problemsOf('/items/good/a1')).toEqual([]);
    expect(await problemsOf('/items/gone/a1')).toEqual([]);
    expect(await problemsOf('/hidden')).toEqual([]);
    expect(await problemsOf('/nowhere')).toEqual([]);
  });

  it('fails a property the schema does not list, which the serialiser would drop', async () => {
    const [problem, ...rest] = await problemsOf('/items/extra/a1');
    expect(rest).toEqual([]);
    expect(problem).toContain('GET /items/:kind/:id → 200 (/items/extra/a1) does not match its schema');
    expect(problem).toContain('must NOT have additional properties "password_hash"');
  });

  it('fails a missing required property and a wrong type before the serialiser coerces it', async () => {
    // The serialiser then fails too, and its 500 is not documented either.
    expect(await problemsOf('/items/missing/a1')).toEqual([
      expect.stringContaining("must have required property '_id'"),
      expect.stringContaining('→ 500 (/items/missing/a1) has a status the document does not list'),
    ]);
    expect(await problemsOf('/items/wrongType/a1')).toEqual([expect.stringContaining('/count must be integer')]);
  });

  it('fails a status and a content type the document does not list', async () => {
    expect(await problemsOf('/items/teapot/a1')).toEqual([expect.stringContaining('418 (/items/teapot/a1) has a status the document does not list (it lists 200, 404)')]);
    expect(await problemsOf('/items/text/a1')).toEqual([expect.stringContaining('is text/plain; the document names application/json')]);
  });

  it('makes a schema strict only where it lists properties and says nothing of others', () => {
    expect(strictSchema({ type: 'object', properties: { a: { type: 'object', properties: {} } } })).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'object', properties: {}, additionalProperties: false } },
    });
    const open = { type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } };
    expect(strictSchema(open)).toEqual(open);
    expect(strictSchema({ type: 'object', additionalProperties: { type: 'string' } })).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
  });
});
