// A study's prompting choice (issue 33): GET/PUT /api/studies/{id}/prompting for the lab user's own lab, and the
// same under /api/studies/systemowner/{id}/prompting for any lab's study, as the owner's other study calls are
// pathed. Reading needs a lab user of the study's lab; changing needs the basic-information permission.
import type { FastifyPluginAsync } from 'fastify';
import type { PromptingSettings } from '../../shared/prompting';
import { actorOf } from '../plugins/auditActor';
import { requireAccess, requireLabUser, requireSystemOwner } from '../plugins/auth';
import { studyOfLab } from './shared/labStudy';
import { promptingOf, savePrompting } from '../services/studies/prompting';
import { anyStudy } from '../services/studies/systemOwnerStudies';
import { bearerAuth, errorResponses, idParam } from './schemas/common';
import { promptingBodySchema, promptingSchema } from './schemas/prompting';

type WithId = { Params: { id: string } };
type Change = WithId & { Body: Partial<PromptingSettings> | null };

export const studyPromptingRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.db;
  const lab = { tags: ['studies'], security: bearerAuth, params: idParam('id') };
  const owner = { tags: ['system owner: studies'], security: bearerAuth, params: idParam('id') };
  const read = { 200: promptingSchema, ...errorResponses };

  app.get<WithId>(
    '/api/studies/:id/prompting',
    { preValidation: requireLabUser, schema: { ...lab, operationId: 'getStudyPrompting', summary: "The study's prompting choice and adherence alert thresholds", response: read } },
    async (request) => promptingOf(await studyOfLab(request, request.params.id)),
  );

  app.put<Change>(
    '/api/studies/:id/prompting',
    {
      preValidation: requireAccess('editBasicInfo'),
      schema: { ...lab, operationId: 'saveStudyPrompting', summary: 'Change the prompting choice (the fields named; 400 with the rule\'s message)', body: promptingBodySchema, response: read },
    },
    async (request) => savePrompting(db(), await studyOfLab(request, request.params.id), request.body ?? {}, actorOf(request)),
  );

  app.get<WithId>(
    '/api/studies/systemowner/:id/prompting',
    { preValidation: requireSystemOwner, schema: { ...owner, operationId: 'getStudyPromptingAsSystemOwner', summary: "The study's prompting choice and adherence alert thresholds", response: read } },
    async (request) => promptingOf(await anyStudy(db(), request.params.id)),
  );

  app.put<Change>(
    '/api/studies/systemowner/:id/prompting',
    {
      preValidation: requireSystemOwner,
      schema: { ...owner, operationId: 'saveStudyPromptingAsSystemOwner', summary: 'Change the prompting choice (the fields named)', body: promptingBodySchema, response: read },
    },
    async (request) => savePrompting(db(), await anyStudy(db(), request.params.id), request.body ?? {}, actorOf(request)),
  );
};
