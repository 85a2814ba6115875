// Labs: the system owner lists and creates them; a lab's own users may read its storage use.
import type { FastifyPluginAsync } from 'fastify';
import type { CreateLabBody, LabInfo } from '../../shared/types/identity';
import { NUMBER_INPUT_LIMIT, STORAGE_QUOTA_BYTES } from '../../shared/limits';
import { authMessages } from '../../shared/messages';
import type { Organization } from '../../shared/organizations';
import { notFound } from '../httpErrors';
import { requireSession, requireSystemOwner } from '../plugins/auth';
import { findLab, listLabs } from '../repositories/labs';
import { listLabUsers } from '../repositories/labUsers';
import { createLabWithManager, toLab, toLabUser } from '../services/identity/accounts';
import { actorOf } from '../plugins/auditActor';
import { storageUsedByLab } from '../services/media/storageUse';
import { bearerAuth, errorResponses, idParam, labSchema, labUserSchema, looseString, messageSchema } from './schemas/common';

export const labRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['labs'], security: bearerAuth };
  const names = () => app.ctx.config.organizationNames;

  app.get(
    '/api/labs',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'listLabs',
        summary: 'Every lab, newest first',
        response: { 200: { type: 'object', required: ['labs'], properties: { labs: { type: 'array', items: labSchema } } }, ...errorResponses },
      },
    },
    async () => ({ labs: (await listLabs(app.ctx.db)).map((l) => toLab(l, names())) }),
  );

  app.post<{ Body: CreateLabBody }>(
    '/api/labs/systemowner/createlab',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'createLab',
        summary: 'Create a lab with its first lab manager',
        body: {
          type: 'object',
          required: ['labName', 'email', 'password', 'organization'],
          properties: { labName: looseString, email: looseString, password: looseString, organization: { type: ['integer', 'null'], minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT } },
        },
        response: {
          201: {
            type: 'object',
            required: ['message', 'lab', 'manager'],
            properties: { ...messageSchema.properties, lab: labSchema, manager: labUserSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { lab, manager } = await createLabWithManager(app.ctx.db, request.body, actorOf(request));
      return reply.status(201).send({ message: authMessages.labCreated, lab: toLab(lab, names()), manager: toLabUser(manager) });
    },
  );

  app.get<{ Params: { labId: string } }>(
    '/api/labs/systemowner/:labId',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'getLab',
        summary: 'A lab and its users',
        params: idParam('labId'),
        response: {
          200: { type: 'object', required: ['lab', 'users'], properties: { lab: labSchema, users: { type: 'array', items: labUserSchema } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const lab = await findLab(app.ctx.db, request.params.labId);
      if (!lab) throw notFound(authMessages.labNotFound);
      const users = await listLabUsers(app.ctx.db, lab.id);
      return { lab: toLab(lab, names()), users: users.map(toLabUser) };
    },
  );

  app.get<{ Params: { labId: string } }>(
    '/api/labs/labinfo/:labId',
    {
      preValidation: requireSession,
      schema: {
        ...common,
        operationId: 'getLabStorageUsage',
        summary: 'Storage used by a lab, in bytes',
        params: idParam('labId'),
        response: {
          200: {
            type: 'object',
            required: ['_id', 'name', 'organization', 'storageUsed', 'storageQuota'],
            properties: {
              _id: { type: 'string' },
              name: { type: 'string' },
              organization: { type: 'integer' },
              storageUsed: { type: 'number' },
              storageQuota: { type: 'number' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<LabInfo> => {
      const auth = request.auth;
      const lab = await findLab(app.ctx.db, request.params.labId);
      // Another lab's record answers exactly as a missing one (DECISIONS.md lab isolation).
      if (!lab || (auth?.kind === 'lab_user' && auth.user.lab_id !== lab.id)) throw notFound(authMessages.labNotFound);
      return {
        _id: lab.id,
        name: lab.name,
        organization: lab.organization as Organization,
        storageUsed: await storageUsedByLab(app.ctx.db, lab.id),
        storageQuota: STORAGE_QUOTA_BYTES,
      };
    },
  );
};
