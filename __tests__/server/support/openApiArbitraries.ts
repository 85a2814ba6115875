// Requests generated from the OpenAPI description (app.swagger()): every operation with its path and query
// parameters and its JSON body, each value drawn from its documented schema or from hostile values (random and
// odd strings, huge, negative and fractional numbers, wrong types, null, over-long strings and arrays, missing
// and extra fields). Strings named like an id also draw from the fixtures' real ids, so that generated requests
// get past "not found" to the code behind it.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
}

interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented, with {name} for each path parameter. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (!op) continue;
      const params = (where: string) =>
        (op.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      operations.push({ method, path, pathParams: params('path'), queryParams: params('query'), body: op.requestBody?.content?.['application/json']?.schema ?? null });
    }
  }
  return operations;
}

/** Strings that have broken servers: number-like text, NUL, lone surrogates, SQL, paths, a long run. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '😀',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '99999999999999999999',
  '-99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '0x1F',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  '../../etc/passwd',
  '%00',
  '__proto__',
  'constructor',
  '2024-02-30',
  '25:61',
  'x'.repeat(5000),
];

const HUGE_NUMBERS = [1e20, -1e20, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 31, -(2 ** 31) - 1, 1e308, -1e308, 5e-324, -1, 0.5, -0.5, 0];

/** Numbers as text: what a query string or a text field holding a number may carry. */
const NUMBER_TEXTS = ['99999999999999999999', '1e309', '-1e309', '9223372036854775808', '-9223372036854775809', '1e20', '2147483648', 'NaN', '-0', '1.0000000000000002'];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.bigInt().map(String),
  fc.double().map(String),
);

const oddNumber: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(...HUGE_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

/** Any JSON value that no schema asked for. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Prototype pollution: an own "__proto__" field (as JSON.parse makes it), or constructor.prototype. */
const POLLUTING_FIELDS: Array<Record<string, unknown>> = [JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } }];

/** Values that break a schema near its edges: one past a bound, a long array, an object short of a field. */
function hostile(schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const edges: fc.Arbitrary<unknown>[] = [anyValue];
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number') || schema.anyOf) edges.push(fc.constantFrom(...HUGE_NUMBERS, ...NUMBER_TEXTS));
  if (schema.maxLength !== undefined) edges.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (schema.maximum !== undefined) edges.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 1e6 + 1));
  if (schema.minimum !== undefined) edges.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 0.5));
  if (types.includes('array')) edges.push(fc.constant(Array.from({ length: Math.min((schema.maxItems ?? 100) + 1, 2001) }, () => null)));
  if (types.includes('object')) {
    const required = schema.required ?? [];
    edges.push(valid.map((v) => (v && typeof v === 'object' && required.length ? { ...v, [required[0]]: undefined } : v)));
    edges.push(valid.map((v) => (v && typeof v === 'object' ? { ...v, unknownField: 'x' } : v)));
    edges.push(fc.tuple(valid, fc.constantFrom(...POLLUTING_FIELDS)).map(([v, fields]) => (v && typeof v === 'object' ? { ...v, ...fields } : v)));
    edges.push(valid.map((v) => [v]));
  }
  return fc.oneof(...edges);
}

export interface Hints {
  /**
   * Real values (ids, codes, emails) for the string at `where`: 'path id', 'query pageNumber', or a body
   * field's path such as 'body.stage_list[]._id'. None when the string has none.
   */
  stringsFor(where: string): string[];
}

/** Whether a value may break its schema (hostile values now and then, at any depth) or keeps to it. */
type Mode = 'keeps to its schema' | 'may break it';

const STRING_SAMPLE_LIMIT = 60;

function stringFor(schema: JsonSchema, where: string, hints: Hints, mode: Mode): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? STRING_SAMPLE_LIMIT, STRING_SAMPLE_LIMIT));
  if (schema.format === 'date-time') {
    const moment = fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((d) => d.toISOString());
    return mode === 'keeps to its schema' ? moment : fc.oneof({ weight: 4, arbitrary: moment }, { weight: 1, arbitrary: fc.string({ maxLength: max }) });
  }
  const choices: Array<fc.WeightedArbitrary<string>> = [{ weight: 2, arbitrary: fc.string({ minLength: min, maxLength: max }) }];
  if (schema.maxLength !== undefined) choices.push({ weight: 1, arbitrary: fc.constant('z'.repeat(schema.maxLength)) });
  const real = hints.stringsFor(where);
  if (real.length) choices.push({ weight: 12, arbitrary: fc.constantFrom(...real) });
  return fc.oneof(...choices);
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof(inRange, fc.constantFrom(min, max));
}

/**
 * A value of the schema at `where`. In 'may break it' mode, at each level now and then a hostile one instead;
 * half of all values keep to their schema throughout, so that requests also get past validation.
 */
export function valueOf(schema: JsonSchema, where: string, hints: Hints, mode?: Mode, depth = 0): fc.Arbitrary<unknown> {
  if (mode === undefined) {
    return fc.oneof(valueOf(schema, where, hints, 'keeps to its schema', depth), valueOf(schema, where, hints, 'may break it', depth));
  }
  const valid = validValueOf(schema, where, hints, mode, depth);
  if (mode === 'keeps to its schema') return valid;
  return fc.oneof({ weight: depth === 0 ? 3 : 12, arbitrary: valid }, { weight: 1, arbitrary: hostile(schema, valid) });
}

function validValueOf(schema: JsonSchema, where: string, hints: Hints, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const { anyOf, oneOf, ...beside } = schema;
  // A list of types becomes anyOf in OpenAPI 3.0 with its bounds beside it: each branch keeps them.
  const alternatives = anyOf ?? oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf({ ...beside, ...s }, where, hints, mode, depth + 1)));
  const types = typesOf(schema);
  if (types.length === 0) return anyValue;
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringFor(schema, where, hints, mode);
        case 'integer':
          return numberFor(schema, true);
        case 'number':
          return numberFor(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return depth > 6 || !schema.items
            ? fc.constant([])
            : fc.array(valueOf(schema.items, `${where}[]`, hints, mode, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
        case 'object': {
          const properties = schema.properties ?? {};
          if (depth > 6) return fc.constant({});
          const record: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [key, child] of Object.entries(properties)) record[key] = valueOf(child, `${where}.${key}`, hints, mode, depth + 1);
          return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
        }
        default:
          return anyValue;
      }
    }),
  );
}

/** How a body travels: as JSON (most of the time), as broken JSON, as another media type, or not at all. */
export type BodyForm = 'json' | 'broken json' | 'text' | 'form' | 'none';

export interface GeneratedRequest<Caller extends string> {
  caller: Caller;
  pathValues: string[];
  /** Raw, not percent-encoded: a malformed escape in the path. */
  rawPath: boolean;
  query: Array<[string, string]>;
  body: unknown;
  bodyForm: BodyForm;
}

function queryArbitrary(op: Operation, hints: Hints): fc.Arbitrary<Array<[string, string]>> {
  const perParam = op.queryParams.map((p) => {
    const documented = valueOf(p.schema, `query ${p.name}`, hints).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
    const value = fc.oneof({ weight: 3, arbitrary: documented }, { weight: 1, arbitrary: oddString });
    const present = fc.oneof({ weight: 5, arbitrary: value.map((v) => [v]) }, { weight: 1, arbitrary: fc.tuple(value, value).map((pair) => [...pair]) });
    const values = p.required ? fc.oneof({ weight: 9, arbitrary: present }, { weight: 1, arbitrary: fc.constant<string[]>([]) }) : fc.oneof(present, fc.constant<string[]>([]));
    return values.map((vs) => vs.map((v): [string, string] => [p.name, v]));
  });
  const extra = fc.oneof({ weight: 4, arbitrary: fc.constant<Array<[string, string]>>([]) }, { weight: 1, arbitrary: fc.tuple(oddString, oddString).map((pair) => [pair]) });
  return fc.tuple(fc.tuple(...perParam), extra).map(([lists, more]) => [...lists.flat(), ...more]);
}

export function requestArbitrary<Caller extends string>(
  op: Operation,
  callerArbitrary: fc.Arbitrary<Caller>,
  hints: Hints,
): fc.Arbitrary<GeneratedRequest<Caller>> {
  const pathValue = (name: string) => {
    const real = hints.stringsFor(`path ${name}`);
    return real.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: oddString }) : oddString;
  };
  const forms: Array<fc.WeightedArbitrary<BodyForm>> = op.body
    ? [
        { weight: 12, arbitrary: fc.constant('json') },
        { weight: 1, arbitrary: fc.constantFrom<BodyForm>('broken json', 'text', 'form', 'none') },
      ]
    : [
        { weight: 6, arbitrary: fc.constant('none') },
        { weight: 1, arbitrary: fc.constantFrom<BodyForm>('json', 'broken json', 'text') },
      ];
  return fc.record({
    caller: callerArbitrary,
    pathValues: fc.tuple(...op.pathParams.map((p) => pathValue(p.name))),
    rawPath: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    query: queryArbitrary(op, hints),
    body: op.body ? valueOf(op.body, 'body', hints) : anyValue,
    bodyForm: fc.oneof(...forms),
  });
}

/** Percent-encodes what encodeURIComponent can; a lone surrogate (which it refuses) goes as its UTF-8 replacement. */
function encodePathValue(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

export function urlOf<Caller extends string>(op: Operation, request: GeneratedRequest<Caller>): string {
  let path = op.path;
  op.pathParams.forEach((p, i) => {
    const value = request.pathValues[i];
    const encoded = request.rawPath ? `${value}%` : p.name === '*' ? value.split('/').map(encodePathValue).join('/') : encodePathValue(value);
    path = path.replace(`{${p.name}}`, encoded);
  });
  const query = request.query.map(([k, v]) => `${encodePathValue(k)}=${encodePathValue(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

export function payloadOf<Caller extends string>(request: GeneratedRequest<Caller>): { payload?: string; headers: Record<string, string> } {
  switch (request.bodyForm) {
    case 'json':
      return { payload: JSON.stringify(request.body) ?? 'null', headers: { 'content-type': 'application/json' } };
    case 'broken json':
      return { payload: (JSON.stringify(request.body) ?? '').slice(0, -1) + '{', headers: { 'content-type': 'application/json' } };
    case 'text':
      return { payload: String(JSON.stringify(request.body)), headers: { 'content-type': 'text/plain' } };
    case 'form':
      return { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 'none':
      return { headers: {} };
  }
}
