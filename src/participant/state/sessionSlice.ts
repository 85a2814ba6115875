// The participant's session: who is signed in, and the account calls (sign up, sign in, sign out, password reset).
import { createSlice } from '@reduxjs/toolkit';
import type { AppCredentials, AppSession, ResetBody, ResetRequestBody } from '../../shared/types/participantApp';
import { initialRequests, resetRequest, trackRequest } from '../../ui/state/requestState';
import { appCall, appDownload } from '../api/client';
import { readSession, type StoredSession } from '../api/sessionStore';
import { forgetReads } from '../offline/keptReads';
import { stopPrompts } from '../push/subscription';
import { createAppThunk } from './appThunk';

interface MessageAnswer {
  message: string;
}

/** Signed in: what another account left kept on this phone (its session ended without a sign-out) goes. */
async function signedInAs(session: AppSession): Promise<AppSession> {
  await forgetReads(session.participant._id).catch(() => undefined);
  return session;
}

export const signUp = createAppThunk('session/signUp', async (body: AppCredentials) => signedInAs(await appCall<AppSession>('POST', '/signup', body)), { signOutOn401: false });
export const signIn = createAppThunk('session/signIn', async (body: AppCredentials) => signedInAs(await appCall<AppSession>('POST', '/login', body)), { signOutOn401: false });
// Signing out ends the session here whatever the server answers (an expired session is already over). This
// phone's push subscription ends first, while the token still works for its DELETE; the reads kept for
// offline starts are forgotten, so the next account on this phone sees nothing of this one.
export const signOut = createAppThunk(
  'session/signOut',
  async () => {
    await stopPrompts().catch(() => undefined);
    await forgetReads().catch(() => undefined);
    return appCall<MessageAnswer>('POST', '/logout');
  },
  { signOutOn401: false },
);
// Deleting the account (issue 36): after the server's answer the session is over and what this phone kept of
// the account is forgotten. A wrong password answers 400 and keeps the session.
export const deleteAccount = createAppThunk('session/deleteAccount', async (body: { password: string }) => {
  const answer = await appCall<MessageAnswer>('POST', '/me/delete', body);
  await forgetReads().catch(() => undefined);
  return answer;
});
// My data (issue 36): the zip is saved by the browser as my-data.zip; nothing of it is kept in the store.
export const downloadMyData = createAppThunk('session/downloadMyData', async () => {
  const zip = await appDownload('/me/export');
  const url = URL.createObjectURL(zip);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.zip';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
});
export const requestReset = createAppThunk('session/requestReset', (body: ResetRequestBody) => appCall<MessageAnswer>('POST', '/password/reset_request', body), { signOutOn401: false });
export const resetPassword = createAppThunk('session/resetPassword', (body: ResetBody) => appCall<MessageAnswer>('POST', '/password/reset', body), { signOutOn401: false });

const CALLS = ['signUp', 'signIn', 'signOut', 'requestReset', 'resetPassword', 'deleteAccount', 'downloadMyData'] as const;
export type SessionCall = (typeof CALLS)[number];

export interface SessionState {
  session: StoredSession | null;
  /** The server's answer to the last reset request or reset (shown as it comes). */
  resetMessage: string | null;
  requests: ReturnType<typeof initialRequests<SessionCall>>;
}

export function initialSessionState(session: StoredSession | null = readSession()): SessionState {
  return { session, resetMessage: null, requests: initialRequests(CALLS) };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A 401 on a participant call: the session is over. */
    sessionEnded(state) {
      state.session = null;
    },
    sessionRequestReset: resetRequest<SessionCall>(),
    /** The portal's pilot frame handed over the pilot's session (kept in memory only: store.ts). */
    pilotSessionReceived(state, action: { payload: AppSession }) {
      state.session = action.payload;
    },
  },
  extraReducers: (builder) => {
    const signedIn = (state: SessionState, action: { payload: AppSession }) => {
      state.session = action.payload;
    };
    builder
      .addCase(signUp.fulfilled, signedIn)
      .addCase(signIn.fulfilled, signedIn)
      .addCase(signOut.fulfilled, (state) => {
        state.session = null;
      })
      .addCase(signOut.rejected, (state) => {
        state.session = null;
      })
      .addCase(deleteAccount.fulfilled, (state) => {
        state.session = null;
      })
      .addCase(requestReset.fulfilled, (state, action) => {
        state.resetMessage = action.payload.message;
      })
      .addCase(resetPassword.fulfilled, (state, action) => {
        state.resetMessage = action.payload.message;
      });
    trackRequest(builder, signUp, 'signUp');
    trackRequest(builder, signIn, 'signIn');
    trackRequest(builder, signOut, 'signOut');
    trackRequest(builder, requestReset, 'requestReset');
    trackRequest(builder, resetPassword, 'resetPassword');
    trackRequest(builder, deleteAccount, 'deleteAccount');
    trackRequest(builder, downloadMyData, 'downloadMyData');
  },
});

export const { sessionEnded, sessionRequestReset, pilotSessionReceived } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
