// Checks every answer of the test app against the OpenAPI document: the route is documented, so is the status,
// the content type is one the document names, and a JSON body matches the documented schema strictly (a
// property the schema does not list fails, where Fastify's serialiser would drop it silently). The handler's
// answer is checked before serialisation, so a field the schema lacks, a missing one or a wrong type is seen
// before the serialiser drops or coerces it.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerObserver } from '../../../src/server/app';
import { documentOf, operationsOf, type OpenApiDocument, type OperationObject, type ResponseObject, type SchemaObject } from './openApi';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is data, not a schema: left as they are. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples', 'required']);

/**
 * The schema with `additionalProperties: false` wherever it lists properties and says nothing of others, and
 * references into the document made absolute.
 */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$ref' && typeof value === 'string' && value.startsWith('#/')) out[keyword] = `openapi.json${value}`;
    else if (keyword === 'properties' && isObject(value)) out[keyword] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, strictSchema(s)]));
    else out[keyword] = DATA_KEYWORDS.has(keyword) ? value : strictSchema(value);
  }
  if (isObject(out.properties) && out.additionalProperties === undefined && out.patternProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The same key for /api/studies/:id (Fastify), /api/studies/{id} (OpenAPI) and a trailing wildcard. */
const pathKey = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/:[^/]+/g, '{}').replace(/\/\*$/, '/{}');

const mediaTypeOf = (header: unknown) => (typeof header === 'string' ? header.split(';')[0].trim().toLowerCase() : '');

interface Compiled {
  operations: Map<string, OperationObject>;
  validators: Map<object, ValidateFunction>;
  ajv: Ajv;
}

export class AnswerContract implements AnswerObserver {
  /** Answers that do not match the document, one line each, until a test takes them (takeProblems). */
  private problems: string[] = [];
  private compiled: Compiled | null = null;
  /** The status each answer had when checked before serialisation: the sent bytes of it need no second check. */
  private readonly checked = new WeakMap<FastifyRequest, number>();

  takeProblems(): string[] {
    const taken = this.problems;
    this.problems = [];
    return taken;
  }

  beforeSerialization(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    this.checked.set(request, reply.statusCode);
    const response = this.documentedResponse(request, reply);
    if (!response) return;
    this.checkBody(request, reply, response, 'application/json', JSON.parse(JSON.stringify(payload)) as unknown);
  }

  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    // A failed serialisation answers again, with another status: that answer is checked here.
    if (this.checked.get(request) === reply.statusCode) return;
    const response = this.documentedResponse(request, reply);
    if (!response) return;
    const mediaType = mediaTypeOf(reply.getHeader('content-type'));
    const empty = payload === null || payload === undefined || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
    if (empty) {
      if (response.content && !response.content['*/*']) this.report(request, reply, 'has no body; the document gives it one');
      return;
    }
    if (!response.content) return this.report(request, reply, `has a body (${mediaType}); the document gives it none`);
    if (mediaType !== 'application/json') {
      if (!response.content[mediaType] && !response.content['*/*']) this.report(request, reply, `is ${mediaType}; the document names ${Object.keys(response.content).join(', ')}`);
      return;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return this.report(request, reply, 'is JSON sent as a stream, which cannot be checked');
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return this.report(request, reply, 'says application/json but is not JSON');
    }
    this.checkBody(request, reply, response, mediaType, body);
  }

  /** The documented response for this answer's route and status; reports what is not documented. */
  private documentedResponse(request: FastifyRequest, reply: FastifyReply): ResponseObject | null {
    const url = request.routeOptions.url;
    // Not a route (the 404 of an unknown address), a route the document leaves out on purpose, or HEAD.
    if (url === undefined || request.routeOptions.schema?.hide || request.method === 'HEAD') return null;
    const operation = this.compile(request.server).operations.get(`${request.method.toLowerCase()} ${pathKey(url)}`);
    if (!operation) {
      this.report(request, reply, 'is the answer of a route the document does not describe');
      return null;
    }
    const status = String(reply.statusCode);
    const responses = operation.responses ?? {};
    const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!response) {
      this.report(request, reply, `has a status the document does not list (it lists ${Object.keys(responses).join(', ')})`);
      return null;
    }
    return response;
  }

  private checkBody(request: FastifyRequest, reply: FastifyReply, response: ResponseObject, mediaType: string, body: unknown): void {
    const schema = response.content?.[mediaType]?.schema ?? response.content?.['*/*']?.schema;
    if (!response.content) return this.report(request, reply, 'has a body; the document gives it none');
    if (!schema) return this.report(request, reply, `is ${mediaType}; the document names ${Object.keys(response.content).join(', ')}`);
    const validate = this.validatorFor(request.server, schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`);
      this.report(request, reply, `does not match its schema: ${errors.join('; ')} — body ${JSON.stringify(body).slice(0, 300)}`);
    }
  }

  private validatorFor(app: FastifyInstance, schema: SchemaObject): ValidateFunction {
    const { validators, ajv } = this.compile(app);
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(strictSchema(schema) as SchemaObject);
      validators.set(schema, validate);
    }
    return validate;
  }

  private compile(app: FastifyInstance): Compiled {
    if (this.compiled) return this.compiled;
    const doc: OpenApiDocument = documentOf(app);
    // OpenAPI 3.0 schemas: JSON Schema draft 7 keywords as Ajv reads them, with `nullable`; examples and other
    // annotations are not keywords Ajv knows, hence strict: false.
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ components: strictSchema(doc.components ?? {}) }, 'openapi.json');
    const operations = new Map(operationsOf(doc).map((o) => [`${o.method} ${pathKey(o.path)}`, o.operation]));
    this.compiled = { operations, validators: new Map(), ajv };
    return this.compiled;
  }

  private report(request: FastifyRequest, reply: FastifyReply, problem: string): void {
    this.problems.push(`${request.method} ${request.routeOptions.url ?? request.url} → ${reply.statusCode} (${request.url}) ${problem}`);
  }
}
