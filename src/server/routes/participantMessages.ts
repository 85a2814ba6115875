// The Participant List's Send Message (issue 33, part 4): a lab user of the study's lab writes to chosen
// participants of the study. Another lab's study answers 404; the system owner is refused (403), as on the
// Participant List's other calls.
import type { FastifyPluginAsync } from 'fastify';
import type { SendMessageBody } from '../../shared/inbox';
import { actorOf } from '../plugins/auditActor';
import { requireLabUser } from '../plugins/auth';
import { sendMessage } from '../services/messages/sendMessage';
import { portalOrigin } from '../services/email/portalOrigin';
import { findLab } from '../repositories/labs';
import { studyOfLab } from './shared/labStudy';
import { bearerAuth, errorResponses } from './schemas/common';
import { sendMessageAnswerSchema, sendMessageBody } from './schemas/messages';

const studyParam = { type: 'object', required: ['studyId'], properties: { studyId: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

export const participantMessageRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { studyId: string }; Body: SendMessageBody }>(
    '/api/participants/:studyId/messages',
    {
      preValidation: requireLabUser,
      schema: {
        tags: ['participants'],
        security: bearerAuth,
        operationId: 'sendParticipantMessage',
        summary:
          "Send a message to chosen participants of the study: listed in their app, pushed to those with a working push subscription and emailed to the others; recorded in the audit trail. Not idempotent: each call is a message of its own",
        params: studyParam,
        body: sendMessageBody,
        response: { 200: sendMessageAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      const { db, mailer, messagePush } = app.ctx;
      const lab = await findLab(db, study.lab_id);
      const origin = portalOrigin(app.ctx.config, lab?.organization ?? 1);
      return sendMessage({ db, mailer, push: messagePush, log: request.log }, study, request.body, actorOf(request), origin);
    },
  );
};
