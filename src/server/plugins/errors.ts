// One error handler: every error answers JSON {message} (with any fields an HttpError names beside it); 5xx
// details go to the log, never to the user.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../httpErrors';
import { generalMessages } from '../../shared/messages';

function messageFor(error: FastifyError): { status: number; message: string; details?: Readonly<Record<string, number | readonly string[]>> } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, details: error.details };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, message: generalMessages.malformedBody };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: generalMessages.payloadTooLarge };
  if (error.validation) return { status: 400, message: `${generalMessages.invalidRequest}: ${error.message}` };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: generalMessages.serverError };
}

/**
 * Errors Fastify meets before a route is chosen (a malformed percent escape in the address) never reach the
 * error handler; they answer here in the same {message} form instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'request refused');
  void reply.status(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? generalMessages.badAddress : generalMessages.invalidRequest });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, details } = messageFor(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message }, 'request refused');
    return reply.status(status).send({ message, ...details });
  });
}
