// The media calls as thunks. Creating (uploading), renaming and deleting a file are exempt from the 401
// sign-out (part 1 section 8): their failure shows in the red alert instead.
import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { checkMediaFile } from '../../../shared/media';
import type { MediaFile } from '../../../shared/types/media';
import { toApiError } from '../../api/errors';
import { createApiThunk, type ApiRejectionMeta, type ApiThunkConfig } from '../../app/createApiThunk';
import { mediaAddresses, mediaApi, pickerSearch } from './mediaApi';
import { putBytes } from './storageUpload';
import { firstUploadProblem } from './uploadRules';

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
