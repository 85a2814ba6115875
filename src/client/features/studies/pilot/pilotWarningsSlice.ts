// Pilot mode's warnings before launch (issue 20): the answer for the study last asked about and the call's
// request state. Injected when the pilot's warnings load (app/store.ts LazyLoadedSlices).
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { PilotWarning } from '../../../../shared/types/pilotWarnings';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import { createApiThunk } from '../../../app/createApiThunk';
import { pilotWarningsApi } from './pilotWarningsApi';

// The warnings show their own failure in place, beside the pilot, rather than in the page's red alert.
export const fetchPilotWarnings = createApiThunk('pilotWarnings/fetch', pilotWarningsApi.get, { showsOwnFailure: true });

const requestKeys = ['warnings'] as const;
export type PilotWarningsRequest = (typeof requestKeys)[number];

export interface PilotWarningsState {
  warnings: PilotWarning[];
  /** The study the warnings are of: another study's are never shown. */
  studyId: string | null;
  /** The latest call: an older one answering late must not replace what is now asked for. */
  requestId: string | null;
  requests: Requests<PilotWarningsRequest>;
}

export const initialPilotWarningsState: PilotWarningsState = {
  warnings: [],
  studyId: null,
  requestId: null,
  requests: initialRequests(requestKeys),
};

const noWarnings: PilotWarning[] = [];

const pilotWarningsSlice = createSlice({
  name: 'pilotWarnings',
  initialState: initialPilotWarningsState,
  reducers: {
    pilotWarningsRequestReset: resetRequest<PilotWarningsRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchPilotWarnings.pending, (state, action) => {
        state.requestId = action.meta.requestId;
      })
      .addCase(fetchPilotWarnings.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.warnings = action.payload.warnings;
        state.studyId = action.meta.arg;
      });
    trackRequest(builder, fetchPilotWarnings, 'warnings');
  },
  selectors: {
    /** The warnings of this study; none until they have arrived. */
    selectPilotWarningsOf: (state, studyId: string) => (state.studyId === studyId ? state.warnings : noWarnings),
    selectPilotWarningsLoadedFor: (state, studyId: string) => state.studyId === studyId,
    selectPilotWarningsRequest: (state) => state.requests.warnings,
  },
});

const injected = pilotWarningsSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof pilotWarningsSlice> {}
}

export const { selectPilotWarningsOf, selectPilotWarningsLoadedFor, selectPilotWarningsRequest } = injected.selectors;
export const { pilotWarningsRequestReset } = pilotWarningsSlice.actions;
export const pilotWarningsReducer = pilotWarningsSlice.reducer;
