// The lab user's studies (part 1 section 7 "Studies (lab user)"): list, create, read, lifecycle and the
// editor's saves. Every control the portal gates with a permission entry is checked here too.
import { actorOf } from '../plugins/auditActor';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { studyMessages } from '../../shared/messages';
import type { BasicInfoBody, ConsentBody, CreateStudyBody, StudyEditBody } from '../../shared/types/study';
import { notFound } from '../httpErrors';
import { labUserOf, requireAccess, requireLabUser } from '../plugins/auth';
import { sessionOrApiKey } from '../plugins/apiKeyAuth';
import type { StudyRow } from '../db/types';
import { findStudyInLab, findStudyOfStageInLab } from '../repositories/studies';
import { studyOfLab } from './shared/labStudy';
import { accessOf } from '../services/identity/accounts';
import { createBlankStudy, readStudy, studyPage } from '../services/studies/studies';
import { activateStudy, deactivateStudy, deleteInactiveStudy } from '../services/studies/studyLifecycle';
import { previewWholeStudy, saveBasicInfo, saveConsent, saveWholeStudy } from '../services/studies/studyEdits';
import { liveEditImpactSchema } from './schemas/liveEdits';
import { addGroup, addStage, deleteGroup, deleteStage } from '../services/studies/studyStructure';
import { bearerAuth, bearerOrApiKeyAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import {
  activationAnswerSchema,
  activationRefusalSchema,
  basicInfoBodySchema,
  consentBodySchema,
  createStudyBodySchema,
  pageQuerySchema,
  readSettingTypes,
  studyListSchema,
  studyEditBodySchema,
  studySchema,
} from './schemas/studies';

type WithId = { Params: { id: string } };
type WithIdAndRef = { Params: { id: string; ref: string } };

/** The study of the caller's lab named by the path; another lab's study answers 404 as if it did not exist. */
function studyOfPath(request: FastifyRequest<WithId>) {
  return studyOfLab(request, request.params.id);
}

/** The caller's permission entries (a lab manager holds every one). */
function entriesOf(request: FastifyRequest) {
  return accessOf(request.server.ctx.db, labUserOf(request).user);
}

/** The study as it is now, after a change. */
async function freshStudy(request: FastifyRequest, study: StudyRow) {
  const saved = await findStudyInLab(request.server.ctx.db, study.id, study.lab_id);
  if (!saved) throw notFound(studyMessages.studyNotFound);
  return readStudy(request.server.ctx.db, saved);
}

export const studyRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['studies'], security: bearerAuth };
  const withId = { ...common, params: idParam('id') };
  const db = () => app.ctx.db;

  app.get<{ Querystring: { pageNumber: number } }>(
    '/api/studies',
    { preValidation: requireLabUser, schema: { ...common, operationId: 'listStudies', summary: "The lab's studies, newest first", querystring: pageQuerySchema, response: { 200: studyListSchema, ...errorResponses } } },
    async (request) => studyPage(db(), { labId: labUserOf(request).user.lab_id }, request.query.pageNumber),
  );

  app.post<{ Body: CreateStudyBody | null }>(
    '/api/studies',
    {
      preValidation: requireAccess('createStudy'),
      schema: { ...common, operationId: 'createStudy', summary: 'Create a blank study with its name (400 when blank)', body: createStudyBodySchema, response: { 201: studySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = labUserOf(request);
      const id = await createBlankStudy(db(), user.lab_id, user.id, request.body?.chin_name, actorOf(request));
      const study = await findStudyInLab(db(), id, user.lab_id);
      if (!study) throw notFound(studyMessages.studyNotFound);
      return reply.status(201).send(await readStudy(db(), study));
    },
  );

  app.get<WithId>(
    '/api/studies/:id',
    { preValidation: sessionOrApiKey('id'), schema: { ...withId, security: bearerOrApiKeyAuth, operationId: 'getStudy', summary: 'A study with its stages and groups', response: { 200: studySchema, ...errorResponses } } },
    async (request) => readStudy(db(), await studyOfPath(request)),
  );

  app.delete<WithId>(
    '/api/studies/:id',
    { preValidation: requireAccess('deleteStudy'), schema: { ...withId, operationId: 'deleteStudy', summary: 'Delete an inactive study', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => ({ message: await deleteInactiveStudy(db(), await studyOfPath(request), actorOf(request)) }),
  );

  app.post<WithId>(
    '/api/studies/:id/activate',
    {
      preValidation: requireAccess('activateStudy'),
      schema: {
        ...withId,
        operationId: 'activateStudy',
        summary: 'Activate a study that can run (409 with the problems when it cannot; the warnings in the answer)',
        response: { 200: activationAnswerSchema, ...errorResponses, 409: activationRefusalSchema },
      },
    },
    async (request) => activateStudy(db(), await studyOfPath(request), app.ctx.config.timezones, actorOf(request)),
  );

  app.post<WithId>(
    '/api/studies/:id/deactivate',
    { preValidation: requireAccess('deactivateStudy'), schema: { ...withId, operationId: 'deactivateStudy', summary: 'Deactivate a study', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => ({ message: await deactivateStudy(db(), await studyOfPath(request), actorOf(request)) }),
  );

  // The second path argument: a group's id or number (delete_group), a stage's number (delete_stage).
  const withRef = {
    ...common,
    params: { type: 'object', required: ['id', 'ref'], properties: { id: idParam('id').properties.id, ref: idParam('ref').properties.ref } },
  } as const;

  app.put<WithId>(
    '/api/studies/:id/add_stage',
    { preValidation: requireLabUser, schema: { ...withId, operationId: 'addStage', summary: 'Append a stage with its group 1 (STUDY/ADD/STUDY_STAGE)', response: { 200: studySchema, ...errorResponses } } },
    async (request) => {
      const study = await studyOfPath(request);
      await addStage(db(), study, await entriesOf(request), actorOf(request));
      return freshStudy(request, study);
    },
  );

  // The path names the stage (part 2 section 7: "first path argument as seen").
  app.put<WithId>(
    '/api/studies/:id/add_group',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        params: idParam('id'),
        operationId: 'addGroup',
        summary: "Append a participant group to the stage :id, never to stage 1 (STUDY/ADD/PARTICIPANT_GROUP)",
        response: { 200: studySchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await findStudyOfStageInLab(db(), request.params.id, labUserOf(request).user.lab_id);
      if (!study) throw notFound(studyMessages.stageNotFound);
      await addGroup(db(), study, request.params.id, await entriesOf(request), actorOf(request));
      return freshStudy(request, study);
    },
  );

  app.delete<WithIdAndRef>(
    '/api/studies/:id/:ref/delete_group',
    {
      preValidation: requireLabUser,
      schema: {
        ...withRef,
        operationId: 'deleteGroup',
        summary: 'Delete a participant group (not group 1) named by its id, or by its number when only one stage has it (STUDY/DELETE/STUDY_STAGE)',
        response: { 200: studySchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfPath(request);
      await deleteGroup(db(), study, request.params.ref, await entriesOf(request), actorOf(request));
      return freshStudy(request, study);
    },
  );

  app.delete<WithIdAndRef>(
    '/api/studies/:id/:ref/delete_stage',
    {
      preValidation: requireLabUser,
      schema: { ...withRef, operationId: 'deleteStage', summary: 'Delete a stage (not stage 1) by its number (STUDY/DELETE/STUDY_STAGE)', response: { 200: studySchema, ...errorResponses } },
    },
    async (request) => {
      const study = await studyOfPath(request);
      await deleteStage(db(), study, request.params.ref, await entriesOf(request), actorOf(request));
      return freshStudy(request, study);
    },
  );

  app.put<WithId & { Body: StudyEditBody }>(
    '/api/studies/:id/edit_except_consent',
    {
      preValidation: [requireLabUser, readSettingTypes],
      schema: { ...withId, operationId: 'saveStudy', summary: 'Save the whole study except the consent form', body: studyEditBodySchema, response: { 200: studySchema, ...errorResponses } },
    },
    async (request) => {
      const study = await studyOfPath(request);
      await saveWholeStudy(db(), study, request.body, await entriesOf(request), { timezones: app.ctx.config.timezones }, actorOf(request));
      return freshStudy(request, study);
    },
  );

  app.post<WithId & { Body: StudyEditBody }>(
    '/api/studies/:id/edit_impact',
    {
      preValidation: [requireLabUser, readSettingTypes],
      schema: {
        ...withId,
        operationId: 'previewStudyEdit',
        summary: "Save Changes' impact on participants already in their stage, without saving (same checks as saving)",
        body: studyEditBodySchema,
        response: { 200: liveEditImpactSchema, ...errorResponses },
      },
    },
    async (request) => previewWholeStudy(db(), await studyOfPath(request), request.body, await entriesOf(request), { timezones: app.ctx.config.timezones }),
  );

  app.put<WithId & { Body: Partial<BasicInfoBody> }>(
    '/api/studies/:id/edit_basic',
    { preValidation: requireAccess('editBasicInfo'), schema: { ...withId, operationId: 'saveStudyBasics', summary: "Save the study's basic information", body: basicInfoBodySchema, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await saveBasicInfo(db(), await studyOfPath(request), request.body, actorOf(request));
      return { message: studyMessages.basicInfoChanged };
    },
  );

  app.put<WithId & { Body: ConsentBody }>(
    '/api/studies/:id/edit_consent',
    { preValidation: requireAccess('editConsent'), schema: { ...withId, operationId: 'saveConsentForm', summary: 'Save the consent form (sanitised)', body: consentBodySchema, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await saveConsent(db(), await studyOfPath(request), request.body, actorOf(request));
      return { message: studyMessages.consentUpdated };
    },
  );
};
