// Pilot mode's warnings before launch (issue 20): what in the study's schedule and questionnaires a researcher
// wants to know before anyone joins. The pilot API's permission: the study editor's (editBasicInfo), of the
// study's lab; another lab's study answers 404.
import type { FastifyPluginAsync } from 'fastify';
import { requireAccess } from '../plugins/auth';
import { readPilotWarnings } from '../services/pilot/warnings';
import { studyOfLab } from './shared/labStudy';
import { pilotStudyParam } from './schemas/pilots';
import { pilotWarningsSchema } from './schemas/pilotWarnings';
import { bearerAuth, errorResponses } from './schemas/common';

export const pilotWarningRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { studyId: string } }>(
    '/api/studies/:studyId/pilot-warnings',
    {
      preValidation: requireAccess('editBasicInfo'),
      schema: {
        tags: ['pilot'],
        security: bearerAuth,
        operationId: 'getPilotWarnings',
        summary: 'Warnings before launch: night prompts, reminders after their window, hidden required questions, settings that never fit, empty questionnaires',
        params: pilotStudyParam,
        response: { 200: pilotWarningsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      return { warnings: await readPilotWarnings(app.ctx.db, study) };
    },
  );
};
