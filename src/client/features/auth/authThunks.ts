import { createApiThunk } from '../../app/createApiThunk';
import type { SessionKind } from '../../api/client';
import { authApi } from './authApi';

// The logins are exempt from the 401 sign-out: their 401 means wrong credentials, shown in the red alert.
export const login = createApiThunk('auth/login', authApi.login, { session: 'labUser', signOutOn401: false });

export const systemOwnerLogin = createApiThunk('auth/systemOwnerLogin', authApi.systemOwnerLogin, {
  session: 'systemOwner',
  signOutOn401: false,
});

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
