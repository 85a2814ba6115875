// The lab's media files: the paged list, the file open for editing, the lab's storage use, the upload's
// progress and the media picker's search results. Each call's state is one of the four request states.
import { createSlice, type WithSlice, createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { LabInfo } from '../../../shared/types/identity';
import type { MediaFile, MediaListAnswer } from '../../../shared/types/media';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { checkMediaFile } from '../../../shared/media';
import { toApiError } from '../../api/errors';
import { createApiThunk, type ApiRejectionMeta, type ApiThunkConfig } from '../../app/createApiThunk';
import { mediaAddresses, mediaApi, pickerSearch } from './mediaApi';
import { putBytes } from './storageUpload';
import { firstUploadProblem } from './uploadRules';

// The media calls as thunks. Creating (uploading), renaming and deleting a file are exempt from the 401
// sign-out (part 1 section 8): their failure shows in the red alert instead.
const noSignOut = { signOutOn401: false } as const;

export const fetchMediaFiles = createApiThunk('media/fetchFiles', mediaApi.list);
export const fetchMediaFile = createApiThunk('media/fetchFile', mediaApi.get);
export const renameMediaFile = createApiThunk('media/renameFile', mediaApi.rename, noSignOut);
export const deleteMediaFile = createApiThunk('media/deleteFile', mediaApi.remove, noSignOut);
export const fetchMediaLabInfo = createApiThunk('media/fetchLabInfo', mediaApi.labInfo);
export const searchPickerFiles = createApiThunk('media/searchPickerFiles', pickerSearch);
/** A file the preview cannot find says so at its question, not in the page's red alert. */
export const fetchMediaAddresses = createApiThunk('media/fetchAddresses', mediaAddresses, { showsOwnFailure: true });

/** How much of the file's bytes have reached the storage, in whole percent. */
export const uploadProgressed = createAction<number>('media/uploadProgressed');

export interface UploadArg {
  name: string;
  file: File;
  /** The signed-in user's lab, which the record belongs to. */
  lab: string;
}

const uploadRejection: ApiRejectionMeta = { session: 'labUser', signOutOn401: false };

/**
 * The whole upload flow of part 1 section 4 as one call: 1) check the name and the file here, 2) ask for an
 * upload address, 3) send the bytes there with the granted content type (progress into the slice), 4) register
 * the file record. Any failure rejects with the server's (or the check's) message.
 */
export const uploadFile = createAsyncThunk<MediaFile, UploadArg, ApiThunkConfig>(
  'media/uploadFile',
  async ({ name, file, lab }, { dispatch, rejectWithValue }) => {
    const problem = firstUploadProblem(name, file);
    if (problem) return rejectWithValue({ status: null, message: problem }, uploadRejection);
    const check = checkMediaFile(file.name, file.size);
    try {
      const grant = await mediaApi.uploadUrl({
        filePath: file.name,
        fileType: file.type || (check.ok ? check.contentType : ''),
        requestType: 'putObject',
        fileSize: file.size,
      });
      let shown = -1;
      const progressed = (percent: number) => {
        if (percent === shown) return;
        shown = percent;
        dispatch(uploadProgressed(percent));
      };
      progressed(0);
      await putBytes(grant.url, file, grant.contentType, progressed);
      progressed(100);
      return await mediaApi.createFile({ lab, name: name.trim(), type: grant.type, file: grant.file, size: file.size });
    } catch (error) {
      return rejectWithValue(toApiError(error), uploadRejection);
    }
  },
);

const requestKeys = ['list', 'file', 'rename', 'remove', 'labInfo', 'upload', 'picker', 'addresses'] as const;
export type MediaRequest = (typeof requestKeys)[number];

export interface MediaState {
  /** The page of the Media Files list last loaded. */
  list: MediaListAnswer | null;
  /** The file open on Update Filename. */
  file: MediaFile | null;
  labInfo: LabInfo | null;
  /** Percent of the current upload's bytes sent; null before the bytes start to travel. */
  uploadPercent: number | null;
  picker: {
    files: MediaFile[];
    /** Whether the lab has any file at all (known once a search has answered). */
    labHasFiles: boolean | null;
    /** The search whose answer may fill the list: older answers arriving late are dropped. */
    latestRequestId: string | null;
  };
  /** Signed addresses of stored files by key, for the questionnaire preview's media. */
  addresses: Record<string, string>;
  requests: Requests<MediaRequest>;
}

export const initialMediaState: MediaState = {
  list: null,
  file: null,
  labInfo: null,
  uploadPercent: null,
  picker: { files: [], labHasFiles: null, latestRequestId: null },
  addresses: {},
  requests: initialRequests(requestKeys),
};

const mediaSlice = createSlice({
  name: 'media',
  initialState: initialMediaState,
  reducers: {
    mediaRequestReset: resetRequest<MediaRequest>(),
    /** The picker opens on an empty list, not on the answer of its last search. */
    pickerCleared: (state) => {
      state.picker = { files: [], labHasFiles: null, latestRequestId: null };
      state.requests.picker = { status: 'reset', message: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchMediaFiles.fulfilled, (state, action) => {
        state.list = action.payload;
      })
      .addCase(fetchMediaFile.pending, (state, action) => {
        if (state.file?._id !== action.meta.arg) state.file = null;
      })
      .addCase(fetchMediaFile.fulfilled, (state, action) => {
        state.file = action.payload;
      })
      .addCase(renameMediaFile.fulfilled, (state, action) => {
        state.file = action.payload;
        const listed = state.list?.files.find((f) => f._id === action.payload._id);
        if (listed) listed.name = action.payload.name;
      })
      .addCase(deleteMediaFile.fulfilled, (state, action) => {
        if (state.list) state.list.files = state.list.files.filter((f) => f._id !== action.meta.arg);
        if (state.file?._id === action.meta.arg) state.file = null;
      })
      .addCase(fetchMediaLabInfo.fulfilled, (state, action) => {
        state.labInfo = action.payload;
      })
      .addCase(uploadFile.pending, (state) => {
        state.uploadPercent = null;
      })
      .addCase(uploadProgressed, (state, action) => {
        state.uploadPercent = action.payload;
      })
      .addCase(uploadFile.rejected, (state) => {
        state.uploadPercent = null;
      })
      .addCase(searchPickerFiles.pending, (state, action) => {
        state.picker.latestRequestId = action.meta.requestId;
      })
      .addCase(searchPickerFiles.fulfilled, (state, action) => {
        if (state.picker.latestRequestId !== action.meta.requestId) return;
        state.picker.files = action.payload.files;
        state.picker.labHasFiles = action.payload.labHasFiles;
      })
      .addCase(fetchMediaAddresses.fulfilled, (state, action) => {
        state.addresses = action.payload;
      });
    trackRequest(builder, fetchMediaFiles, 'list');
    trackRequest(builder, fetchMediaFile, 'file');
    trackRequest(builder, renameMediaFile, 'rename');
    trackRequest(builder, deleteMediaFile, 'remove');
    trackRequest(builder, fetchMediaLabInfo, 'labInfo');
    trackRequest(builder, uploadFile, 'upload');
    trackRequest(builder, searchPickerFiles, 'picker');
    trackRequest(builder, fetchMediaAddresses, 'addresses');
  },
  selectors: {
    selectMediaList: (state) => state.list,
    selectMediaFile: (state) => state.file,
    selectMediaLabInfo: (state) => state.labInfo,
    selectUploadPercent: (state) => state.uploadPercent,
    selectPickerFiles: (state) => state.picker.files,
    selectPickerLabHasFiles: (state) => state.picker.labHasFiles,
    selectMediaRequests: (state) => state.requests,
    selectMediaAddresses: (state) => state.addresses,
  },
});

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injected = mediaSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof mediaSlice> {}
}

export const { mediaRequestReset, pickerCleared } = mediaSlice.actions;
export const {
  selectMediaList,
  selectMediaFile,
  selectMediaLabInfo,
  selectUploadPercent,
  selectPickerFiles,
  selectPickerLabHasFiles,
  selectMediaRequests,
  selectMediaAddresses,
} = injected.selectors;
export const mediaReducer = mediaSlice.reducer;
