// The study file's two calls (issue 35 part 1), each tracked as request/success/fail/reset. The import's
// refusal is shown in its dialog, so it does not also go to the red alert.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import { createApiThunk } from '../../../app/createApiThunk';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import { studyFileApi } from './studyFileApi';

type StudyFileRequest = 'exportDesign' | 'importDesign';

export interface StudyFileState {
  requests: Requests<StudyFileRequest>;
}

const initialState: StudyFileState = { requests: initialRequests<StudyFileRequest>(['exportDesign', 'importDesign']) };

export const exportStudyDesign = createApiThunk('studyFile/export', studyFileApi.design);
export const importStudyDesign = createApiThunk('studyFile/import', studyFileApi.importDesign, { showsOwnFailure: true });

const slice = createSlice({
  name: 'studyFile',
  initialState,
  reducers: { studyFileRequestReset: resetRequest<StudyFileRequest>() },
  extraReducers: (builder) => {
    trackRequest(builder, exportStudyDesign, 'exportDesign');
    trackRequest(builder, importStudyDesign, 'importDesign');
  },
  selectors: {
    selectStudyFileRequests: (state) => state.requests,
  },
});

const injected = slice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const { studyFileRequestReset } = slice.actions;
export const { selectStudyFileRequests } = injected.selectors;
