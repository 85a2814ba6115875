// Every value a request can carry has bounds in its schema, as the OpenAPI description shows them: numbers a
// minimum and a maximum, text a maxLength, lists a maxItems (enumerations and constants bound themselves).
// Unbounded numbers are how a page number of 1e20 once reached the database; new operations are held to it.
import { createTestApp, type TestApp } from '../support/testApp';
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../support/openApiArbitraries';

type Schema = JsonSchema & { additionalProperties?: boolean | JsonSchema; allOf?: JsonSchema[] };

function unbounded(schema: Schema, where: string, into: string[]): string[] {
  if (schema.enum || schema.const !== undefined) return into;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if ((types.includes('integer') || types.includes('number')) && (schema.minimum === undefined || schema.maximum === undefined)) {
    into.push(`${where}: a number without minimum and maximum`);
  }
  if (types.includes('string') && schema.maxLength === undefined) into.push(`${where}: text without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) into.push(`${where}: a list without maxItems`);
  for (const [key, child] of Object.entries(schema.properties ?? {})) unbounded(child, `${where}.${key}`, into);
  if (schema.items) unbounded(schema.items, `${where}[]`, into);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') unbounded(schema.additionalProperties, `${where}.*`, into);
  // A list of types becomes anyOf in OpenAPI 3.0, its bounds staying beside it: each branch has them too.
  const { anyOf, oneOf, allOf, ...beside } = schema;
  for (const alternative of [...(anyOf ?? []), ...(oneOf ?? []), ...(allOf ?? [])]) unbounded({ ...beside, properties: undefined, items: undefined, ...alternative }, where, into);
  return into;
}

describe('input bounds in the OpenAPI description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  it('bounds every number, text and list of every path, query and body', () => {
    const problems = operationsOf(t.app.swagger() as OpenApiDocument).flatMap((op) => {
      const name = `${op.method} ${op.path}`;
      return [
        ...op.pathParams.flatMap((p) => unbounded(p.schema, `${name} path ${p.name}`, [])),
        ...op.queryParams.flatMap((p) => unbounded(p.schema, `${name} query ${p.name}`, [])),
        ...(op.body ? unbounded(op.body, `${name} body`, []) : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('finds an unbounded value when there is one', () => {
    const schema: Schema = { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, tags: { type: 'array', items: { type: 'string' } } } };
    expect(unbounded(schema, 'body', [])).toEqual(['body.page: a number without minimum and maximum', 'body.tags: a list without maxItems', 'body.tags[]: text without maxLength']);
  });
});
