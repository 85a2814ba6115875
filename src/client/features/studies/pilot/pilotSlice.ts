// Pilot mode (issue 20): the study whose stages and groups the pilot dialog offers, the pilot open on its page
// (clock and plan, as the server last answered), its app session, and each call's request state.
import { createSlice, isAnyOf, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { AppSession } from '../../../../shared/types/participantApp';
import type { Pilot } from '../../../../shared/types/pilot';
import type { Study } from '../../../../shared/types/study';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import { createApiThunk } from '../../../app/createApiThunk';
import { pilotApi } from './pilotApi';

// The dialog and the clock panel show their failures in place (the clock's "cannot go back" beside its controls).
export const fetchPilotStudy = createApiThunk('pilot/fetchStudy', pilotApi.study, { showsOwnFailure: true });
export const createPilot = createApiThunk('pilot/create', pilotApi.create, { showsOwnFailure: true });
export const fetchPilot = createApiThunk('pilot/fetch', pilotApi.get);
export const movePilotClock = createApiThunk('pilot/moveClock', pilotApi.moveClock, { showsOwnFailure: true });
export const resetPilot = createApiThunk('pilot/reset', pilotApi.reset);

const requestKeys = ['study', 'create', 'pilot', 'clock', 'reset'] as const;
export type PilotRequest = (typeof requestKeys)[number];

export interface PilotState {
  study: Study | null;
  pilot: Pilot | null;
  /** The pilot's participant-app session, when this tab made the pilot (or kept it: pilotSessions.ts). */
  session: AppSession | null;
  requests: Requests<PilotRequest>;
}

export const initialPilotState: PilotState = { study: null, pilot: null, session: null, requests: initialRequests(requestKeys) };

const pilotSlice = createSlice({
  name: 'pilot',
  initialState: initialPilotState,
  reducers: {
    pilotRequestReset: resetRequest<PilotRequest>(),
    pilotSessionFound(state, action: { payload: AppSession | null }) {
      state.session = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchPilotStudy.pending, (state) => {
        state.study = null;
      })
      .addCase(fetchPilotStudy.fulfilled, (state, action) => {
        state.study = action.payload;
      })
      .addCase(createPilot.fulfilled, (state, action) => {
        state.pilot = action.payload.pilot;
        state.session = action.payload.session;
      })
      .addMatcher(isAnyOf(fetchPilot.fulfilled, movePilotClock.fulfilled, resetPilot.fulfilled), (state, action) => {
        state.pilot = action.payload;
      });
    trackRequest(builder, fetchPilotStudy, 'study');
    trackRequest(builder, createPilot, 'create');
    trackRequest(builder, fetchPilot, 'pilot');
    trackRequest(builder, movePilotClock, 'clock');
    trackRequest(builder, resetPilot, 'reset');
  },
  selectors: {
    selectPilotStudy: (state) => state.study,
    selectPilot: (state) => state.pilot,
    selectPilotSession: (state) => state.session,
    selectPilotRequests: (state) => state.requests,
  },
});

// Injected when this module loads, which only the pilot dialog and page do (app/store.ts LazyLoadedSlices).
const injected = pilotSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof pilotSlice> {}
}

export const { pilotRequestReset, pilotSessionFound } = pilotSlice.actions;
export const { selectPilotStudy, selectPilot, selectPilotSession, selectPilotRequests } = injected.selectors;
export const pilotReducer = pilotSlice.reducer;
