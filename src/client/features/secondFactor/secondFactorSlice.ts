// Two-step sign-in on the account page (issue 36): whether it is on, a started app (its QR code and secret), the
// recovery codes shown once, and each call's request state. One set of thunks per session kind, so that a 401
// ends the session the page used.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { SessionKind } from '../../api/client';
import type { RemoveTotpBody, SecondFactorStatus, TotpEnrolment } from '../../../shared/types/secondFactor';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { createApiThunk } from '../../app/createApiThunk';
import { requirementApi, secondFactorApi } from './secondFactorApi';

function thunksFor(session: SessionKind) {
  const prefix = `secondFactor/${session}`;
  return {
    fetchStatus: createApiThunk(`${prefix}/status`, () => secondFactorApi.status(session), { session }),
    start: createApiThunk(`${prefix}/start`, () => secondFactorApi.start(session), { session }),
    confirm: createApiThunk(`${prefix}/confirm`, (code: string) => secondFactorApi.confirm(session, code), { session, showsOwnFailure: true }),
    remove: createApiThunk(`${prefix}/remove`, (body: RemoveTotpBody) => secondFactorApi.remove(session, body), { session, showsOwnFailure: true }),
  };
}

export const secondFactorThunks: Record<SessionKind, ReturnType<typeof thunksFor>> = {
  labUser: thunksFor('labUser'),
  systemOwner: thunksFor('systemOwner'),
};

/** The system owner's requirement, of a lab (its id) or of the owners (null). */
export const fetchRequirement = createApiThunk('secondFactor/fetchRequirement', requirementApi.get, { session: 'systemOwner' });
export const setRequirement = createApiThunk('secondFactor/setRequirement', requirementApi.set, { session: 'systemOwner' });

const requestKeys = ['status', 'start', 'confirm', 'remove', 'requirement'] as const;
export type SecondFactorRequest = (typeof requestKeys)[number];

export interface SecondFactorState {
  status: SecondFactorStatus | null;
  /** A started app, until it is confirmed or the page is left. */
  enrolment: TotpEnrolment | null;
  /** The recovery codes, held only until the user says they kept them. */
  recoveryCodes: string[] | null;
  /** The requirement last read or set, and whose ('owners' or a lab's id). */
  requirement: { of: string; required: boolean } | null;
  requests: Requests<SecondFactorRequest>;
}

export const initialSecondFactorState: SecondFactorState = {
  status: null,
  enrolment: null,
  recoveryCodes: null,
  requirement: null,
  requests: initialRequests(requestKeys),
};

const secondFactorSlice = createSlice({
  name: 'secondFactor',
  initialState: initialSecondFactorState,
  reducers: {
    /** The recovery codes were kept (or the page left): they are not shown again. */
    recoveryCodesDismissed: (state) => {
      state.recoveryCodes = null;
    },
    enrolmentCancelled: (state) => {
      state.enrolment = null;
    },
    secondFactorRequestReset: resetRequest<SecondFactorRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchRequirement.fulfilled, (state, action) => {
        state.requirement = { of: action.meta.arg ?? 'owners', required: action.payload.required };
      })
      .addCase(setRequirement.fulfilled, (state, action) => {
        state.requirement = { of: action.meta.arg.labId ?? 'owners', required: action.payload.required };
      });
    for (const thunks of Object.values(secondFactorThunks)) {
      builder
        .addCase(thunks.fetchStatus.fulfilled, (state, action) => {
          state.status = action.payload;
        })
        .addCase(thunks.start.fulfilled, (state, action) => {
          state.enrolment = action.payload;
        })
        .addCase(thunks.confirm.fulfilled, (state, action) => {
          state.enrolment = null;
          state.recoveryCodes = action.payload.recoveryCodes;
          state.status = { totp: true, recoveryCodesLeft: action.payload.recoveryCodes.length, required: state.status?.required ?? false };
        })
        .addCase(thunks.remove.fulfilled, (state) => {
          state.status = { totp: false, recoveryCodesLeft: 0, required: state.status?.required ?? false };
        });
    }
    // The request states are matchers, which come after every case.
    trackRequest(builder, fetchRequirement, 'requirement');
    trackRequest(builder, setRequirement, 'requirement');
    for (const thunks of Object.values(secondFactorThunks)) {
      trackRequest(builder, thunks.fetchStatus, 'status');
      trackRequest(builder, thunks.start, 'start');
      trackRequest(builder, thunks.confirm, 'confirm');
      trackRequest(builder, thunks.remove, 'remove');
    }
  },
  selectors: {
    selectSecondFactor: (state) => state,
  },
});

// Injected when this module loads, which only the account pages do (app/store.ts LazyLoadedSlices).
const injected = secondFactorSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof secondFactorSlice> {}
}

export const { recoveryCodesDismissed, enrolmentCancelled, secondFactorRequestReset } = secondFactorSlice.actions;
export const { selectSecondFactor } = injected.selectors;
export const secondFactorReducer = secondFactorSlice.reducer;
