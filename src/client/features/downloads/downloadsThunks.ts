// The downloads as thunks. A download thunk makes the call (its progress into the slice), saves the file and
// answers what it saved, so no Blob passes through the store. Its signal is the thunk's own: `.abort()` on the
// dispatched thunk cancels the request itself.
import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import type { DataDownloadKind } from '../../../shared/dataDownloads';
import type { SessionKind } from '../../api/client';
import { toApiError } from '../../api/errors';
import { createApiThunk, type ApiRejectionMeta, type ApiThunkConfig } from '../../app/createApiThunk';
import { downloadsApi, type DownloadedFile, type DownloadOptions, type DownloadProgress } from './downloadsApi';
import { saveFile } from './saveFile';

export const downloadProgressed = createAction<{ kind: DataDownloadKind; progress: DownloadProgress }>('downloads/progressed');

export interface DownloadArg<Request> {
  request: Request;
  /** The name to save under when the answer names none (shared dataDownloadTitle). */
  fallbackTitle: string;
}

export interface SavedDownload {
  fileName: string;
  bytes: number;
}

/** The lab user's download of a kind, or the system owner's (its own action type, the same request state). */
function createDownloadThunk<Request>(
  kind: DataDownloadKind,
  call: (request: Request, options: DownloadOptions) => Promise<DownloadedFile>,
  session: SessionKind = 'labUser',
) {
  const rejection: ApiRejectionMeta = { session, signOutOn401: true };
  return createAsyncThunk<SavedDownload, DownloadArg<Request>, ApiThunkConfig>(
    session === 'labUser' ? `downloads/${kind}` : `downloads/${kind}/${session}`,
    async ({ request, fallbackTitle }, { dispatch, signal, rejectWithValue }) => {
      try {
        const file = await call(request, { signal, onProgress: (progress) => dispatch(downloadProgressed({ kind, progress })) });
        const fileName = file.fileName ?? fallbackTitle;
        saveFile(file.blob, fileName);
        return { fileName, bytes: file.blob.size };
      } catch (error) {
        return rejectWithValue(toApiError(error), rejection);
      }
    },
  );
}

export const downloadTextResponses = createDownloadThunk('textResponses', downloadsApi.textResponses);
export const downloadResponseTimes = createDownloadThunk('responseTimes', downloadsApi.responseTimes);
export const downloadOwnerResponseTimes = createDownloadThunk('responseTimes', downloadsApi.ownerResponseTimes, 'systemOwner');
export const downloadAnalysisData = createDownloadThunk('analysis', downloadsApi.analysis);

/** The participants the text dialog offers to exclude, apart from the Participant List's own rows. */
export const fetchDownloadCandidates = createApiThunk('downloads/fetchCandidates', downloadsApi.candidates);
