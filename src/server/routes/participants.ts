// The researcher's participant calls (part 2 section 7): the Participant List, Create New Participant, Assign
// To Another Stage, the EMA Schedule and the Assigned Diary Assessments. Another lab's study or participant
// answers 404.
import { actorOf } from '../plugins/auditActor';
import type { FastifyPluginAsync } from 'fastify';
import { participantMessages, generalMessages } from '../../shared/messages';
import type { AssignGroupBody, CreateParticipantBody, EmaTaskScope, FilterParticipantsBody } from '../../shared/types/participant';
import { badRequest } from '../httpErrors';
import { labUserOf, requireAccess, requireLabUser } from '../plugins/auth';
import { studyOfLab } from './shared/labStudy';
import {
  assignToPlace,
  createInStudy,
  diaryTasksOf,
  emaTasksOf,
  readParticipants,
} from '../services/participants/participants';
import { bearerAuth, errorResponses } from './schemas/common';
import {
  assignBodySchema,
  createBodySchema,
  diaryTasksSchema,
  emaTasksQuerySchema,
  emaTasksSchema,
  filterBodySchema,
  filteredParticipantsSchema,
  getParticipantsSchema,
  participantAnswerSchema,
} from './schemas/participants';

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;
const studyParam = { type: 'object', required: ['studyId'], properties: { studyId: idString } } as const;
const participantParam = { type: 'object', required: ['participantId'], properties: { participantId: idString } } as const;
const bothParams = {
  type: 'object',
  required: ['studyId', 'participantId'],
  properties: { studyId: idString, participantId: idString },
} as const;

/** The study of the caller's lab; another lab's study answers 404 as if it did not exist. */
export const participantRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['participants'], security: bearerAuth };
  const db = () => app.ctx.db;

  app.get<{ Params: { studyId: string } }>(
    '/api/participants/:studyId/get_participants',
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'listParticipants', summary: "The study's participants", params: studyParam, response: { 200: getParticipantsSchema, ...errorResponses } },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      return { participantsData: { participants: await readParticipants(db(), study.id) } };
    },
  );

  app.post<{ Params: { studyId: string }; Body: FilterParticipantsBody }>(
    '/api/participants/:studyId/get_filtered_participants',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'filterParticipants',
        summary: 'The participants in a stage, or in a stage and group',
        params: studyParam,
        body: filterBodySchema,
        response: { 200: filteredParticipantsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      const { currentStageId, currentGroupId } = request.body;
      return { participants: await readParticipants(db(), study.id, { stageId: currentStageId, groupId: currentGroupId || undefined }) };
    },
  );

  app.post<{ Params: { studyId: string }; Body: CreateParticipantBody }>(
    '/api/participants/:studyId/create',
    {
      preValidation: requireAccess('createParticipant'),
      schema: {
        ...common,
        operationId: 'createParticipant',
        summary: 'Create a participant in the study (stage 1, group 1)',
        params: studyParam,
        body: createBodySchema,
        response: { 201: participantAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      if (request.body.studyId && request.body.studyId !== study.id) throw badRequest(generalMessages.invalidRequest);
      const participant = await createInStudy(db(), study, request.body, labUserOf(request).user.id, actorOf(request));
      return reply.status(201).send({ message: participantMessages.participantCreated, participant });
    },
  );

  app.patch<{ Params: { participantId: string }; Body: AssignGroupBody }>(
    '/api/participants/:participantId/assign_group',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'assignParticipant',
        summary: 'Assign a participant to a stage and group',
        params: participantParam,
        body: assignBodySchema,
        response: { 200: participantAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.body.studyId);
      const participant = await assignToPlace(db(), study, request.params.participantId, request.body, actorOf(request));
      return { message: participantMessages.assigned, participant };
    },
  );

  app.get<{ Params: { studyId: string; participantId: string }; Querystring: { scope?: EmaTaskScope } }>(
    '/api/ema_tasks/:studyId/:participantId',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'listUpcomingEmaTasks',
        summary: "A participant's EMA notifications still to come; with scope=all every one of the stored plan, past and cancelled ones too",
        params: bothParams,
        querystring: emaTasksQuerySchema,
        response: { 200: emaTasksSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      return { emaTasks: await emaTasksOf(db(), study.id, request.params.participantId, request.query.scope ?? 'upcoming') };
    },
  );

  app.get<{ Params: { studyId: string; participantId: string } }>(
    '/api/diary_ax_tasks/:studyId/:participantId',
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'listDiaryTasks', summary: "A participant's diary tasks with the days left", params: bothParams, response: { 200: diaryTasksSchema, ...errorResponses } },
    },
    async (request) => diaryTasksOf(db(), (await studyOfLab(request, request.params.studyId)).id, request.params.participantId),
  );
};
