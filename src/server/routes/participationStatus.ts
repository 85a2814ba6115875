// Withdraw and Mark As Completed on the Participant List (PARTICIPANTS.md step 6): a lab user of the study's lab
// ends a participation. Like Assign To Another Stage, no permission entry gates it; another lab's study or
// participant answers 404.
import { actorOf } from '../plugins/auditActor';
import type { FastifyPluginAsync } from 'fastify';
import { PARTICIPATION_ENDS, participationStatusMessages, type SetParticipationStatusBody } from '../../shared/participationStatus';
import { requireLabUser } from '../plugins/auth';
import { setParticipationStatus } from '../services/participants/participants';
import { participantAnswerSchema } from './schemas/participants';
import { studyOfLab } from './shared/labStudy';
import { bearerAuth, errorResponses } from './schemas/common';

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;

const bodySchema = {
  type: 'object',
  required: ['studyId', 'status'],
  additionalProperties: false,
  properties: { studyId: idString, status: { type: 'string', enum: [...PARTICIPATION_ENDS] } },
} as const;

export const participationStatusRoutes: FastifyPluginAsync = async (app) => {
  app.patch<{ Params: { participantId: string }; Body: SetParticipationStatusBody }>(
    '/api/participants/:participantId/status',
    {
      preValidation: requireLabUser,
      schema: {
        tags: ['participants'],
        security: bearerAuth,
        operationId: 'setParticipationStatus',
        summary: 'Withdraw a participant, or mark them as completed: their tasks still to come are cancelled, answers kept',
        params: { type: 'object', required: ['participantId'], properties: { participantId: idString } },
        body: bodySchema,
        response: { 200: participantAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.body.studyId);
      const { status } = request.body;
      const participant = await setParticipationStatus(app.ctx.db, study, request.params.participantId, status, actorOf(request));
      return { message: participationStatusMessages[status], participant };
    },
  );
};
