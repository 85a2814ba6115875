// The participant app's account calls (PARTICIPANTS.md): sign up, sign in, sign out, change and reset the
// password. Paths start with /api/app/; a staff token never works on them.
import type { FastifyPluginAsync } from 'fastify';
import type { AppCredentials, ChangePasswordBody, ResetBody, ResetRequestBody } from '../../shared/types/participantApp';
import { participantMessages } from '../../shared/messages';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { changePassword, logIn, logOut, requestPasswordReset, resetPassword, signUp } from '../services/participants/participantSessions';
import { messageSchema } from './schemas/common';
import {
  appCommon,
  appErrorResponses,
  appSessionSchema,
  appOpen,
  changePasswordBody,
  credentialsBody,
  resetBody,
  resetRequestBody,
} from './schemas/app';

export const appAccountRoutes: FastifyPluginAsync = async (app) => {
  acceptJsonBodiesOnly(app);
  app.post<{ Body: AppCredentials }>(
    '/api/app/signup',
    { schema: { ...appOpen, operationId: 'signUpParticipant', summary: 'Create a participant account', body: credentialsBody, response: { 201: appSessionSchema, ...appErrorResponses } } },
    async (request, reply) => reply.status(201).send(await signUp(app.ctx, request.body)),
  );

  app.post<{ Body: AppCredentials }>(
    '/api/app/login',
    { schema: { ...appOpen, operationId: 'signInParticipant', summary: 'Participant sign-in (rate-limited)', body: credentialsBody, response: { 200: appSessionSchema, ...appErrorResponses } } },
    (request) => logIn(app.ctx, request.body, request.ip),
  );

  app.post(
    '/api/app/logout',
    { preValidation: requireParticipant, schema: { ...appCommon, operationId: 'signOutParticipant', summary: 'End this session', response: { 200: messageSchema, ...appErrorResponses } } },
    async (request) => {
      await logOut(app.ctx, participantOf(request).sessionId);
      return { message: participantMessages.signedOut };
    },
  );

  app.put<{ Body: ChangePasswordBody }>(
    '/api/app/password',
    {
      preValidation: requireParticipant,
      schema: { ...appCommon, operationId: 'changeParticipantPassword', summary: 'Change the password; other sessions end', body: changePasswordBody, response: { 200: messageSchema, ...appErrorResponses } },
    },
    async (request) => {
      await changePassword(app.ctx, participantOf(request), request.body);
      return { message: participantMessages.passwordChanged };
    },
  );

  app.post<{ Body: ResetRequestBody }>(
    '/api/app/password/reset_request',
    {
      schema: {
        ...appOpen,
        operationId: 'requestPasswordReset',
        summary: 'Mail a reset code (the same answer whether or not the account exists; 503 when mail is off)',
        body: resetRequestBody,
        response: { 200: messageSchema, ...appErrorResponses },
      },
    },
    async (request) => ({ message: await requestPasswordReset(app.ctx, request.body.email, request.log) }),
  );

  app.post<{ Body: ResetBody }>(
    '/api/app/password/reset',
    { schema: { ...appOpen, operationId: 'resetPassword', summary: 'Set a new password with a mailed code', body: resetBody, response: { 200: messageSchema, ...appErrorResponses } } },
    async (request) => {
      await resetPassword(app.ctx, request.body);
      return { message: participantMessages.passwordReset };
    },
  );
};
