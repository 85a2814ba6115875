// The data downloads: each download's request state, its progress while the file arrives and the name it was
// saved under; and the participants the text dialog lists for exclusion. A cancelled download is no failure:
// its request goes back to `reset` instead of showing an alert.
import { createSlice, type PayloadAction, type WithSlice, createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import { DATA_DOWNLOAD_KINDS, type DataDownloadKind } from '../../../shared/dataDownloads';
import type { Participant } from '../../../shared/types/participant';
import { initialRequests, resetRequest, resetState, trackRequest, type Requests } from '../../../ui/state/requestState';
import { type CandidatesQuery, type DownloadProgress, downloadsApi, type DownloadedFile, type DownloadOptions } from './downloadsApi';
import type { SessionKind } from '../../api/client';
import { toApiError } from '../../api/errors';
import { createApiThunk, type ApiRejectionMeta, type ApiThunkConfig } from '../../app/createApiThunk';
import { saveFile } from './saveFile';

// The downloads as thunks. A download thunk makes the call (its progress into the slice), saves the file and
// answers what it saved, so no Blob passes through the store. Its signal is the thunk's own: `.abort()` on the
// dispatched thunk cancels the request itself.
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

const requestKeys = [...DATA_DOWNLOAD_KINDS, 'candidates'] as const;
export type DownloadsRequest = (typeof requestKeys)[number];

export interface DownloadsState {
  /** Null when no file is arriving. */
  progress: Record<DataDownloadKind, DownloadProgress | null>;
  /** The name the last finished download was saved under. */
  saved: Record<DataDownloadKind, string | null>;
  candidates: { query: CandidatesQuery; participants: Participant[] } | null;
  /** The latest candidates call: an earlier one answering late must not replace it. */
  candidatesRequestId: string | null;
  requests: Requests<DownloadsRequest>;
}

const nothing = <V>(value: V) => Object.fromEntries(DATA_DOWNLOAD_KINDS.map((kind) => [kind, value])) as Record<DataDownloadKind, V>;

export const initialDownloadsState: DownloadsState = {
  progress: nothing(null),
  saved: nothing(null),
  candidates: null,
  candidatesRequestId: null,
  requests: initialRequests(requestKeys),
};

const downloadThunks = [
  ['textResponses', downloadTextResponses],
  ['responseTimes', downloadResponseTimes],
  ['responseTimes', downloadOwnerResponseTimes],
  ['analysis', downloadAnalysisData],
] as const;

const isKind = (key: DownloadsRequest): key is DataDownloadKind => key !== 'candidates';
const resetOne = resetRequest<DownloadsRequest>();

const downloadsSlice = createSlice({
  name: 'downloads',
  initialState: initialDownloadsState,
  reducers: {
    /** A download control left or reopened: no alert, progress or saved name from before. */
    downloadsRequestReset: (state, action: PayloadAction<DownloadsRequest>) => {
      resetOne(state, action);
      const key = action.payload;
      if (isKind(key)) {
        state.progress[key] = null;
        state.saved[key] = null;
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(downloadProgressed, (state, action) => {
      const { kind, progress } = action.payload;
      if (state.requests[kind].status === 'request') state.progress[kind] = progress;
    });
    builder
      .addCase(fetchDownloadCandidates.pending, (state, action) => {
        state.candidatesRequestId = action.meta.requestId;
      })
      .addCase(fetchDownloadCandidates.fulfilled, (state, action) => {
        if (action.meta.requestId === state.candidatesRequestId) state.candidates = { query: action.meta.arg, participants: action.payload };
      });
    for (const [kind, thunk] of downloadThunks) {
      builder
        .addCase(thunk.pending, (state) => {
          state.progress[kind] = { received: 0, total: null };
          state.saved[kind] = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.progress[kind] = null;
          state.saved[kind] = action.payload.fileName;
        })
        .addCase(thunk.rejected, (state) => {
          state.progress[kind] = null;
        });
    }
    trackRequest(builder, downloadTextResponses, 'textResponses');
    trackRequest(builder, downloadResponseTimes, 'responseTimes');
    trackRequest(builder, downloadOwnerResponseTimes, 'responseTimes');
    trackRequest(builder, downloadAnalysisData, 'analysis');
    trackRequest(builder, fetchDownloadCandidates, 'candidates');
    // After trackRequest's matchers, so that it has the last word on a cancelled download.
    for (const [kind, thunk] of downloadThunks) {
      builder.addMatcher(
        (action) => thunk.rejected.match(action) && action.meta.aborted,
        (state) => {
          state.requests[kind] = { ...resetState };
        },
      );
    }
  },
  selectors: {
    selectDownloadsRequests: (state) => state.requests,
    selectDownloadProgress: (state) => state.progress,
    selectSavedDownloads: (state) => state.saved,
    selectDownloadCandidates: (state) => state.candidates,
  },
});

export const { downloadsRequestReset } = downloadsSlice.actions;
// Injected when this module loads, which only the pages with downloads do (app/store.ts LazyLoadedSlices).
const injected = downloadsSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof downloadsSlice> {}
}

export const { selectDownloadsRequests, selectDownloadProgress, selectSavedDownloads, selectDownloadCandidates } = injected.selectors;
export const downloadsReducer = downloadsSlice.reducer;
