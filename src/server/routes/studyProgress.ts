// Study Progress (part 2 section 2.7, issue 7): compliance of one stage and group's participants. Another
// lab's study, and a stage or group that is not the study's, answer 404.
import type { FastifyPluginAsync } from 'fastify';
import { studyMessages } from '../../shared/messages';
import type { StudyProgressBody } from '../../shared/types/progress';
import type { ScoreProgressBody } from '../../shared/types/scoreProgress';
import { notFound } from '../httpErrors';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { findStudyInLab } from '../repositories/studies';
import { findProgressPlace, studyProgress } from '../services/studies/studyProgress';
import { bearerAuth, errorResponses, idParam } from './schemas/common';
import { progressAnswerSchema, progressBodySchema } from './schemas/studyProgress';
import { scoreProgressAnswerSchema, scoreProgressBodySchema } from './schemas/scoreProgress';
import { scoreProgress } from '../services/studies/scoreProgress';

export const studyProgressRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { studyId: string }; Body: StudyProgressBody }>(
    '/api/participants/:studyId/progress',
    {
      preValidation: requireLabUser,
      schema: {
        operationId: 'getStudyProgress',
        tags: ['participants'],
        security: bearerAuth,
        summary: "Compliance of a stage and group's participants: per participant, and per day of the study",
        params: idParam('studyId'),
        body: progressBodySchema,
        response: { 200: progressAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const db = app.ctx.db;
      const study = await findStudyInLab(db, request.params.studyId, labUserOf(request).user.lab_id);
      if (!study) throw notFound(studyMessages.studyNotFound);
      return studyProgress(db, await findProgressPlace(db, study, request.body), undefined, request.body.includePilot === true);
    },
  );

  app.post<{ Params: { studyId: string }; Body: ScoreProgressBody }>(
    '/api/participants/:studyId/progress/scores',
    {
      preValidation: requireLabUser,
      schema: {
        operationId: 'getStudyScoreProgress',
        tags: ['participants'],
        security: bearerAuth,
        summary: "A score of the group's questionnaires per day of the study: the mean, lowest and highest of the participants' day means (issue 34)",
        params: idParam('studyId'),
        body: scoreProgressBodySchema,
        response: { 200: scoreProgressAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const db = app.ctx.db;
      const study = await findStudyInLab(db, request.params.studyId, labUserOf(request).user.lab_id);
      if (!study) throw notFound(studyMessages.studyNotFound);
      return scoreProgress(db, await findProgressPlace(db, study, request.body), request.body);
    },
  );
};
