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
import type { StudyRow } from '../db/types';
import type { Db } from '../repositories/db';
import { findStudyInLab } from '../repositories/studies';
import { planAnalysis, writeAnalysis } from '../services/exports/analysis';
import { collectingSink, DownloadAborted, streamSink, type ByteSink } from '../services/exports/output';
import { checkResponseTimes, writeResponseTimes } from '../services/exports/responseTimes';
import { resolveScope, titleOf } from '../services/exports/scope';
import { planTextResponses, writeTextResponses } from '../services/exports/textResponses';
import { analysisBodySchema, fileAnswer, responseTimeBodySchema, streamOnly, studyParam, textBodySchema } from './dataDownloadSchemas';
import { bearerAuth, errorResponses } from './schemas';
import { actorOf } from '../plugins/auditActor';
import { recordDataDownload } from '../services/audit/record';

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

/** A download checked and planned: its file's name and how to write it. */
interface PlannedFile {
  title: string;
  write: (sink: ByteSink) => Promise<void>;
}

/** Sends the file as it is written. A failure after the first bytes can only cut the download short. */
function sendStream(request: FastifyRequest, reply: FastifyReply, mediaType: string, file: PlannedFile) {
  const { stream, sink } = streamSink();
  file.write(sink).catch((error: unknown) => {
    if (!(error instanceof DownloadAborted)) request.log.error({ err: error }, 'data download failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', mediaType)
    .header('content-disposition', `attachment; filename="${file.title}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * A download reads through a connection of its own (AppContext.openReader), from its plan (which may read a
 * whole table) to its last row, and closes it once the file is written or the download failed. The file is
 * streamed when asked by the Accept header (or always), else answered as base64 in JSON.
 */
async function download(
  request: FastifyRequest,
  reply: FastifyReply,
  mediaType: string,
  form: 'asked' | 'streamed',
  study: StudyRow,
  plan: (reads: Db) => Promise<PlannedFile>,
): Promise<FileDownloadAnswer | FastifyReply> {
  const reader = request.server.ctx.openReader();
  let planned: PlannedFile;
  try {
    planned = await plan(reader.db);
  } catch (error) {
    await reader.close();
    throw error;
  }
  // Who took which data when: the file's name and what was asked for.
  await recordDataDownload(request.server.ctx.db, actorOf(request), study, { file: planned.title, request: request.body }).catch(async (error: unknown) => {
    await reader.close();
    throw error;
  });
  const file: PlannedFile = {
    title: planned.title,
    write: async (sink) => {
      try {
        await planned.write(sink);
      } finally {
        await reader.close();
      }
    },
  };
  if (form === 'streamed' || accepts(request, mediaType)) return sendStream(request, reply, mediaType, file);
  const { sink, bytes } = collectingSink();
  await file.write(sink);
  return { content: bytes().toString('base64'), title: file.title };
}

/** What the response-time calls say of themselves in the OpenAPI description (the lab user's and the owner's). */
export const responseTimeDescription = `Answers {content (base64 xlsx), title}; with \`Accept: ${XLSX_MEDIA_TYPE}\` the workbook itself, streamed.`;

/**
 * The response-time workbook of a stage (and group) of a study the caller may read: the lab user's call and
 * the system owner's (routes/systemOwnerStudies.ts) answer the same file.
 */
export function responseTimeDownload(request: FastifyRequest, reply: FastifyReply, study: StudyRow, body: ResponseTimeDownloadBody) {
  const { stageId, groupId, includeEma, includePilot } = body;
  const withEma = includeEma !== false;
  return download(request, reply, XLSX_MEDIA_TYPE, 'asked', study, async (reads) => {
    const scope = await resolveScope(reads, study, stageId, groupId, [], includePilot === true);
    await checkResponseTimes(reads, scope, withEma);
    return { title: titleOf('response_times', scope), write: (sink) => writeResponseTimes(reads, scope, withEma, sink) };
  });
}

export const dataDownloadRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['data'], security: bearerAuth };

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
      const { stageId, groupId, excludedParticipantsIds, includePilot } = request.body;
      return download(request, reply, ZIP_MEDIA_TYPE, 'asked', study, async (reads) => {
        const scope = await resolveScope(reads, study, stageId, groupId, excludedParticipantsIds, includePilot === true);
        const plan = await planTextResponses(reads, scope);
        return { title: titleOf('text_responses', scope), write: (sink) => writeTextResponses(reads, scope, plan, sink) };
      });
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
        description: responseTimeDescription,
        params: studyParam,
        body: responseTimeBodySchema,
        response: { 200: fileAnswer(XLSX_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => responseTimeDownload(request, reply, await studyOfLab(request, request.params.studyId), request.body),
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
      const { stageId, groupId, includePilot } = request.body;
      return download(request, reply, ZIP_MEDIA_TYPE, 'streamed', study, async (reads) => {
        const scope = await resolveScope(reads, study, stageId, groupId, [], includePilot === true);
        const plan = await planAnalysis(reads, scope);
        return { title: titleOf('analysis', scope), write: (sink) => writeAnalysis(reads, scope, plan, sink) };
      });
    },
  );
};
