// The system owner's assessment list (part 2 section 7): the questionnaires of a managing user's lab, paged,
// for the owner's study editor's multi-selects.
import type { FastifyPluginAsync } from 'fastify';
import type { OwnerQuestionnaireListBody } from '../../shared/types/study';
import { requireSystemOwner } from '../plugins/auth';
import { questionnairePage } from '../services/studies/questionnaires';
import { managingUser } from '../services/studies/systemOwnerStudies';
import { bearerAuth, errorResponses } from './schemas/common';
import { pageQuerySchema } from './schemas/studies';
import { questionnaireListSchema } from './schemas/questionnaires';

export const systemOwnerQuestionnaireRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Querystring: { pageNumber: number }; Body: OwnerQuestionnaireListBody }>(
    '/api/qx_list/systemowner',
    {
      preValidation: requireSystemOwner,
      schema: {
        tags: ['system owner: studies'],
        security: bearerAuth,
        operationId: 'listManagedQuestionnaires',
        summary: "The questionnaires of the managing user's lab, newest first",
        querystring: pageQuerySchema,
        body: { type: 'object', required: ['managedByUserId'], properties: { managedByUserId: { type: 'string', minLength: 1, maxLength: 64 } } },
        response: { 200: questionnaireListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await managingUser(app.ctx.db, request.body.managedByUserId);
      return questionnairePage(app.ctx.db, user.lab_id, request.query.pageNumber);
    },
  );
};
