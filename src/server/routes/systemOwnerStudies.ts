// The system owner's studies (part 2 section 7 "System owner"): the list by lab and managing user, Create
// Study for a managing user, the lifecycle and the study editor's calls (basic information saved on its own
// included), and the response-time download by stage and group, for any lab's study. The owner holds every
// permission entry, so each call hands the same services as the lab user's calls SYSTEM_OWNER_ENTRIES.
import { actorOf } from '../plugins/auditActor';
import type { FastifyPluginAsync } from 'fastify';
import { studyMessages } from '../../shared/messages';
import { XLSX_MEDIA_TYPE, type ResponseTimeDownloadBody } from '../../shared/types/dataDownloads';
import type { BasicInfoBody, ConsentBody, OwnerCreateStudyBody, OwnerStudyListBody, StudyEditBody } from '../../shared/types/study';
import { requireSystemOwner } from '../plugins/auth';
import { createBlankStudy, readStudy, studyPage } from '../services/studies/studies';
import { activateStudy, deactivateStudy, deleteInactiveStudy } from '../services/studies/studyLifecycle';
import { previewWholeStudy, saveBasicInfo, saveConsent, saveWholeStudy } from '../services/studies/studyEdits';
import { liveEditImpactSchema } from './schemas/liveEdits';
import { addGroup, addStage, deleteGroup, deleteStage } from '../services/studies/studyStructure';
import { SYSTEM_OWNER_ENTRIES } from '../services/identity/permissions';
import { anyStudy, managingUser, managingUserOfLab, studyOfAnyStage } from '../services/studies/systemOwnerStudies';
import { responseTimeDescription, responseTimeDownload } from './shared/downloads';
import { fileAnswer, responseTimeBodySchema } from './schemas/dataDownloads';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import {
  activationAnswerSchema,
  activationRefusalSchema,
  basicInfoBodySchema,
  consentBodySchema,
  createStudyBodySchema,
  pageQuerySchema,
  readSettingTypes,
  studyEditBodySchema,
  studyListSchema,
  studySchema,
} from './schemas/studies';

const idText = { type: 'string', minLength: 1, maxLength: 64 } as const;

const listBodySchema = {
  type: 'object',
  required: ['labId', 'managedByUserId'],
  properties: { labId: idText, managedByUserId: idText },
} as const;

const createBodySchema = {
  type: 'object',
  required: ['userId'],
  properties: { userId: idText, chin_name: createStudyBodySchema.properties.chin_name },
} as const;

const twoParams = (first: string, second: string) =>
  ({ type: 'object', required: [first, second], properties: { [first]: idText, [second]: idText } }) as const;

type WithId = { Params: { id: string } };
type WithStudyId = { Params: { studyId: string } };

export const systemOwnerStudyRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['system owner: studies'], security: bearerAuth };
  const withId = { ...common, params: idParam('id') };
  const withStudyId = { ...common, params: idParam('studyId') };
  const guard = { preValidation: requireSystemOwner };
  const db = () => app.ctx.db;
  /** The study as it is now, after a change. */
  const fresh = async (studyId: string) => readStudy(db(), await anyStudy(db(), studyId));

  app.post<{ Querystring: { pageNumber: number }; Body: OwnerStudyListBody }>(
    '/api/studies/systemowner',
    {
      ...guard,
      schema: {
        ...common,
        operationId: 'listManagedStudies',
        summary: 'The studies a user of the lab manages, newest first (400 when the user is of another lab)',
        querystring: pageQuerySchema,
        body: listBodySchema,
        response: { 200: studyListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await managingUserOfLab(db(), request.body.labId, request.body.managedByUserId);
      return studyPage(db(), { labId: user.lab_id, managedBy: user.id }, request.query.pageNumber);
    },
  );

  app.post<{ Body: OwnerCreateStudyBody }>(
    '/api/studies/systemowner/create_study',
    {
      ...guard,
      schema: { ...common, operationId: 'createManagedStudy', summary: "Create a blank study with its name, managed by the user, in the user's lab", body: createBodySchema, response: { 201: studySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = await managingUser(db(), request.body.userId);
      const id = await createBlankStudy(db(), user.lab_id, user.id, request.body.chin_name, actorOf(request));
      return reply.status(201).send(await fresh(id));
    },
  );

  app.post<WithId>(
    '/api/studies/systemowner/:id/activate',
    {
      ...guard,
      schema: {
        ...withId,
        operationId: 'activateStudyAsSystemOwner',
        summary: 'Activate a study that can run (409 with the problems when it cannot; the warnings in the answer)',
        response: { 200: activationAnswerSchema, ...errorResponses, 409: activationRefusalSchema },
      },
    },
    async (request) => activateStudy(db(), await anyStudy(db(), request.params.id), app.ctx.config.timezones, actorOf(request)),
  );

  app.post<WithId>(
    '/api/studies/systemowner/:id/deactivate',
    { ...guard, schema: { ...withId, operationId: 'deactivateStudyAsSystemOwner', summary: 'Deactivate a study', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => ({ message: await deactivateStudy(db(), await anyStudy(db(), request.params.id), actorOf(request)) }),
  );

  app.delete<WithId>(
    '/api/studies/systemowner/:id',
    { ...guard, schema: { ...withId, operationId: 'deleteStudyAsSystemOwner', summary: 'Delete an inactive study', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => ({ message: await deleteInactiveStudy(db(), await anyStudy(db(), request.params.id), actorOf(request)) }),
  );

  // Named :id like the other calls on /api/studies/systemowner/{id}: OpenAPI allows one name per position.
  app.get<WithId>(
    '/api/studies/systemowner/:id',
    { ...guard, schema: { ...withId, operationId: 'getStudyAsSystemOwner', summary: 'A study of any lab with its stages and groups', response: { 200: studySchema, ...errorResponses } } },
    async (request) => fresh(request.params.id),
  );

  app.put<WithId>(
    '/api/studies/systemowner/:id/add_stage',
    { ...guard, schema: { ...withId, operationId: 'addStageAsSystemOwner', summary: 'Append a stage with its group 1', response: { 200: studySchema, ...errorResponses } } },
    async (request) => {
      const study = await anyStudy(db(), request.params.id);
      await addStage(db(), study, SYSTEM_OWNER_ENTRIES, actorOf(request));
      return fresh(study.id);
    },
  );

  app.put<WithId & { Body: StudyEditBody }>(
    '/api/studies/systemowner/:id/edit_except_consent',
    {
      preValidation: [requireSystemOwner, readSettingTypes],
      schema: { ...withId, operationId: 'saveStudyAsSystemOwner', summary: 'Save the whole study except the consent form', body: studyEditBodySchema, response: { 200: studySchema, ...errorResponses } },
    },
    async (request) => {
      const study = await anyStudy(db(), request.params.id);
      await saveWholeStudy(db(), study, request.body, SYSTEM_OWNER_ENTRIES, { timezones: app.ctx.config.timezones }, actorOf(request));
      return fresh(study.id);
    },
  );

  app.post<WithId & { Body: StudyEditBody }>(
    '/api/studies/systemowner/:id/edit_impact',
    {
      preValidation: [requireSystemOwner, readSettingTypes],
      schema: { ...withId, operationId: 'previewStudyEditAsSystemOwner', summary: "Save Changes' impact on participants already in their stage, without saving", body: studyEditBodySchema, response: { 200: liveEditImpactSchema, ...errorResponses } },
    },
    async (request) => previewWholeStudy(db(), await anyStudy(db(), request.params.id), request.body, SYSTEM_OWNER_ENTRIES, { timezones: app.ctx.config.timezones }),
  );

  // Part 2 section 7 does not show these two paths: they sit beside the owner's other calls on the study.
  app.put<WithId & { Body: Partial<BasicInfoBody> }>(
    '/api/studies/systemowner/:id/edit_basic',
    {
      ...guard,
      schema: { ...withId, operationId: 'saveStudyBasicsAsSystemOwner', summary: "Save the study's basic information", body: basicInfoBodySchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      await saveBasicInfo(db(), await anyStudy(db(), request.params.id), request.body, actorOf(request));
      return { message: studyMessages.basicInfoChanged };
    },
  );

  app.post<WithId & { Body: ResponseTimeDownloadBody }>(
    '/api/studies/systemowner/:id/download_resp_time',
    {
      ...guard,
      schema: {
        ...withId,
        operationId: 'downloadResponseTimesAsSystemOwner',
        summary: "Response times of a stage (and group): the lab user's workbook, one row per task",
        description: responseTimeDescription,
        body: responseTimeBodySchema,
        response: { 200: fileAnswer(XLSX_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => responseTimeDownload(request, reply, await anyStudy(db(), request.params.id), request.body),
  );

  app.put<WithStudyId & { Body: ConsentBody }>(
    '/api/studies/systemowner/:studyId/edit_consent',
    { ...guard, schema: { ...withStudyId, operationId: 'saveConsentFormAsSystemOwner', summary: 'Save the consent form (sanitised)', body: consentBodySchema, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await saveConsent(db(), await anyStudy(db(), request.params.studyId), request.body, actorOf(request));
      return { message: studyMessages.consentUpdated };
    },
  );

  app.delete<{ Params: { studyId: string; groupNum: string } }>(
    '/api/studies/systemowner/:studyId/:groupNum/delete_group',
    {
      ...guard,
      schema: {
        ...common,
        params: twoParams('studyId', 'groupNum'),
        operationId: 'deleteGroupAsSystemOwner',
        summary: 'Delete a participant group (not group 1) named by its id, or by its number when only one stage has it',
        response: { 200: studySchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await anyStudy(db(), request.params.studyId);
      await deleteGroup(db(), study, request.params.groupNum, SYSTEM_OWNER_ENTRIES, actorOf(request));
      return fresh(study.id);
    },
  );

  app.delete<{ Params: { studyId: string; stageNum: string } }>(
    '/api/studies/systemowner/:studyId/:stageNum/delete_stage',
    {
      ...guard,
      schema: { ...common, params: twoParams('studyId', 'stageNum'), operationId: 'deleteStageAsSystemOwner', summary: 'Delete a stage (not stage 1) by its number', response: { 200: studySchema, ...errorResponses } },
    },
    async (request) => {
      const study = await anyStudy(db(), request.params.studyId);
      await deleteStage(db(), study, request.params.stageNum, SYSTEM_OWNER_ENTRIES, actorOf(request));
      return fresh(study.id);
    },
  );

  // The path names the stage, as the lab user's add_group does.
  app.put<{ Params: { stageId: string } }>(
    '/api/studies/systemowner/:stageId/add_group',
    {
      ...guard,
      schema: { ...common, params: idParam('stageId'), operationId: 'addGroupAsSystemOwner', summary: 'Append a participant group to the stage, never to stage 1', response: { 200: studySchema, ...errorResponses } },
    },
    async (request) => {
      const study = await studyOfAnyStage(db(), request.params.stageId);
      await addGroup(db(), study, request.params.stageId, SYSTEM_OWNER_ENTRIES, actorOf(request));
      return fresh(study.id);
    },
  );
};
