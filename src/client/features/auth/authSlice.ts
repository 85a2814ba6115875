// Who is signed in: the lab user and/or the system owner, and the lab user's permission entries.
// Only the sessions are persisted (app/store.ts), so a reload keeps them; the entries are read again.
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessEntry } from '../../../shared/access';
import type { LabUserSession, SystemOwnerSession } from '../../../shared/types/identity';
import type { SecondFactorChallenge } from '../../../shared/types/secondFactor';
import type { SessionKind } from '../../api/client';
import { initialRequests, resetRequest, resetState, trackRequest, type Requests } from '../../../ui/state/requestState';
import { createApiThunk } from '../../app/createApiThunk';
import { authApi } from './authApi';

// The logins are exempt from the 401 sign-out: their 401 means wrong credentials, shown in the red alert.
export const login = createApiThunk('auth/login', authApi.login, { session: 'labUser', signOutOn401: false });

export const systemOwnerLogin = createApiThunk('auth/systemOwnerLogin', authApi.systemOwnerLogin, {
  session: 'systemOwner',
  signOutOn401: false,
});

// The code step after the password (issue 36): its 401 is a wrong code or an expired step, shown under the field.
export const loginSecondFactor = createApiThunk('auth/loginSecondFactor', authApi.loginSecondFactor, {
  session: 'labUser',
  signOutOn401: false,
  showsOwnFailure: true,
});

export const systemOwnerLoginSecondFactor = createApiThunk('auth/systemOwnerLoginSecondFactor', authApi.systemOwnerLoginSecondFactor, {
  session: 'systemOwner',
  signOutOn401: false,
  showsOwnFailure: true,
});

/** The sign-in answered the step after the password instead of a session. */
export function isChallenge(answer: LabUserSession | SystemOwnerSession | SecondFactorChallenge): answer is SecondFactorChallenge {
  return 'secondFactorRequired' in answer;
}

/** A sign-in waiting for its code: whose, and the step's token. Not persisted: a reload starts again. */
export interface PendingSecondFactor extends SecondFactorChallenge {
  kind: SessionKind;
}

// Logout ends the session locally whatever the server answers, so its 401 needs no sign-out redirect.
export const logout = createApiThunk<unknown, SessionKind>('auth/logout', authApi.logout, { signOutOn401: false });

/**
 * The permission entries and when they arrived. The portal reads them on its own (accessReads.ts), so the call
 * is a background one: starting it leaves the red alert as it is (a 403's message that led to the read).
 */
export const fetchAccess = createApiThunk(
  'auth/fetchAccess',
  async () => ({ entries: await authApi.allAccess(), readAt: Date.now() }),
  { background: true },
);

const requestKeys = ['login', 'systemOwnerLogin', 'secondFactor', 'logout', 'access'] as const;
export type AuthRequest = (typeof requestKeys)[number];

export interface AuthState {
  labUser: LabUserSession | null;
  systemOwner: SystemOwnerSession | null;
  /** A sign-in whose password was right, waiting for the code. */
  pendingSecondFactor: PendingSecondFactor | null;
  /**
   * The lab user's permission entries; null while they are not known for this session (not yet read, or the
   * read failed), which is not the same as holding none: pages gated on them wait (guards.tsx).
   */
  allAccess: AccessEntry[] | null;
  /** When the entries last arrived (ms since the epoch), so a focus after a while reads them again. */
  accessReadAt: number | null;
  /** The read whose answer counts: one started for an ended session must not fill in the next one's entries. */
  accessReadId: string | null;
  requests: Requests<AuthRequest>;
}

export const initialAuthState: AuthState = {
  labUser: null,
  systemOwner: null,
  pendingSecondFactor: null,
  allAccess: null,
  accessReadAt: null,
  accessReadId: null,
  requests: initialRequests(requestKeys),
};

/** A new or ended lab-user session knows nothing of its entries yet. */
function forgetAccess(state: AuthState) {
  state.allAccess = null;
  state.accessReadAt = null;
  state.accessReadId = null;
  state.requests.access = { ...resetState };
}

function endSession(state: AuthState, kind: SessionKind) {
  if (kind === 'systemOwner') {
    state.systemOwner = null;
  } else {
    state.labUser = null;
    forgetAccess(state);
  }
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A 401, an expired session or leaving the labs home ends a session without a call. */
    sessionEnded: (state, action: PayloadAction<SessionKind>) => endSession(state, action.payload),
    authRequestReset: resetRequest<AuthRequest>(),
    /** Back to the password from the code step. */
    secondFactorCancelled: (state) => {
      state.pendingSecondFactor = null;
      state.requests.secondFactor = { ...resetState };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.fulfilled, (state, action) => {
        if (isChallenge(action.payload)) {
          state.pendingSecondFactor = { ...action.payload, kind: 'labUser' };
          return;
        }
        state.labUser = action.payload;
        forgetAccess(state);
      })
      .addCase(loginSecondFactor.fulfilled, (state, action) => {
        state.pendingSecondFactor = null;
        state.labUser = action.payload;
        forgetAccess(state);
      })
      .addCase(systemOwnerLogin.fulfilled, (state, action) => {
        if (isChallenge(action.payload)) {
          state.pendingSecondFactor = { ...action.payload, kind: 'systemOwner' };
          return;
        }
        state.systemOwner = action.payload;
      })
      .addCase(systemOwnerLoginSecondFactor.fulfilled, (state, action) => {
        state.pendingSecondFactor = null;
        state.systemOwner = action.payload;
      })
      .addCase(fetchAccess.pending, (state, action) => {
        state.accessReadId = action.meta.requestId;
      })
      .addCase(fetchAccess.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.accessReadId) return;
        state.allAccess = action.payload.entries;
        state.accessReadAt = action.payload.readAt;
      })
      // Adding a second factor ends the session's setup (the account page's thunk: features/secondFactor).
      .addMatcher(
        (action) => action.type === 'secondFactor/labUser/confirm/fulfilled',
        (state) => {
          if (state.labUser) delete state.labUser.secondFactorSetupRequired;
        },
      )
      .addMatcher(
        (action) => action.type === 'secondFactor/systemOwner/confirm/fulfilled',
        (state) => {
          if (state.systemOwner) delete state.systemOwner.secondFactorSetupRequired;
        },
      )
      // The session ends in the browser even when the server cannot be told.
      .addMatcher(isAnyOf(logout.fulfilled, logout.rejected), (state, action) => endSession(state, action.meta.arg));
    trackRequest(builder, login, 'login');
    trackRequest(builder, systemOwnerLogin, 'systemOwnerLogin');
    trackRequest(builder, loginSecondFactor, 'secondFactor');
    trackRequest(builder, systemOwnerLoginSecondFactor, 'secondFactor');
    trackRequest(builder, logout, 'logout');
    trackRequest(builder, fetchAccess, 'access');
  },
  selectors: {
    selectLabUser: (state) => state.labUser,
    selectSystemOwner: (state) => state.systemOwner,
    selectPendingSecondFactor: (state) => state.pendingSecondFactor,
    selectAllAccess: (state) => state.allAccess,
    selectAccessReadAt: (state) => state.accessReadAt,
    selectAuthRequests: (state) => state.requests,
  },
});

export const { sessionEnded, authRequestReset, secondFactorCancelled } = authSlice.actions;
export const { selectLabUser, selectSystemOwner, selectPendingSecondFactor, selectAllAccess, selectAccessReadAt, selectAuthRequests } = authSlice.selectors;
export const authReducer = authSlice.reducer;
