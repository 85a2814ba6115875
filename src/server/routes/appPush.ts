// The participant app's Web Push calls (PARTICIPANTS.md): the server's VAPID public key, and storing or removing
// this device's subscription. The sender (services/push/pushSender.ts) pushes to what is stored here.
import type { FastifyPluginAsync } from 'fastify';
import { participantMessages } from '../../shared/messages';
import { pushEndpointAllowed, pushEndpointNotAllowed, pushEndpointProblem, pushSubscriptionProblem, type PushEndpointBody, type PushSubscriptionBody } from '../../shared/push';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { deleteSubscription, saveSubscription } from '../repositories/pushSubscriptions';
import { badRequest, unprocessable } from '../httpErrors';
import { newId, nowIso } from '../ids';
import { messageSchema } from './schemas/common';
import { appCommon, appErrorResponses, pushEndpointBody, pushKeySchema, pushSubscriptionBody, storedIdSchema } from './schemas/app';

export const appPushRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);

  app.get(
    '/api/app/push/key',
    { preValidation: requireParticipant, schema: { ...appCommon, operationId: 'getPushKey', summary: "The server's VAPID public key (base64url)", response: { 200: pushKeySchema, ...appErrorResponses } } },
    async () => ({ publicKey: app.ctx.push.publicKey }),
  );

  app.post<{ Body: PushSubscriptionBody }>(
    '/api/app/push/subscriptions',
    {
      preValidation: requireParticipant,
      schema: {
        ...appCommon,
        operationId: 'savePushSubscription',
        summary: "Store this device's push subscription (201); the same endpoint again answers 200 with the same id; 422 for an endpoint at no web push service",
        body: pushSubscriptionBody,
        response: { 200: storedIdSchema, 201: storedIdSchema, ...appErrorResponses, 422: messageSchema },
      },
    },
    async (request, reply) => {
      const { participant } = participantOf(request);
      const body: PushSubscriptionBody = { endpoint: request.body.endpoint, keys: { p256dh: request.body.keys.p256dh, auth: request.body.keys.auth } };
      const problem = pushSubscriptionProblem(body);
      if (problem) throw badRequest(problem);
      // The server will post to it: only at a web push service (or a host PUSH_ENDPOINT_HOSTS names).
      if (!pushEndpointAllowed(new URL(body.endpoint), app.ctx.config.pushEndpointHosts)) throw unprocessable(pushEndpointNotAllowed);
      const saved = await saveSubscription(app.ctx.db, participant.id, body, newId(), nowIso());
      return reply.status(saved.created ? 201 : 200).send({ _id: saved.id });
    },
  );

  app.delete<{ Body: PushEndpointBody }>(
    '/api/app/push/subscriptions',
    {
      preValidation: requireParticipant,
      schema: {
        ...appCommon,
        operationId: 'deletePushSubscription',
        summary: "Remove this device's push subscription (only the participant's own; the same answer when there is none)",
        body: pushEndpointBody,
        response: { 200: messageSchema, ...appErrorResponses },
      },
    },
    async (request) => {
      const { participant } = participantOf(request);
      const problem = pushEndpointProblem(request.body.endpoint);
      if (problem) throw badRequest(problem);
      // The same answer whether or not there was one (a retry of this call answers as the first did); another
      // participant's subscription with the endpoint is left alone.
      await deleteSubscription(app.ctx.db, participant.id, request.body.endpoint);
      return { message: participantMessages.pushUnsubscribed };
    },
  );
};
