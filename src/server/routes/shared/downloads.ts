// How a data download answers (routes/dataDownloads.ts and the system owner's response times in
// routes/systemOwnerStudies.ts): the file streamed when the Accept header names its media type, else base64 in
// JSON, read through a connection of its own and recorded in the audit trail.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_MEDIA_TYPE, type FileDownloadAnswer, type ResponseTimeDownloadBody } from '../../../shared/types/dataDownloads';
import type { StudyRow } from '../../db/types';
import type { Db } from '../../repositories/db';
import { collectingSink, DownloadAborted, streamSink, type ByteSink } from '../../services/exports/output';
import { checkResponseTimes, writeResponseTimes } from '../../services/exports/responseTimes';
import { resolveScope, titleOf } from '../../services/exports/scope';
import { actorOf } from '../../plugins/auditActor';
import { recordDataDownload } from '../../services/audit/record';

/** Whether the request's Accept header names the media type (parameters such as q are not weighed). */
export function accepts(request: FastifyRequest, mediaType: string): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.split(';')[0].trim().toLowerCase() === mediaType);
}

/** A download checked and planned: its file's name and how to write it. */
export interface PlannedFile {
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
export async function download(
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
