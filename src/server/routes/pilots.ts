// Pilot mode (issue 20): a lab user makes a pilot participant for a study, reads its clock and plan, moves its
// clock forward and resets it. Lab users of the study's lab with the study editor's permission (editBasicInfo);
// another lab's study or pilot answers 404.
import { actorOf } from '../plugins/auditActor';
import type { FastifyPluginAsync } from 'fastify';
import type { CreatePilotBody, PilotClockBody } from '../../shared/types/pilot';
import { labUserOf, requireAccess } from '../plugins/auth';
import { createPilot, moveClock, pilotOfLab, readPilot, resetPilot } from '../services/pilot/pilots';
import { studyOfLab } from './shared/labStudy';
import { bearerAuth, errorResponses } from './schemas/common';
import { createPilotBody, createdPilotSchema, pilotClockBody, pilotParam, pilotSchema, pilotStudyParam } from './schemas/pilots';

export const pilotRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['pilot'], security: bearerAuth };
  const guard = requireAccess('editBasicInfo');

  app.post<{ Params: { studyId: string }; Body: CreatePilotBody }>(
    '/api/studies/:studyId/pilot',
    {
      preValidation: guard,
      schema: {
        ...common,
        operationId: 'createPilot',
        summary: 'Make a pilot participant (joined, consented, placed), also while the study is inactive',
        params: pilotStudyParam,
        body: createPilotBody,
        response: { 201: createdPilotSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      const created = await createPilot(app.ctx, study, request.body ?? {}, labUserOf(request).user.id, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  app.get<{ Params: { participationId: string } }>(
    '/api/pilots/:participationId',
    {
      preValidation: guard,
      schema: { ...common, operationId: 'getPilot', summary: "A pilot's clock and plan", params: pilotParam, response: { 200: pilotSchema, ...errorResponses } },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const { participation } = await pilotOfLab(app.ctx.db, request.params.participationId, user.lab_id);
      return readPilot(app.ctx.db, participation, user.lab_id);
    },
  );

  app.post<{ Params: { participationId: string }; Body: PilotClockBody }>(
    '/api/pilots/:participationId/clock',
    {
      preValidation: guard,
      schema: {
        ...common,
        operationId: 'movePilotClock',
        summary: "Move a pilot's clock forward (never back: 409)",
        params: pilotParam,
        body: pilotClockBody,
        response: { 200: pilotSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const { participation } = await pilotOfLab(app.ctx.db, request.params.participationId, user.lab_id);
      return moveClock(app.ctx.db, participation, user.lab_id, request.body);
    },
  );

  app.post<{ Params: { participationId: string } }>(
    '/api/pilots/:participationId/reset',
    {
      preValidation: guard,
      schema: { ...common, operationId: 'resetPilot', summary: "Remove a pilot's answers and plan (recorded)", params: pilotParam, response: { 200: pilotSchema, ...errorResponses } },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const { participation } = await pilotOfLab(app.ctx.db, request.params.participationId, user.lab_id);
      return resetPilot(app.ctx.db, participation, user.lab_id, user.id, actorOf(request));
    },
  );
};
