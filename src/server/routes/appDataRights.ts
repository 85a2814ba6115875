// The participant's data rights in the app (issue 36 part 3): GET /api/app/me/export answers My data's zip;
// POST /api/app/me/delete erases the account after the password. The session's token is the call's idempotency key: once its account is erased, the same token
// sent again answers as the first call did (200, the same message), so an app that lost the first answer is not
// told its session is unknown.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { dataRightsMessages } from '../../shared/messages';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { bearerToken } from '../plugins/auth';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { badRequest } from '../httpErrors';
import { verifyPassword } from '../services/identity/passwords';
import { eraseParticipantAccount, wasErased } from '../services/participants/erasure';
import { messageSchema } from './schemas/common';
import { streamOnly } from './schemas/dataDownloads';
import { ZIP_MEDIA_TYPE } from '../../shared/types/dataDownloads';
import { myDataZip } from '../services/participants/myData';
import { appCommon, appErrorResponses, eraseAccountBody } from './schemas/app';

/** A live session, or the session of an account this token already erased (the handler then answers the first answer). */
async function participantOrErased(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    await requireParticipant(request, reply);
  } catch (error) {
    const token = bearerToken(request);
    const claims = token ? await request.server.ctx.tokens.verify(token) : null;
    if (claims && claims !== 'expired' && claims.kind === 'participant' && (await wasErased(request.server.ctx.db, claims.accountId))) return;
    throw error;
  }
}

export const appDataRightsRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);
  app.post<{ Body: { password: string } }>(
    '/api/app/me/delete',
    {
      preValidation: participantOrErased,
      schema: {
        ...appCommon,
        operationId: 'eraseParticipantAccount',
        summary: "Erase the account after its password: its email, sessions and push subscriptions go, and each study's answers are deleted or kept with no link to a person as the study chose; the same token again after success answers the same 200",
        body: eraseAccountBody,
        response: { 200: messageSchema, ...appErrorResponses },
      },
    },
    async (request) => {
      if (!request.participantAuth) return { message: dataRightsMessages.accountErased };
      const { participant } = participantOf(request);
      if (!(await verifyPassword(participant.password_hash, request.body.password))) throw badRequest(dataRightsMessages.erasePasswordWrong);
      await eraseParticipantAccount(app.ctx, participant, { kind: 'participant', id: participant.id, email: null }, request.log);
      return { message: dataRightsMessages.accountErased };
    },
  );

  app.get(
    '/api/app/me/export',
    {
      preValidation: requireParticipant,
      schema: {
        ...appCommon,
        operationId: 'exportMyData',
        summary: 'My data: a zip of account.json, participations.json, answers.json, answers.csv (a row per answer item), photos.json and the photos',
        response: { 200: streamOnly(ZIP_MEDIA_TYPE), ...appErrorResponses },
      },
    },
    async (request, reply) => {
      const zip = await myDataZip(app.ctx, participantOf(request).participant);
      return reply.type(ZIP_MEDIA_TYPE).header('Content-Disposition', 'attachment; filename="my-data.zip"').header('Cache-Control', 'no-store').send(Buffer.from(zip));
    },
  );
};
