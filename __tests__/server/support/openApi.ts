// The app's OpenAPI document as the tests read it: its operations, and Redocly's lint of it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A JSON Schema as the document holds it. */
export type SchemaObject = { [keyword: string]: unknown };

export interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: SchemaObject }>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; url?: string } };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components?: { schemas?: Record<string, SchemaObject>; securitySchemes?: Record<string, unknown> };
}

export interface Operation {
  method: HttpMethod;
  path: string;
  /** "GET /api/studies": how failures name an operation. */
  name: string;
  operation: OperationObject;
}

export function documentOf(app: FastifyInstance): OpenApiDocument {
  return app.swagger() as unknown as OpenApiDocument;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [pathName, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operations.push({ method, path: pathName, name: `${method.toUpperCase()} ${pathName}`, operation });
    }
  }
  return operations;
}

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** JSON pointer into the document, e.g. #/paths/~1api~1config/get/responses. */
  pointer: string;
}

/** Redocly's recommended rules on the document (run in a Node process of its own: the linter is an ES module). */
export function lintOpenApi(doc: OpenApiDocument): Promise<LintProblem[]> {
  const script = path.join(__dirname, 'redoclyLint.mjs');
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [script], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`Redocly lint failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as LintProblem[]);
    });
    child.stdin?.end(JSON.stringify(doc));
  });
}

/** "GET /api/config" and the rest of the pointer for a problem inside an operation; the pointer otherwise. */
export function placeOf(pointer: string): string {
  const parts = pointer.replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] !== 'paths' || parts.length < 2) return pointer;
  const [, pathName, method, ...rest] = parts;
  if (!method || !(HTTP_METHODS as readonly string[]).includes(method)) return [pathName, method, ...rest].filter(Boolean).join(' ');
  return [`${method.toUpperCase()} ${pathName}`, ...rest].join(' › ');
}

/** One line per problem: severity, rule, where, what. */
export function describeProblem(problem: LintProblem): string {
  return `${problem.severity} ${problem.ruleId} at ${placeOf(problem.pointer)}: ${problem.message}`;
}
