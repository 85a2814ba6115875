// The lab's questionnaires (part 2 section 7): list, create, read, save whole, delete.
import type { FastifyPluginAsync } from 'fastify';
import { questionnaireMessages } from '../../shared/questionnaire/rules';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import {
  createQuestionnaire,
  deleteUnusedQuestionnaire,
  questionnaireOfLab,
  questionnairePage,
  saveQuestionnaire,
  toQuestionnaire,
  type QuestionnaireSaveBody,
} from '../services/studies/questionnaires';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { pageQuerySchema } from './schemas/studies';
import { questionnaireListSchema, questionnaireSaveBodySchema, questionnaireSchema } from './schemas/questionnaires';
import { questionnaireVersionsSchema, repointSchema } from './schemas/questionnaireVersions';
import { questionnaireVersions, repointToCurrent } from '../services/studies/questionnaireVersionUse';
import { liveEditTexts } from '../../shared/messages';

type WithId = { Params: { id: string } };

export const questionnaireRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['questionnaires'], security: bearerAuth };
  const withId = { ...common, params: idParam('id') };
  const db = () => app.ctx.db;

  app.get<{ Querystring: { pageNumber: number } }>(
    '/api/qx_list',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'listQuestionnaires',
        summary: "The lab's questionnaires, newest first",
        querystring: pageQuerySchema,
        response: { 200: questionnaireListSchema, ...errorResponses },
      },
    },
    async (request) => questionnairePage(db(), labUserOf(request).user.lab_id, request.query.pageNumber),
  );

  app.post<{ Body: { chin_name?: string; abbrev?: string } }>(
    '/api/qx_list',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'createQuestionnaire',
        summary: 'Create a questionnaire',
        body: { type: 'object', properties: { chin_name: { type: 'string', maxLength: 500 }, abbrev: { type: 'string', maxLength: 100 } } },
        response: { 201: questionnaireSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = labUserOf(request);
      const id = await createQuestionnaire(db(), user, request.body, actorOf(request));
      return reply.status(201).send(await toQuestionnaire(db(), await questionnaireOfLab(db(), id, user.lab_id)));
    },
  );

  app.get<WithId>(
    '/api/qx_list/:id',
    { preValidation: requireLabUser, schema: { ...withId, operationId: 'getQuestionnaire', summary: 'A questionnaire with its questions', response: { 200: questionnaireSchema, ...errorResponses } } },
    async (request) => toQuestionnaire(db(), await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id)),
  );

  app.put<WithId & { Body: QuestionnaireSaveBody }>(
    '/api/qx_list/:id/edit',
    {
      preValidation: requireLabUser,
      schema: { ...withId, operationId: 'saveQuestionnaire', summary: 'Save the whole questionnaire: its name, code, questions and scores', body: questionnaireSaveBodySchema, response: { 200: questionnaireSchema, ...errorResponses } },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const row = await questionnaireOfLab(db(), request.params.id, user.lab_id);
      await saveQuestionnaire(db(), user, row, request.body, actorOf(request));
      return toQuestionnaire(db(), await questionnaireOfLab(db(), row.id, user.lab_id));
    },
  );

  app.get<WithId>(
    '/api/qx_list/:id/versions',
    {
      preValidation: requireLabUser,
      schema: { ...withId, operationId: 'listQuestionnaireVersions', summary: 'The versions planned, oldest first, with how many enrolled participants have tasks of each still to answer', response: { 200: questionnaireVersionsSchema, ...errorResponses } },
    },
    async (request) => questionnaireVersions(db(), await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id)),
  );

  app.post<WithId>(
    '/api/qx_list/:id/repoint',
    {
      preValidation: requireLabUser,
      schema: { ...withId, operationId: 'repointQuestionnaire', summary: "Point participants' future planned tasks at the questionnaire as it is now", response: { 200: repointSchema, ...errorResponses } },
    },
    async (request) => {
      const row = await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id);
      const tasks = await repointToCurrent(db(), row, actorOf(request));
      return { message: liveEditTexts.repointed, tasks };
    },
  );

  app.delete<WithId>(
    '/api/qx_list/:id',
    { preValidation: requireLabUser, schema: { ...withId, operationId: 'deleteQuestionnaire', summary: 'Delete a questionnaire and its sets; 409 while a participant group uses it', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      const row = await questionnaireOfLab(db(), request.params.id, labUserOf(request).user.lab_id);
      await deleteUnusedQuestionnaire(db(), row, actorOf(request));
      return { message: questionnaireMessages.questionnaireDeleted };
    },
  );
};
