// Multiple-choice sets of a questionnaire (part 2 section 7). A set in use by a response is not removed.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { questionnaireMessages } from '../../shared/questionnaire/rules';
import { conflict, notFound } from '../httpErrors';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import { findMcSetInLab, listMcSets } from '../repositories/questionnaires';
import { changeMcSet, createMcSet, questionnaireOfLab, questionsUsingSet, removeMcSet, toMcSet, type McSetBody } from '../services/studies/questionnaires';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { mcSetBodySchema, mcSetSchema } from './schemas/questionnaires';

async function setOfLab(request: FastifyRequest<{ Params: { setId: string } }>) {
  const set = await findMcSetInLab(request.server.ctx.db, request.params.setId, labUserOf(request).user.lab_id);
  if (!set) throw notFound(questionnaireMessages.mcSetNotFound);
  return set;
}

export const mcSetRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['multiple-choice sets'], security: bearerAuth };
  const db = () => app.ctx.db;
  const withSet = { ...common, params: idParam('setId') };
  const setAnswer = { type: 'object', required: ['message', 'set'], properties: { ...messageSchema.properties, set: mcSetSchema } } as const;

  app.get<{ Params: { id: string } }>(
    '/api/qx_list/:id/mc',
    {
      preValidation: requireLabUser,
      schema: { ...common, params: idParam('id'), operationId: 'listMultipleChoiceSets', summary: "The questionnaire's sets", response: { 200: { type: 'object', required: ['sets'], properties: { sets: { type: 'array', items: mcSetSchema } } }, ...errorResponses } },
    },
    async (request) => {
      const questionnaire = await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id);
      return { sets: (await listMcSets(db(), questionnaire.id)).map(toMcSet) };
    },
  );

  app.post<{ Params: { id: string }; Body: McSetBody }>(
    '/api/qx_list/:id/mc',
    { preValidation: requireLabUser, schema: { ...common, params: idParam('id'), operationId: 'createMultipleChoiceSet', summary: 'Create a set', body: mcSetBodySchema, response: { 201: setAnswer, ...errorResponses } } },
    async (request, reply) => {
      const questionnaire = await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id);
      const set = await createMcSet(db(), questionnaire, request.body, actorOf(request));
      return reply.status(201).send({ message: questionnaireMessages.mcSetCreated, set: toMcSet(set) });
    },
  );

  app.get<{ Params: { setId: string } }>(
    '/api/qx_list/mc/:setId',
    { preValidation: requireLabUser, schema: { ...withSet, operationId: 'getMultipleChoiceSet', summary: 'A set', response: { 200: mcSetSchema, ...errorResponses } } },
    async (request) => toMcSet(await setOfLab(request)),
  );

  app.put<{ Params: { setId: string }; Body: McSetBody }>(
    '/api/qx_list/mc/:setId/edit',
    { preValidation: requireLabUser, schema: { ...withSet, operationId: 'updateMultipleChoiceSet', summary: 'Change a set', body: mcSetBodySchema, response: { 200: setAnswer, ...errorResponses } } },
    async (request) => {
      const set = await changeMcSet(db(), await setOfLab(request), request.body, labUserOf(request).user.lab_id, actorOf(request));
      return { message: questionnaireMessages.mcSetUpdated, set: toMcSet(set) };
    },
  );

  app.delete<{ Params: { setId: string } }>(
    '/api/qx_list/mc/:setId',
    { preValidation: requireLabUser, schema: { ...withSet, operationId: 'deleteMultipleChoiceSet', summary: 'Remove a set no response uses', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      const set = await setOfLab(request);
      const questionnaire = await questionnaireOfLab(db(), set.questionnaire_id, labUserOf(request).user.lab_id);
      const users = questionsUsingSet(questionnaire, set.id);
      if (users.length > 0) throw conflict(`${questionnaireMessages.mcSetInUse}: ${users.join(', ')}`);
      await removeMcSet(db(), set, questionnaire.lab_id, actorOf(request));
      return { message: questionnaireMessages.mcSetRemoved };
    },
  );
};
