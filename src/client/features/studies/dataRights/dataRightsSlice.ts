// A study's data-rights choice (issue 36 part 3) as the server last answered it, for the study open in Edit
// Study, and the two calls' request states. Injected when Edit Study loads (app/store.ts LazyLoadedSlices).
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { DataRights } from '../../../../shared/dataRights';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import { createApiThunk } from '../../../app/createApiThunk';
import { dataRightsApi } from './dataRightsApi';

export const fetchDataRights = createApiThunk('dataRights/fetch', dataRightsApi.get);
// A refused save shows its message at the fields, not also in the page's red alert.
export const saveDataRights = createApiThunk('dataRights/save', dataRightsApi.save, { showsOwnFailure: true });

const requestKeys = ['load', 'save'] as const;
export type DataRightsRequest = (typeof requestKeys)[number];

export interface DataRightsState {
  studyId: string | null;
  settings: DataRights | null;
  requests: Requests<DataRightsRequest>;
}

export const initialDataRightsState: DataRightsState = { studyId: null, settings: null, requests: initialRequests(requestKeys) };

const dataRightsSlice = createSlice({
  name: 'dataRights',
  initialState: initialDataRightsState,
  reducers: {
    dataRightsRequestReset: resetRequest<DataRightsRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchDataRights.pending, (state, action) => {
        if (state.studyId !== action.meta.arg) state.settings = null;
      })
      .addCase(fetchDataRights.fulfilled, (state, action) => {
        state.studyId = action.meta.arg;
        state.settings = action.payload;
      })
      .addCase(saveDataRights.fulfilled, (state, action) => {
        state.studyId = action.meta.arg.studyId;
        state.settings = action.payload;
      });
    trackRequest(builder, fetchDataRights, 'load');
    trackRequest(builder, saveDataRights, 'save');
  },
  selectors: {
    /** The settings of this study; null until they have arrived. */
    selectDataRightsOf: (state, studyId: string) => (state.studyId === studyId ? state.settings : null),
    selectDataRightsSaveRequest: (state) => state.requests.save,
  },
});

const injected = dataRightsSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof dataRightsSlice> {}
}

export const { selectDataRightsOf, selectDataRightsSaveRequest } = injected.selectors;
export const { dataRightsRequestReset } = dataRightsSlice.actions;
export const dataRightsReducer = dataRightsSlice.reducer;
