// The participant app's study calls (PARTICIPANTS.md): join, participations, consent, withdraw, tasks,
// questionnaire, events, photo uploads and responses. A participant reaches only their own participations.
import type { FastifyPluginAsync } from 'fastify';
import type { ConsentBody, EventsBody, JoinBody, ResponseBody, UploadBody } from '../../shared/types/participantApp';
import { participantMessages, studyMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { acceptJsonBodiesOnly } from '../plugins/jsonBodies';
import { participantOf, requireParticipant } from '../plugins/participantAuth';
import { findStudyLab } from '../repositories/participants';
import { giveConsent, joinStudy, listParticipations, tasksOf, withdraw } from '../services/participants/appStudies';
import { questionnaireForParticipant, recordEvents } from '../services/participants/appTasks';
import { grantPhotoUpload } from '../services/participants/photos';
import { submitResponse } from '../services/answers/responses';
import { messageSchema } from './schemas/common';
import {
  appCommon,
  appErrorResponses,
  answerRefusalSchema,
  appQuestionnaireSchema,
  consentBody,
  eventsBody,
  joinBody,
  participationSchema,
  participationsSchema,
  responseAnswerSchema,
  responseBody,
  studyParam,
  tasksSchema,
  uploadAnswerSchema,
  uploadBody,
} from './schemas/app';

type WithStudy = { Params: { studyId: string } };

export const appStudyRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.db;
  const guarded = { preValidation: requireParticipant };
  acceptJsonBodiesOnly(app);

  app.post<{ Body: JoinBody }>(
    '/api/app/studies/join',
    {
      ...guarded,
      schema: {
        ...appCommon,
        operationId: 'joinStudy',
        summary: 'Join an active study by its code (a pilot account joins none: 403)',
        body: joinBody,
        response: { 201: participationSchema, ...appErrorResponses, 403: messageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await joinStudy(db(), participantOf(request).participant, request.body.studyCode)),
  );

  app.get(
    '/api/app/studies',
    { ...guarded, schema: { ...appCommon, operationId: 'listParticipations', summary: "The participant's participations", response: { 200: participationsSchema, ...appErrorResponses } } },
    async (request) => ({ participations: await listParticipations(db(), participantOf(request).participant) }),
  );

  app.post<WithStudy & { Body: ConsentBody }>(
    '/api/app/studies/:studyId/consent',
    {
      ...guarded,
      schema: { ...appCommon, operationId: 'giveConsent', summary: 'Agree to the consent form', params: studyParam, body: consentBody, response: { 200: participationSchema, ...appErrorResponses } },
    },
    (request) => giveConsent(db(), participantOf(request).participant, request.params.studyId, request.body.agree),
  );

  app.post<WithStudy>(
    '/api/app/studies/:studyId/withdraw',
    { ...guarded, schema: { ...appCommon, operationId: 'withdrawFromStudy', summary: 'Withdraw from the study', params: studyParam, response: { 200: participationSchema, ...appErrorResponses } } },
    (request) => withdraw(db(), participantOf(request).participant, request.params.studyId),
  );

  app.get<WithStudy>(
    '/api/app/studies/:studyId/tasks',
    {
      ...guarded,
      schema: { ...appCommon, operationId: 'listTasks', summary: 'The tasks of the current stage; the first call after an assignment records the arrival', params: studyParam, response: { 200: tasksSchema, ...appErrorResponses } },
    },
    (request) =>
      tasksOf(db(), participantOf(request).participant, request.params.studyId, async () => {
        const study = await findStudyLab(db(), request.params.studyId);
        if (!study) throw notFound(studyMessages.studyNotFound);
        return study.lab_id;
      }),
  );

  app.get<{ Params: { questionnaireId: string } }>(
    '/api/app/questionnaires/:questionnaireId',
    {
      ...guarded,
      schema: {
        ...appCommon,
        operationId: 'getTaskQuestionnaire',
        summary: 'A questionnaire to render, as planned for one of the participant’s tasks, with signed expiring addresses of its uploaded media files',
        params: { type: 'object', required: ['questionnaireId'], properties: { questionnaireId: { type: 'string', minLength: 1, maxLength: 64 } } },
        response: { 200: appQuestionnaireSchema, ...appErrorResponses },
      },
    },
    (request) => questionnaireForParticipant(app.ctx, participantOf(request).participant, request.params.questionnaireId),
  );

  app.post<WithStudy & { Body: EventsBody }>(
    '/api/app/studies/:studyId/events',
    {
      ...guarded,
      schema: {
        ...appCommon,
        operationId: 'reportTaskEvents',
        summary: 'Report pushes received, notifications delivered and opened (the first report of each is kept; the same report again answers the same)',
        description:
          "`received`: the push reached the phone's service worker, reported before the notification is shown (the delivery ledger's `received_at`, of that task only: a reminder's push is its own). `delivered`: the notification was shown; `opened`: tapped, or the task's page opened; a reminder's `delivered` and `opened` move its prompt too.",
        params: studyParam,
        body: eventsBody,
        response: { 200: messageSchema, ...appErrorResponses },
      },
    },
    async (request) => {
      await recordEvents(db(), participantOf(request).participant, request.params.studyId, request.body.events);
      return { message: participantMessages.eventsRecorded };
    },
  );

  app.post<{ Body: UploadBody }>(
    '/api/app/uploads',
    {
      ...guarded,
      schema: { ...appCommon, operationId: 'requestPhotoUpload', summary: 'A signed single-use upload address for a photo answer (JPEG or PNG, at most 10 MB)', body: uploadBody, response: { 200: uploadAnswerSchema, ...appErrorResponses } },
    },
    (request) => grantPhotoUpload(app.ctx, participantOf(request).participant, request.body),
  );

  app.post<WithStudy & { Body: ResponseBody }>(
    '/api/app/studies/:studyId/responses',
    {
      ...guarded,
      schema: {
        ...appCommon,
        operationId: 'submitResponse',
        summary: 'Submit an answer (stored with its scores before the 201, which answers them; the same submissionId again: 200 with the same _id for the same content, 422 for other content)',
        params: studyParam,
        body: responseBody,
        response: { 200: responseAnswerSchema, 201: responseAnswerSchema, ...appErrorResponses, 400: answerRefusalSchema, 422: messageSchema },
      },
    },
    async (request, reply) => {
      const stored = await submitResponse(app.ctx, participantOf(request).participant, request.params.studyId, request.body);
      return reply.status(stored.status).send({ _id: stored._id, scores: stored.scores });
    },
  );
};
