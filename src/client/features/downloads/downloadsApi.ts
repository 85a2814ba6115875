// The data downloads' calls (part 2 section 7, contract in shared/types/dataDownloads.ts) in their streamed
// form: Accept names the file's media type and the answer is the file itself, read as a Blob with its progress.
// The response-time download has the system owner's call too, with the owner's token.
import type { AxiosProgressEvent } from 'axios';
import { TEXT_DOWNLOAD_TIMEOUT_MS } from '../../../shared/limits';
import {
  XLSX_MEDIA_TYPE,
  ZIP_MEDIA_TYPE,
  type AnalysisDownloadBody,
  type ResponseTimeDownloadBody,
  type TextResponseDownloadBody,
} from '../../../shared/types/dataDownloads';
import type { FilteredParticipantsAnswer, Participant } from '../../../shared/types/participant';
import { api, type SessionKind } from '../../api/client';
import { withReadableBody } from '../../api/blobBodies';
import { fileNameFromDisposition } from './saveFile';

const id = (value: string) => encodeURIComponent(value);

export interface DownloadProgress {
  /** Bytes of the file received so far. */
  received: number;
  /** The file's size when the server said it (a streamed file usually has none). */
  total: number | null;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the answer named none. */
  fileName: string | null;
}

export type TextResponseRequest = TextResponseDownloadBody & { studyId: string };
export type ResponseTimeRequest = ResponseTimeDownloadBody & { studyId: string };
export type AnalysisRequest = AnalysisDownloadBody & { studyId: string };

/** The participants of a stage, or of one of its groups (null: all groups), that the text download may leave out. */
export interface CandidatesQuery {
  studyId: string;
  stageId: string;
  groupId: string | null;
}

function progressOf(event: AxiosProgressEvent): DownloadProgress {
  return { received: event.loaded, total: event.total && event.total > 0 ? event.total : null };
}

async function streamFile(
  url: string,
  body: object,
  mediaType: string,
  options: DownloadOptions,
  timeout = 0,
  session: SessionKind = 'labUser',
): Promise<DownloadedFile> {
  const { onProgress } = options;
  try {
    const response = await api.post<Blob>(url, body, {
      session,
      headers: { Accept: mediaType },
      responseType: 'blob',
      timeout,
      signal: options.signal,
      onDownloadProgress: onProgress && ((event) => onProgress(progressOf(event))),
    });
    const disposition = response.headers['content-disposition'] as unknown;
    return { blob: response.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : null) };
  } catch (error) {
    throw await withReadableBody(error);
  }
}

async function candidates({ studyId, stageId, groupId }: CandidatesQuery): Promise<Participant[]> {
  const body = groupId ? { currentStageId: stageId, currentGroupId: groupId } : { currentStageId: stageId };
  return (await api.post<FilteredParticipantsAnswer>(`/api/participants/${id(studyId)}/get_filtered_participants`, body)).data.participants;
}

export const downloadsApi = {
  candidates,
  textResponses: ({ studyId, ...body }: TextResponseRequest, options: DownloadOptions = {}) =>
    streamFile(`/api/data/${id(studyId)}/download_text_resp`, body, ZIP_MEDIA_TYPE, options, TEXT_DOWNLOAD_TIMEOUT_MS),
  responseTimes: ({ studyId, ...body }: ResponseTimeRequest, options: DownloadOptions = {}) =>
    streamFile(`/api/data/${id(studyId)}/download_resp_time`, body, XLSX_MEDIA_TYPE, options),
  ownerResponseTimes: ({ studyId, ...body }: ResponseTimeRequest, options: DownloadOptions = {}) =>
    streamFile(`/api/studies/systemowner/${id(studyId)}/download_resp_time`, body, XLSX_MEDIA_TYPE, options, 0, 'systemOwner'),
  analysis: ({ studyId, ...body }: AnalysisRequest, options: DownloadOptions = {}) =>
    streamFile(`/api/data/${id(studyId)}/download_analysis`, body, ZIP_MEDIA_TYPE, options),
};
