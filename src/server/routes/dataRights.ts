// A study's data-rights choice (issue 36 part 3): GET/PUT /api/studies/{id}/data_rights for the lab user's own
// lab. Reading needs a lab user of the study's lab; changing needs the basic-information permission. And the
// researcher's erasure of a participant on request, which any lab user of the study's lab may make, as the other
// participant-management actions (withdraw, assign).
import type { FastifyPluginAsync } from 'fastify';
import type { DataRights } from '../../shared/dataRights';
import { actorOf } from '../plugins/auditActor';
import { requireAccess, requireLabUser } from '../plugins/auth';
import { studyOfLab } from './shared/labStudy';
import { dataRightsOf, saveDataRights } from '../services/studies/dataRights';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { dataRightsMessages, participantMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { eraseFromStudy } from '../services/participants/erasure';
import { dataRightsBodySchema, dataRightsSchema } from './schemas/dataRights';

type WithId = { Params: { id: string } };
type Change = WithId & { Body: Partial<DataRights> | null };

type Erase = { Params: { studyId: string; participantId: string } };
const eraseParams = {
  type: 'object',
  required: ['studyId', 'participantId'],
  properties: { studyId: { type: 'string', minLength: 1, maxLength: 64 }, participantId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const dataRightsRoutes: FastifyPluginAsync = async (app) => {
  const lab = { tags: ['studies'], security: bearerAuth, params: idParam('id') };
  const read = { 200: dataRightsSchema, ...errorResponses };

  app.get<WithId>(
    '/api/studies/:id/data_rights',
    { preValidation: requireLabUser, schema: { ...lab, operationId: 'getStudyDataRights', summary: "The study's data-rights choice: answers kept on erasure, retention date", response: read } },
    async (request) => dataRightsOf(await studyOfLab(request, request.params.id)),
  );

  app.put<Change>(
    '/api/studies/:id/data_rights',
    {
      preValidation: requireAccess('editBasicInfo'),
      schema: {
        ...lab,
        operationId: 'saveStudyDataRights',
        summary: "Change the data-rights choice (the fields named; 400 with the rule's message; 409 when keepAnswersOnErasure changes after activation or a join)",
        body: dataRightsBodySchema,
        response: read,
      },
    },
    async (request) => saveDataRights(app.ctx.db, await studyOfLab(request, request.params.id), request.body ?? {}, actorOf(request)),
  );

  app.post<Erase>(
    '/api/participants/:studyId/:participantId/erase',
    {
      preValidation: requireLabUser,
      schema: {
        tags: ['participants'],
        security: bearerAuth,
        params: eraseParams,
        operationId: 'eraseParticipant',
        summary: "Erase a participant on their request: this study's answers deleted or kept unlinked as the study chose; the account too when they are in no other study (404 when not in the study)",
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      if (!(await eraseFromStudy(app.ctx, study, request.params.participantId, actorOf(request), request.log))) throw notFound(participantMessages.participantNotFound);
      return { message: dataRightsMessages.participantErased };
    },
  );
};
