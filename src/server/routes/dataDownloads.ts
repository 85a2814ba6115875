// The data downloads (part 2 sections 2.5, 2.7 and 7; PARTICIPANTS.md "Data out"): text responses, response
// times and the analysis-ready zip. The specification's two calls answer {content (base64), title}; with an
// Accept header naming the file's media type they send the file itself as it is written, which is how the
// portal downloads (the server's memory stays flat however large the study). Another lab's study answers 404.
import type { FastifyPluginAsync } from 'fastify';
import { XLSX_MEDIA_TYPE, ZIP_MEDIA_TYPE, type AnalysisDownloadBody, type ResponseTimeDownloadBody, type TextResponseDownloadBody } from '../../shared/types/dataDownloads';
import { sessionOrApiKey } from '../plugins/apiKeyAuth';
import { planAnalysis, writeAnalysis } from '../services/exports/analysis';
import { resolveScope, titleOf } from '../services/exports/scope';
import { planTextResponses, writeTextResponses } from '../services/exports/textResponses';
import { analysisBodySchema, fileAnswer, responseTimeBodySchema, streamOnly, studyParam, textBodySchema } from './schemas/dataDownloads';
import { bearerOrApiKeyAuth, errorResponses } from './schemas/common';
import { download, responseTimeDescription, responseTimeDownload } from './shared/downloads';
import { studyOfLab } from './shared/labStudy';

export const dataDownloadRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['data'], security: bearerOrApiKeyAuth };

  app.post<{ Params: { studyId: string }; Body: TextResponseDownloadBody }>(
    '/api/data/:studyId/download_text_resp',
    {
      preValidation: sessionOrApiKey('studyId'),
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
      preValidation: sessionOrApiKey('studyId'),
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
      preValidation: sessionOrApiKey('studyId'),
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
        return { title: titleOf('analysis', scope), write: (sink) => writeAnalysis(reads, scope, plan, sink, `${request.protocol}://${request.host}`) };
      });
    },
  );
};
