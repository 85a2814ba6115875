// Activity (issue 21): the audit trail, read a page at a time. A study's viewers (the lab users of its lab) read
// its entries; a lab manager their lab's; the system owner everyone's. No call changes or deletes an entry.
import type { FastifyPluginAsync } from 'fastify';
import { requireSession } from '../plugins/auth';
import { activityPage, type ActivityQuery } from '../services/audit/activity';
import { activityPageSchema, activityQuerySchema } from './schemas/activity';
import { bearerAuth, errorResponses } from './schemas/common';

export const activityRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ActivityQuery }>(
    '/api/activity',
    {
      preValidation: requireSession,
      schema: {
        tags: ['activity'],
        security: bearerAuth,
        operationId: 'listActivity',
        summary: "Recorded changes, newest first: a study's (studyId), a lab's (the manager's own, or labId for the system owner), or all",
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireSession let a request without a session through');
      return activityPage(app.ctx.db, auth, request.query);
    },
  );
};
