// The participant app's messages from research teams (PARTICIPANTS.md "Messages"): the list with the unread count,
// and marking one read (idempotent: the first moment stays, a repeat answers the same).
import type { FastifyPluginAsync } from 'fastify';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { messagesOf, readMessage } from '../services/messages/appMessages';
import { appCommon, appErrorResponses } from './schemas/app';
import { appMessagesSchema, messageParam, messageReadSchema } from './schemas/messages';

export const appMessageRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);

  app.get(
    '/api/app/messages',
    { preValidation: requireParticipant, schema: { ...appCommon, operationId: 'listAppMessages', summary: "The participant's messages from research teams, newest first, with how many are unread", response: { 200: appMessagesSchema, ...appErrorResponses } } },
    async (request) => messagesOf(app.ctx.db, participantOf(request).participant.id),
  );

  app.post<{ Params: { messageId: string } }>(
    '/api/app/messages/:messageId/read',
    {
      preValidation: requireParticipant,
      schema: {
        ...appCommon,
        operationId: 'readAppMessage',
        summary: 'Mark a message read (the first moment is kept: sent again, the same answer); another participant\'s message answers 404',
        params: messageParam,
        response: { 200: messageReadSchema, ...appErrorResponses },
      },
    },
    async (request) => readMessage(app.ctx.db, participantOf(request).participant.id, request.params.messageId),
  );
};
