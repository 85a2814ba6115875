// A request without a body has no media type. Clients still send one: axios labels an empty POST
// `application/x-www-form-urlencoded`, others say `application/json`. Fastify would look for a parser of that
// type and answer 415 (no parser) or 400 (empty JSON) before the route runs, so a call that takes no body
// (logout, activate, add_stage, create study, …) failed from such clients. Dropping the label of an empty body
// here, for every route at once, lets Fastify treat it as what it is: no body. A route that needs a body then
// refuses it through its schema (400), whatever label came with it.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A zero Content-Length, or in HTTP/1 neither Content-Length nor Transfer-Encoding (RFC 9112 section 6.3: then
 * the body is empty; `curl -X POST` sends such requests). The same test Fastify applies to a request without a
 * content type (handle-request.js). HTTP/2 frames a body without either header, so there only the zero counts.
 */
export function hasNoBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  if (length === '0') return true;
  return raw.httpVersionMajor === 1 && length === undefined && raw.headers['transfer-encoding'] === undefined;
}

export function registerEmptyBodies(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.headers['content-type'] !== undefined && hasNoBody(request.raw)) delete request.raw.headers['content-type'];
    done();
  });
}
