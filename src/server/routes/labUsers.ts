// The system owner registers, reads, edits and deletes the users of any lab.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RegisterByOwnerBody, UpdateUserBody } from '../../shared/types/identity';
import { authMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { requireSystemOwner } from '../plugins/auth';
import { findLabUser } from '../repositories/labUsers';
import { findLab } from '../repositories/labs';
import { changeLabUser, createLabUser, removeLabUser, toLabUser, withAccess } from '../services/identity/accounts';
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

async function existingUser(request: FastifyRequest<{ Params: { id: string } }>) {
  const user = await findLabUser(request.server.ctx.db, request.params.id);
  if (!user) throw notFound(authMessages.userNotFound);
  return user;
}

export const labUserRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['system owner: lab users'], security: bearerAuth };

  app.post<{ Params: { labId: string }; Body: RegisterByOwnerBody }>(
    '/api/users/systemOwner/register/:labId',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'registerLabUser',
        summary: 'Register a user in a lab with the chosen permission entries (none when access is left out)',
        params: idParam('labId'),
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: looseString, password: looseString, isLabManager: { type: 'boolean', default: false }, access: accessListSchema },
        },
        response: { 201: labUserSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const lab = await findLab(app.ctx.db, request.params.labId);
      if (!lab) throw notFound(authMessages.labNotFound);
      const row = await createLabUser(app.ctx.db, {
        labId: lab.id,
        email: request.body.email,
        password: request.body.password,
        isLabManager: request.body.isLabManager,
        access: request.body.access,
      }, actorOf(request));
      return reply.status(201).send(toLabUser(row));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/systemowner/users/:id',
    {
      preValidation: requireSystemOwner,
      schema: { ...common, operationId: 'getLabUser', summary: 'A lab user with permission entries', params: idParam('id'), response: { 200: labUserWithAccessSchema, ...errorResponses } },
    },
    async (request) => withAccess(app.ctx.db, await existingUser(request)),
  );

  app.put<{ Params: { id: string }; Body: UpdateUserBody }>(
    '/api/users/systemowner/users/:id',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'updateLabUser',
        summary: 'Edit a lab user (an empty password keeps the old one; access replaces the entries)',
        params: idParam('id'),
        body: {
          type: 'object',
          required: ['email', 'isLabManager'],
          properties: {
            _id: { type: 'string', maxLength: 64 },
            email: looseString,
            password: { type: ['string', 'null'], maxLength: 1000 },
            isLabManager: { type: 'boolean' },
            access: accessListSchema,
          },
        },
        response: { 200: labUserWithAccessSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await existingUser(request);
      const { email, password, isLabManager, access } = request.body;
      const updated = await changeLabUser(app.ctx.db, user, { email, password: password ?? undefined, isLabManager, access }, actorOf(request));
      return withAccess(app.ctx.db, updated);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/users/systemowner/users/:id',
    {
      preValidation: requireSystemOwner,
      schema: { ...common, operationId: 'deleteLabUser', summary: 'Delete a lab user', params: idParam('id'), response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const user = await existingUser(request);
      await removeLabUser(app.ctx.db, user, actorOf(request));
      return { message: authMessages.userDeleted };
    },
  );
};
