// A lab manager runs the members of their own lab (part 1 "Lab Users" and "Sign Up").
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AccessEntry } from '../../shared/access';
import type { RegisterByManagerBody } from '../../shared/types/identity';
import { authMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { labUserOf, requireLabManager } from '../plugins/auth';
import { findLabUser, listLabUsers } from '../repositories/labUsers';
import { createLabUser, setLabUserAccess, toLabUser, withAccess } from '../services/identity/accounts';
import { actorOf } from '../plugins/auditActor';
import {
  accessListSchema,
  bearerAuth,
  errorResponses,
  idParam,
  labUserSchema,
  labUserWithAccessSchema,
  looseString,
  messageSchema,
} from './schemas/common';

/** A member of the manager's own lab; any other id answers 404 as if it did not exist. */
async function memberOfOwnLab(request: FastifyRequest<{ Params: { id: string } }>) {
  const { user: manager } = labUserOf(request);
  const member = await findLabUser(request.server.ctx.db, request.params.id);
  if (!member || member.lab_id !== manager.lab_id) throw notFound(authMessages.userNotFound);
  return member;
}

export const labMemberRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['lab members'], security: bearerAuth };

  app.get(
    '/api/users/lm/getUsers',
    {
      preValidation: requireLabManager,
      schema: {
        ...common,
        operationId: 'listLabMembers',
        summary: "The manager's lab users",
        response: { 200: { type: 'object', required: ['users'], properties: { users: { type: 'array', items: labUserSchema } } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const rows = await listLabUsers(app.ctx.db, user.lab_id);
      return { users: rows.map(toLabUser) };
    },
  );

  app.post<{ Body: RegisterByManagerBody }>(
    '/api/users/lm/register',
    {
      preValidation: requireLabManager,
      schema: {
        ...common,
        operationId: 'registerLabMember',
        summary: "Register a user in the manager's lab with the chosen permission entries (none when access is left out)",
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: looseString, password: looseString, lab: { type: 'string', maxLength: 64 }, access: accessListSchema },
        },
        response: {
          201: { type: 'object', required: ['message', 'user'], properties: { ...messageSchema.properties, user: labUserSchema } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user: manager } = labUserOf(request);
      // The lab named must be the manager's own; another lab answers as if it did not exist.
      if (request.body.lab !== undefined && request.body.lab !== manager.lab_id) throw notFound(authMessages.labNotFound);
      const row = await createLabUser(app.ctx.db, {
        labId: manager.lab_id,
        email: request.body.email,
        password: request.body.password,
        isLabManager: false,
        access: request.body.access,
      }, actorOf(request));
      return reply.status(201).send({ message: authMessages.registrationSuccess, user: toLabUser(row) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/lm/users/:id',
    {
      preValidation: requireLabManager,
      schema: { ...common, operationId: 'getLabMember', summary: 'A member with permission entries', params: idParam('id'), response: { 200: labUserWithAccessSchema, ...errorResponses } },
    },
    async (request) => withAccess(app.ctx.db, await memberOfOwnLab(request)),
  );

  app.put<{ Params: { id: string }; Body: { access: AccessEntry[] } }>(
    '/api/users/lm/users/:id/access',
    {
      preValidation: requireLabManager,
      schema: {
        ...common,
        operationId: 'replaceLabMemberAccess',
        summary: "Replace a member's permission entries",
        params: idParam('id'),
        body: { type: 'object', required: ['access'], properties: { access: accessListSchema } },
        response: { 200: labUserWithAccessSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = await memberOfOwnLab(request);
      await setLabUserAccess(app.ctx.db, member, request.body.access, actorOf(request));
      return withAccess(app.ctx.db, member);
    },
  );
};
