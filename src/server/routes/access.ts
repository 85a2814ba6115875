// GET /api/access/get_all_access: the caller's permission entries, fetched by the portal after sign-in.
import type { FastifyPluginAsync } from 'fastify';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { accessOf } from '../services/identity/accounts';
import { accessListSchema, bearerAuth, errorResponses } from './schemas/common';

export const accessRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/access/get_all_access',
    {
      preValidation: requireLabUser,
      schema: {
        tags: ['access'],
        operationId: 'listOwnAccess',
        summary: "The signed-in lab user's permission entries",
        security: bearerAuth,
        response: { 200: { type: 'object', required: ['allAccess'], properties: { allAccess: accessListSchema } }, ...errorResponses },
      },
    },
    async (request) => ({ allAccess: await accessOf(app.ctx.db, labUserOf(request).user) }),
  );
};
