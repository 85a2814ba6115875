// The study file (issue 35 part 1): export a study's design (GET /api/studies/{id}/design) and import one as a
// new, inactive study of the caller's lab (POST /api/studies/import). Seeing a study's design needs what seeing
// the study needs (a lab user of its lab); importing makes a study, so it needs the Create Studies entry.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../plugins/auditActor';
import { labUserOf, requireAccess, requireLabUser } from '../plugins/auth';
import { studyMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { findStudyInLab } from '../repositories/studies';
import { readStudy } from '../services/studies/studies';
import { studyFileOf } from '../services/studies/studyFileExport';
import { importStudyFile } from '../services/studies/studyFileImport';
import { readStudyFile, type SchemaCheck } from '../services/studies/studyFileReader';
import { studyOfLab } from './shared/labStudy';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { studyFileEnvelopeSchema, studyFileSchema, studyImportAnswerSchema } from './schemas/studyFile';

/** The study file's schema, compiled by the app's own validator; its first error names the place. */
function schemaCheckOf(request: FastifyRequest): SchemaCheck {
  const validate = request.compileValidationSchema(studyFileSchema);
  return (file) => {
    if (validate(file)) return null;
    const first = validate.errors?.[0];
    return { where: first?.instancePath || '/', problem: first?.message ?? 'not valid' };
  };
}

/** The study file's JSON Schema on its own, beside the OpenAPI description (/api/openapi.json), for other tools. */
export const STUDY_FILE_SCHEMA_PATH = '/api/study-file.schema.json';

export const studyFileRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['studies'], security: bearerAuth };
  const db = () => app.ctx.db;

  // Public like the OpenAPI description it is part of; the same definition as getStudyDesign's answer.
  const published = { $schema: 'http://json-schema.org/draft-07/schema#', $id: STUDY_FILE_SCHEMA_PATH, ...studyFileSchema };
  app.get(STUDY_FILE_SCHEMA_PATH, { schema: { hide: true } }, async (_request, reply) => reply.type('application/schema+json; charset=utf-8').send(published));

  app.get<{ Params: { id: string } }>(
    '/api/studies/:id/design',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        params: idParam('id'),
        operationId: 'getStudyDesign',
        summary: "The study file: the study's design and every questionnaire it uses (its JSON Schema is this answer's)",
        response: { 200: studyFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.id);
      const file = await studyFileOf(db(), study);
      const name = `study-design-${study.study_code}.json`;
      return reply.header('content-disposition', `attachment; filename="${name}"`).send(file);
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/studies/import',
    {
      preValidation: requireAccess('createStudy'),
      schema: {
        ...common,
        operationId: 'importStudyDesign',
        summary: 'Import a study file as a new, inactive study of the lab with new copies of its questionnaires (400 naming the first problem)',
        body: studyFileEnvelopeSchema,
        // 500: writing failed midway; the one transaction kept nothing.
        response: { 201: studyImportAnswerSchema, ...errorResponses, 500: messageSchema },
      },
    },
    async (request, reply) => {
      const { user } = labUserOf(request);
      const file = readStudyFile(request.body, schemaCheckOf(request));
      const { studyId, summary } = await importStudyFile(db(), user, file, { timezones: app.ctx.config.timezones }, actorOf(request));
      const study = await findStudyInLab(db(), studyId, user.lab_id);
      if (!study) throw notFound(studyMessages.studyNotFound);
      return reply.status(201).send({ study: await readStudy(db(), study), summary });
    },
  );
};

