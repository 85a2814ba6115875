// REDCap instruments in and out: the last import's answer (the questionnaires made and what was not carried),
// shown on the questionnaire list until another import, and the download of a questionnaire's dictionary,
// tracked by the questionnaire it is for.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { RedcapImportAnswer } from '../../../../shared/redcap';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import { createApiThunk } from '../../../app/createApiThunk';
import { saveFile } from '../../../app/saveFile';
import { redcapApi } from './redcapApi';

/** The file's fallback name when the answer names none: the form's dictionary, as REDCap names its own. */
export const dictionaryFileName = (abbrev: string) => `${abbrev}_DataDictionary.csv`;

// The card shows an import's failure in place, beside the file it was about.
export const importRedcapDictionary = createApiThunk('redcap/import', redcapApi.importDictionary, { showsOwnFailure: true });
export const downloadRedcapDictionary = createApiThunk('redcap/download', async ({ questionnaireId, abbrev }: { questionnaireId: string; abbrev: string }) => {
  const file = await redcapApi.exportDictionary(questionnaireId);
  const fileName = file.fileName ?? dictionaryFileName(abbrev);
  saveFile(file.blob, fileName);
  return { fileName };
});

const requestKeys = ['import', 'download'] as const;
export type RedcapRequest = (typeof requestKeys)[number];

export interface RedcapState {
  imported: RedcapImportAnswer | null;
  /** The file chosen last was over the size limit and was not sent. */
  fileTooLarge: boolean;
  /** The questionnaire whose dictionary is on its way. */
  downloading: string | null;
  requests: Requests<RedcapRequest>;
}

const initialState: RedcapState = { imported: null, fileTooLarge: false, downloading: null, requests: initialRequests(requestKeys) };

const redcapSlice = createSlice({
  name: 'redcap',
  initialState,
  reducers: {
    redcapRequestReset: (state, action: PayloadAction<RedcapRequest>) => {
      resetRequest<RedcapRequest>()(state, action);
      if (action.payload === 'import') state.fileTooLarge = false;
    },
    redcapFileTooLarge: (state, action: PayloadAction<boolean>) => {
      state.fileTooLarge = action.payload;
      if (action.payload) state.imported = null;
    },
    redcapImportClosed: (state) => {
      state.imported = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(importRedcapDictionary.pending, (state) => {
        state.imported = null;
      })
      .addCase(importRedcapDictionary.fulfilled, (state, action) => {
        state.imported = action.payload;
      })
      .addCase(downloadRedcapDictionary.pending, (state, action) => {
        state.downloading = action.meta.arg.questionnaireId;
      })
      .addCase(downloadRedcapDictionary.fulfilled, (state) => {
        state.downloading = null;
      })
      .addCase(downloadRedcapDictionary.rejected, (state) => {
        state.downloading = null;
      });
    trackRequest(builder, importRedcapDictionary, 'import');
    trackRequest(builder, downloadRedcapDictionary, 'download');
  },
  selectors: {
    selectRedcapImport: (state) => state.imported,
    selectRedcapDownloading: (state) => state.downloading,
    selectRedcapFileTooLarge: (state) => state.fileTooLarge,
    selectRedcapRequests: (state) => state.requests,
  },
});

// Injected when this module loads, which only the questionnaire pages do (app/store.ts LazyLoadedSlices).
const injected = redcapSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof redcapSlice> {}
}

export const { redcapRequestReset, redcapImportClosed, redcapFileTooLarge } = redcapSlice.actions;
export const { selectRedcapImport, selectRedcapDownloading, selectRedcapFileTooLarge, selectRedcapRequests } = injected.selectors;
