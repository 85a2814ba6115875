// A study's data-rights choice (issue 36 part 3): GET/PUT /api/studies/{id}/data_rights for the lab user's own
// lab. Reading needs a lab user of the study's lab; changing needs the basic-information permission.
import type { FastifyPluginAsync } from 'fastify';
import type { DataRights } from '../../shared/dataRights';
import { actorOf } from '../plugins/auditActor';
import { requireAccess, requireLabUser } from '../plugins/auth';
import { studyOfLab } from './shared/labStudy';
import { dataRightsOf, saveDataRights } from '../services/studies/dataRights';
import { bearerAuth, errorResponses, idParam } from './schemas/common';
import { dataRightsBodySchema, dataRightsSchema } from './schemas/dataRights';

type WithId = { Params: { id: string } };
type Change = WithId & { Body: Partial<DataRights> | null };

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
};
