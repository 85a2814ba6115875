// A lab user's own API keys (issue 36 part 2): create (the key answered once), list (without the key), revoke.
// Only with a session: a key cannot manage keys (auth.ts refuses it on every call but the reads it was given).
import type { FastifyPluginAsync } from 'fastify';
import type { NewApiKey } from '../../shared/apiKeys';
import { apiKeyMessages } from '../../shared/messages';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import { createApiKey, downloadableStudies, listApiKeys, revokeApiKey } from '../services/identity/apiKeys';
import { apiKeyListSchema, createdApiKeySchema, keyStudyListSchema, newApiKeyBodySchema } from './schemas/apiKeys';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';

export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['api keys'], security: bearerAuth };

  app.post<{ Body: NewApiKey }>(
    '/api/users/me/api_keys',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'createApiKey',
        summary: 'Create a read-only API key for some of your lab’s studies; the key is answered once',
        description:
          'The key is sent as `Authorization: Bearer <key>` and works only on the data downloads (`/api/data/...`) and `GET /api/studies/{id}` of the studies it names, until it expires or is revoked.',
        body: newApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = labUserOf(request);
      return reply.status(201).send(await createApiKey(app.ctx.db, user, request.body, actorOf(request)));
    },
  );

  app.get(
    '/api/users/me/api_keys',
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'listApiKeys', summary: 'Your API keys, newest first, with their last use (never the key)', response: { 200: apiKeyListSchema, ...errorResponses } },
    },
    async (request) => listApiKeys(app.ctx.db, labUserOf(request).user),
  );

  app.get(
    '/api/users/me/api_keys/studies',
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'listApiKeyStudies', summary: 'The studies whose data you may download, which a key may be given', response: { 200: keyStudyListSchema, ...errorResponses } },
    },
    async (request) => downloadableStudies(app.ctx.db, labUserOf(request).user),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/users/me/api_keys/:id',
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'revokeApiKey', summary: 'Revoke one of your API keys; it stops working at once', params: idParam('id'), response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      await revokeApiKey(app.ctx.db, labUserOf(request).user, request.params.id, actorOf(request));
      return { message: apiKeyMessages.keyRevokedDone };
    },
  );
};
