// The participant app's calls take JSON bodies only. Fastify also reads text/plain by default, so a JSON body
// labelled text/plain reached the schema as a string and answered 400 ("body must be object"). Without that
// parser, a body of any type but JSON answers 415, as the OpenAPI description says (plugins/docs.ts). Called in
// a route plugin, it holds for that plugin's routes only (parsers are encapsulated). An empty body has no type
// (emptyBodies.ts), so calls without a body still work whatever the label.
import type { FastifyInstance } from 'fastify';

export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
}
