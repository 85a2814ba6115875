// Who is signed in: the lab user and/or the system owner, and the lab user's permission entries.
// Only this slice is persisted (app/store.ts), so a reload keeps the sessions.
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessEntry } from '../../../shared/access';
import type { LabUserSession, SystemOwnerSession } from '../../../shared/types/identity';
import type { SessionKind } from '../../api/client';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../app/requestState';
import { fetchAccess, login, logout, systemOwnerLogin } from './authThunks';

const requestKeys = ['login', 'systemOwnerLogin', 'logout', 'access'] as const;
export type AuthRequest = (typeof requestKeys)[number];

export interface AuthState {
  labUser: LabUserSession | null;
  systemOwner: SystemOwnerSession | null;
  allAccess: AccessEntry[];
  requests: Requests<AuthRequest>;
}

export const initialAuthState: AuthState = {
  labUser: null,
  systemOwner: null,
  allAccess: [],
  requests: initialRequests(requestKeys),
};

function endSession(state: AuthState, kind: SessionKind) {
  if (kind === 'systemOwner') {
    state.systemOwner = null;
  } else {
    state.labUser = null;
    state.allAccess = [];
  }
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A 401, an expired session or leaving the labs home ends a session without a call. */
    sessionEnded: (state, action: PayloadAction<SessionKind>) => endSession(state, action.payload),
    authRequestReset: resetRequest<AuthRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.fulfilled, (state, action) => {
        state.labUser = action.payload;
        state.allAccess = [];
      })
      .addCase(systemOwnerLogin.fulfilled, (state, action) => {
        state.systemOwner = action.payload;
      })
      .addCase(fetchAccess.fulfilled, (state, action) => {
        state.allAccess = action.payload;
      })
      // The session ends in the browser even when the server cannot be told.
      .addMatcher(isAnyOf(logout.fulfilled, logout.rejected), (state, action) => endSession(state, action.meta.arg));
    trackRequest(builder, login, 'login');
    trackRequest(builder, systemOwnerLogin, 'systemOwnerLogin');
    trackRequest(builder, logout, 'logout');
    trackRequest(builder, fetchAccess, 'access');
  },
  selectors: {
    selectLabUser: (state) => state.labUser,
    selectSystemOwner: (state) => state.systemOwner,
    selectAllAccess: (state) => state.allAccess,
    selectAuthRequests: (state) => state.requests,
  },
});

export const { sessionEnded, authRequestReset } = authSlice.actions;
export const { selectLabUser, selectSystemOwner, selectAllAccess, selectAuthRequests } = authSlice.selectors;
export const authReducer = authSlice.reducer;
