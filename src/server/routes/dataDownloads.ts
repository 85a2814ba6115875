// The data downloads (part 2 sections 2.5, 2.7 and 7; PARTICIPANTS.md "Data out"): text responses, response
// times and the analysis-ready zip. The specification's two calls answer {content (base64), title}; with an
// Accept header naming the file's media type they send the file itself as it is written, which is how the
// portal downloads (the server's memory stays flat however large the study). Another lab's study answers 404.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { studyMessages } from '../../shared/messages';
import {
  XLSX_MEDIA_TYPE,
  ZIP_MEDIA_TYPE,
  type AnalysisDownloadBody,
  type FileDownloadAnswer,
  type ResponseTimeDownloadBody,
  type TextResponseDownloadBody,
} from '../../shared/types/dataDownloads';
import { notFound } from '../httpErrors';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { findStudyInLab } from '../repositories/studies';
import { planAnalysis, writeAnalysis } from '../services/exports/analysis';
import { collectingSink, DownloadAborted, streamSink, type ByteSink } from '../services/exports/output';
import { checkResponseTimes, writeResponseTimes } from '../services/exports/responseTimes';
import { resolveScope, titleOf } from '../services/exports/scope';
import { planTextResponses, writeTextResponses } from '../services/exports/textResponses';
import { analysisBodySchema, fileAnswer, responseTimeBodySchema, streamOnly, studyParam, textBodySchema } from './dataDownloadSchemas';
import { bearerAuth, errorResponses } from './schemas';

async function studyOfLab(request: FastifyRequest, studyId: string) {
  const study = await findStudyInLab(request.server.ctx.db, studyId, labUserOf(request).user.lab_id);
  if (!study) throw notFound(studyMessages.studyNotFound);
  return study;
}

/** Whether the request's Accept header names the media type (parameters such as q are not weighed). */
export function accepts(request: FastifyRequest, mediaType: string): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.split(';')[0].trim().toLowerCase() === mediaType);
}

/** Sends the file as it is written. A failure after the first bytes can only cut the download short. */
function sendStream(request: FastifyRequest, reply: FastifyReply, mediaType: string, title: string, write: (sink: ByteSink) => Promise<void>) {
  const { stream, sink } = streamSink();
  write(sink).catch((error: unknown) => {
    if (!(error instanceof DownloadAborted)) request.log.error({ err: error }, 'data download failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', mediaType)
    .header('content-disposition', `attachment; filename="${title}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** The file streamed when the Accept header asks for it, else as base64 in JSON. */
async function deliver(
  request: FastifyRequest,
  reply: FastifyReply,
  mediaType: string,
  title: string,
  write: (sink: ByteSink) => Promise<void>,
): Promise<FileDownloadAnswer | FastifyReply> {
  if (accepts(request, mediaType)) return sendStream(request, reply, mediaType, title, write);
  const { sink, bytes } = collectingSink();
  await write(sink);
  return { content: bytes().toString('base64'), title };
}

export const dataDownloadRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['data'], security: bearerAuth };
  const db = () => app.ctx.db;

  app.post<{ Params: { studyId: string }; Body: TextResponseDownloadBody }>(
    '/api/data/:studyId/download_text_resp',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'downloadTextResponses',
        summary: 'Download Text Response: a zip of one UTF-8 CSV per questionnaire, one row per answer',
        description: `Answers {content (base64 zip), title}; with \`Accept: ${ZIP_MEDIA_TYPE}\` the zip itself, streamed.`,
        params: studyParam,
        body: textBodySchema,
        response: { 200: fileAnswer(ZIP_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      const { stageId, groupId, excludedParticipantsIds } = request.body;
      const scope = await resolveScope(db(), study, stageId, groupId, excludedParticipantsIds);
      const plan = await planTextResponses(db(), scope);
      return deliver(request, reply, ZIP_MEDIA_TYPE, titleOf('text_responses', scope), (sink) => writeTextResponses(db(), scope, plan, sink));
    },
  );

  app.post<{ Params: { studyId: string }; Body: ResponseTimeDownloadBody }>(
    '/api/data/:studyId/download_resp_time',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'downloadResponseTimes',
        summary: 'Response times: an .xlsx workbook, one row per task (EMA left out when includeEma is false)',
        description: `Answers {content (base64 xlsx), title}; with \`Accept: ${XLSX_MEDIA_TYPE}\` the workbook itself, streamed.`,
        params: studyParam,
        body: responseTimeBodySchema,
        response: { 200: fileAnswer(XLSX_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      const { stageId, groupId, includeEma } = request.body;
      const withEma = includeEma !== false;
      const scope = await resolveScope(db(), study, stageId, groupId);
      await checkResponseTimes(db(), scope, withEma);
      return deliver(request, reply, XLSX_MEDIA_TYPE, titleOf('response_times', scope), (sink) => writeResponseTimes(db(), scope, withEma, sink));
    },
  );

  app.post<{ Params: { studyId: string }; Body: AnalysisDownloadBody }>(
    '/api/data/:studyId/download_analysis',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'downloadAnalysisData',
        summary: 'Download analysis data: a zip of a long-format CSV (a row per planned task), a codebook and a photo manifest',
        description: 'Always the zip itself, streamed.',
        params: studyParam,
        body: analysisBodySchema,
        response: { 200: streamOnly(ZIP_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      const { stageId, groupId } = request.body;
      const scope = await resolveScope(db(), study, stageId, groupId);
      const plan = await planAnalysis(db(), scope);
      return sendStream(request, reply, ZIP_MEDIA_TYPE, titleOf('analysis', scope), (sink) => writeAnalysis(db(), scope, plan, sink));
    },
  );
};
