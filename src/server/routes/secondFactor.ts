// Two-step sign-in (issue 36 part 1): a staff member adds or removes an authenticator app on their own account
// (/api/users/me/...: a lab user, a lab manager or a system owner), and the code step of both sign-ins.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RemoveTotpBody, SecondFactorStep } from '../../shared/types/secondFactor';
import { authMessages, secondFactorMessages } from '../../shared/messages';
import { brandingForHost } from '../../shared/branding';
import { forbidden, unauthorized } from '../httpErrors';
import { requireSession, type Auth } from '../plugins/auth';
import { findSystemOwner } from '../repositories/systemOwners';
import { confirmTotp, secondFactorStatus, startTotp, type StaffMember } from '../services/identity/secondFactor';
import { removeTotp } from '../services/identity/removeSecondFactor';
import { completeLabUserSignIn, completeOwnerSignIn } from '../services/identity/secondStep';
import { bearerAuth, errorResponses, looseString, messageSchema, noAuth } from './schemas/common';
import { codeSchema, labUserSessionSchema, ownerSessionSchema, secondFactorStepBody } from './schemas/sessions';

/** The signed-in staff member, with what removing a factor checks (the password's hash). */
async function memberOf(request: FastifyRequest): Promise<StaffMember> {
  const auth = request.auth;
  if (auth?.kind === 'lab_user') {
    const { user } = auth;
    return { kind: 'lab_user', id: user.id, email: user.email, labId: user.lab_id, passwordHash: user.password_hash };
  }
  const owner = auth ? await findSystemOwner(request.server.ctx.db, auth.id) : undefined;
  if (!owner) throw unauthorized(authMessages.sessionExpired);
  return { kind: 'system_owner', id: owner.id, email: owner.email, labId: null, passwordHash: owner.password_hash };
}

const statusSchema = {
  type: 'object',
  required: ['totp', 'recoveryCodesLeft', 'required'],
  properties: { totp: { type: 'boolean' }, recoveryCodesLeft: { type: 'integer' }, required: { type: 'boolean' } },
} as const;

const enrolmentSchema = {
  type: 'object',
  required: ['secret', 'otpauthUrl', 'qrCode'],
  properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' }, qrCode: { type: 'string' } },
} as const;

const recoveryCodesSchema = {
  type: 'object',
  required: ['recoveryCodes'],
  properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
} as const;

export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const mine = { tags: ['two-step sign-in'], security: bearerAuth };
  // A session that must add a second factor first reaches these three (plugins/auth.ts).
  const duringSetup = { duringSecondFactorSetup: true };

  app.get(
    '/api/users/me/second_factor',
    {
      preValidation: requireSession,
      config: duringSetup,
      schema: { ...mine, operationId: 'getSecondFactor', summary: 'Whether my account has two-step sign-in on', response: { 200: statusSchema, ...errorResponses } },
    },
    async (request) => secondFactorStatus(app.ctx.db, await memberOf(request)),
  );

  app.post(
    '/api/users/me/totp',
    {
      preValidation: requireSession,
      config: duringSetup,
      schema: {
        ...mine,
        operationId: 'startTotp',
        summary: 'Start adding an authenticator app',
        description: 'A new secret, its otpauth URL and that URL as a QR code (a PNG data URL); not in force until confirmed with a code. Starting again replaces a started secret.',
        response: { 200: enrolmentSchema, ...errorResponses },
      },
    },
    async (request) => startTotp(app.ctx, await memberOf(request), brandingForHost(request.host, app.ctx.config.branding).siteName),
  );

  app.post<{ Body: { code: string } }>(
    '/api/users/me/totp/confirm',
    {
      preValidation: requireSession,
      config: duringSetup,
      schema: {
        ...mine,
        operationId: 'confirmTotp',
        summary: 'Turn the authenticator app on with its first code',
        description: 'Answers ten one-time recovery codes, shown only here.',
        body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: codeSchema } },
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => ({ recoveryCodes: await confirmTotp(app.ctx, await memberOf(request), request.body.code, (request.auth as Auth).sessionId) }),
  );

  app.post<{ Body: RemoveTotpBody }>(
    '/api/users/me/totp/remove',
    {
      preValidation: requireSession,
      schema: {
        ...mine,
        operationId: 'removeTotp',
        summary: 'Remove the authenticator app and the recovery codes',
        description: 'Needs the password and a current code (or a recovery code); counted toward the sign-in throttle.',
        body: { type: 'object', required: ['password', 'code'], additionalProperties: false, properties: { password: looseString, code: codeSchema } },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await removeTotp(app.ctx, await memberOf(request), request.body, request.ip);
      return { message: secondFactorMessages.removed };
    },
  );

  app.post<{ Body: SecondFactorStep }>(
    '/api/users/login/second_factor',
    {
      schema: {
        tags: ['sign-in'],
        security: noAuth,
        operationId: 'signInLabUserSecondFactor',
        summary: 'Lab user sign-in, the code step',
        description: 'The challenge token of POST /api/users/login and an authenticator code or a recovery code; answers the session as that call does.',
        body: secondFactorStepBody,
        response: { 200: labUserSessionSchema, ...errorResponses },
      },
    },
    (request) => completeLabUserSignIn(app.ctx, request.body, request.ip),
  );

  app.post<{ Body: SecondFactorStep }>(
    '/api/users/systemowner/login/second_factor',
    {
      schema: {
        tags: ['sign-in'],
        security: noAuth,
        operationId: 'signInSystemOwnerSecondFactor',
        summary: 'System owner sign-in, the code step (main host only)',
        description: 'The challenge token of POST /api/users/systemowner/login and an authenticator code or a recovery code; answers the session as that call does.',
        body: secondFactorStepBody,
        response: { 200: ownerSessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!brandingForHost(request.host, app.ctx.config.branding).isMainHost) throw forbidden(authMessages.systemOwnerMainHostOnly);
      return completeOwnerSignIn(app.ctx, request.body, request.ip);
    },
  );
};
