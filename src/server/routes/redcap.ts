// REDCap instruments in and out (issue 35 part 2): POST /api/qx_list/import_redcap takes a data dictionary as
// text/csv and makes one questionnaire per form in the caller's lab; GET /api/qx_list/{id}/redcap answers the
// questionnaire as a dictionary. Only this plugin's routes read text/csv (parsers are encapsulated).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { REDCAP_DICTIONARY_MAX_BYTES, REDCAP_MEDIA_TYPE, redcapMessages } from '../../shared/redcap';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import { HttpError, badRequest } from '../httpErrors';
import { questionnaireOfLab } from '../services/studies/questionnaires';
import { exportDictionary, importDictionary } from '../services/redcap/redcapDictionaries';
import { attachmentDisposition } from '../storage/disposition';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { redcapBodySchema, redcapDictionaryAnswer, redcapImportAnswerSchema } from './schemas/redcap';

const mediaTypeOf = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

export const redcapRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['questionnaires'], security: bearerAuth };
  const db = () => app.ctx.db;

  app.addContentTypeParser(REDCAP_MEDIA_TYPE, { parseAs: 'string', bodyLimit: REDCAP_DICTIONARY_MAX_BYTES }, (_request, body, done) => done(null, body));
  // A dictionary declared larger than the limit is refused before it is read, with the limit in the message.
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > REDCAP_DICTIONARY_MAX_BYTES) throw new HttpError(413, redcapMessages.tooLarge);
  });

  app.post(
    '/api/qx_list/import_redcap',
    {
      preValidation: requireLabUser,
      bodyLimit: REDCAP_DICTIONARY_MAX_BYTES,
      schema: {
        ...common,
        operationId: 'importRedcapDictionary',
        summary: 'Import a REDCap data dictionary (text/csv) as one new questionnaire per form; what could not be carried is listed in notMapped',
        body: redcapBodySchema,
        response: { 201: redcapImportAnswerSchema, 413: messageSchema, 415: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (mediaTypeOf(request) !== REDCAP_MEDIA_TYPE && request.body !== undefined) throw new HttpError(415, redcapMessages.notCsvType);
      if (typeof request.body !== 'string') throw badRequest(redcapMessages.empty);
      const { user } = labUserOf(request);
      return reply.status(201).send(await importDictionary(db(), user, request.body, actorOf(request)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/qx_list/:id/redcap',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        params: idParam('id'),
        operationId: 'exportRedcapDictionary',
        summary: 'The questionnaire as a REDCap data dictionary (text/csv) that REDCap accepts',
        response: { 200: redcapDictionaryAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id);
      const file = await exportDictionary(db(), row);
      return reply
        .header('content-type', `${REDCAP_MEDIA_TYPE}; charset=utf-8`)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
