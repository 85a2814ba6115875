// No text of a request may hold U+0000. PostgreSQL cannot store it in text (it refuses the whole statement),
// no field of the product has a use for it, and it is a classic way to cut a string short in other software.
// One check here, for every route and every part of the input (path, query and body), after the schemas have
// shaped them, so that such a request is a 400 with a message on both databases instead of a failed query.
import type { FastifyInstance } from 'fastify';
import { generalMessages } from '../../shared/messages';
import { badRequest } from '../httpErrors';

/** Whether any string in the value (keys included) holds U+0000. Iterative: a body may nest deeply. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const child of next) pending.push(child);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function registerTextInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw badRequest(generalMessages.nulCharacter);
  });
}
