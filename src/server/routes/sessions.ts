// Signing in (lab users and the system owner) and out.
import type { FastifyPluginAsync } from 'fastify';
import type { LoginBody } from '../../shared/types/identity';
import { authMessages } from '../../shared/messages';
import { brandingForHost } from '../../shared/branding';
import { forbidden } from '../httpErrors';
import { requireSession } from '../plugins/auth';
import { signInLabUser, signInSystemOwner, signOut, type Credentials } from '../services/identity/signIn';
import { bearerAuth, errorResponses, looseString, messageSchema, noAuth } from './schemas/common';
import { labUserSessionSchema, ownerSessionSchema, secondFactorChallengeSchema } from './schemas/sessions';

const credentialsBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: looseString, password: looseString },
} as const;

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginBody }>(
    '/api/users/login',
    {
      schema: {
        tags: ['sign-in'],
        security: noAuth,
        operationId: 'signInLabUser',
        summary: 'Lab user sign-in',
        description:
          'Answers the session, or, for an account with a second factor, no session but the challenge of the code step (POST /api/users/login/second_factor).',
        body: {
          ...credentialsBody,
          required: ['email', 'password', 'organization'],
          properties: { ...credentialsBody.properties, organization: { type: 'integer', enum: [1, 2] } },
        },
        response: { 200: { anyOf: [labUserSessionSchema, secondFactorChallengeSchema] }, ...errorResponses },
      },
    },
    (request) => signInLabUser(app.ctx, request.body, request.ip),
  );

  app.post<{ Body: Credentials }>(
    '/api/users/systemowner/login',
    {
      schema: {
        tags: ['sign-in'],
        security: noAuth,
        operationId: 'signInSystemOwner',
        summary: 'System owner sign-in (main host only)',
        description:
          'Answers the session, or, for an owner with a second factor, no session but the challenge of the code step (POST /api/users/systemowner/login/second_factor).',
        body: credentialsBody,
        response: { 200: { anyOf: [ownerSessionSchema, secondFactorChallengeSchema] }, ...errorResponses },
      },
    },
    async (request) => {
      if (!brandingForHost(request.host, app.ctx.config.branding).isMainHost) {
        throw forbidden(authMessages.systemOwnerMainHostOnly);
      }
      return signInSystemOwner(app.ctx, request.body, request.ip);
    },
  );

  app.post(
    '/api/users/logout',
    {
      preValidation: requireSession,
      // Also a session that must add a second factor first may end.
      config: { duringSecondFactorSetup: true },
      schema: { tags: ['sign-in'], operationId: 'signOut', summary: 'End the current session', security: bearerAuth, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      if (request.auth) await signOut(app.ctx, request.auth.sessionId);
      return { message: authMessages.signedOut };
    },
  );
};
