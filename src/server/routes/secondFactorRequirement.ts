// The system owner requires a second factor for a lab's users or for the system owners (issue 36 part 1).
import type { FastifyPluginAsync } from 'fastify';
import type { SecondFactorRequirement } from '../../shared/types/secondFactor';
import { requireSystemOwner } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import { labRequirement, ownersRequired, setLabRequirement, setOwnersRequirement } from '../services/identity/secondFactorRequirement';
import { bearerAuth, errorResponses, idParam } from './schemas/common';

const requirementSchema = {
  type: 'object',
  required: ['required'],
  additionalProperties: false,
  properties: { required: { type: 'boolean' } },
} as const;

export const secondFactorRequirementRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['two-step sign-in'], security: bearerAuth };

  app.get<{ Params: { labId: string } }>(
    '/api/labs/systemowner/:labId/second_factor',
    {
      preValidation: requireSystemOwner,
      schema: { ...common, operationId: 'getLabSecondFactorRequirement', summary: "Whether a lab's users must have a second factor", params: idParam('labId'), response: { 200: requirementSchema, ...errorResponses } },
    },
    async (request) => ({ required: await labRequirement(app.ctx.db, request.params.labId) }),
  );

  app.put<{ Params: { labId: string }; Body: SecondFactorRequirement }>(
    '/api/labs/systemowner/:labId/second_factor',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'setLabSecondFactorRequirement',
        summary: "Require a second factor of a lab's users, or no longer",
        description: 'A user of the lab without one adds it at their next sign-in: until then the session reaches only the two-step sign-in calls (403 otherwise).',
        params: idParam('labId'),
        body: requirementSchema,
        response: { 200: requirementSchema, ...errorResponses },
      },
    },
    async (request) => ({ required: await setLabRequirement(app.ctx.db, actorOf(request), request.params.labId, request.body.required) }),
  );

  app.get(
    '/api/users/systemowner/second_factor_requirement',
    {
      preValidation: requireSystemOwner,
      schema: { ...common, operationId: 'getOwnersSecondFactorRequirement', summary: 'Whether system owners must have a second factor', response: { 200: requirementSchema, ...errorResponses } },
    },
    async () => ({ required: await ownersRequired(app.ctx.db) }),
  );

  app.put<{ Body: SecondFactorRequirement }>(
    '/api/users/systemowner/second_factor_requirement',
    {
      preValidation: requireSystemOwner,
      schema: {
        ...common,
        operationId: 'setOwnersSecondFactorRequirement',
        summary: 'Require a second factor of system owners, or no longer',
        description: 'An owner without one adds it at their next sign-in, as a lab user does.',
        body: requirementSchema,
        response: { 200: requirementSchema, ...errorResponses },
      },
    },
    async (request) => ({ required: await setOwnersRequirement(app.ctx.db, actorOf(request), request.body.required) }),
  );
};
