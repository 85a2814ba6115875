// Two checks on every value of a request (path, query and body, keys included), for every route, after the
// schemas have shaped and coerced them, so that such a request is a 400 with a message on both databases
// instead of a failed query:
// - No text may hold U+0000. PostgreSQL cannot store it in text (it refuses the whole statement), no field of
//   the product has a use for it, and it is a classic way to cut a string short in other software.
// - No number may be infinite. Ajv's coercion turns the text 'Infinity' or '1e400' into Infinity and then skips
//   minimum and maximum (they only look at finite numbers), so `?pageNumber=Infinity` passed its bounds.
import type { FastifyInstance } from 'fastify';
import { generalMessages } from '../../shared/messages';
import { badRequest } from '../httpErrors';

/** The first problem with any value inside `value`, or null. Iterative: a body may nest deeply. */
export function inputValueProblem(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return generalMessages.nulCharacter;
    } else if (typeof next === 'number') {
      if (!Number.isFinite(next)) return generalMessages.infiniteNumber;
    } else if (Array.isArray(next)) {
      for (const child of next) pending.push(child);
    } else if (next !== null && typeof next === 'object') {
      // for…in with an own-key test: Object.entries made an array per key, on every request's every object.
      const record = next as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        if (key.includes('\u0000')) return generalMessages.nulCharacter;
        pending.push(record[key]);
      }
    }
  }
  return null;
}

function hasKeys(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return value !== undefined;
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

export function registerInputValueChecks(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise. Most calls carry nothing to
  // check (no path parameter, no query string, no body): they pass without a walk. A query without a query string
  // holds only the schema's defaults, which are finite and plain.
  app.addHook('preHandler', (request, _reply, done) => {
    const hasQuery = request.url.includes('?');
    if (!hasQuery && request.body === undefined && !hasKeys(request.params)) return done();
    const problem = inputValueProblem(request.params) ?? (hasQuery ? inputValueProblem(request.query) : null) ?? inputValueProblem(request.body);
    done(problem ? badRequest(problem) : undefined);
  });
}
