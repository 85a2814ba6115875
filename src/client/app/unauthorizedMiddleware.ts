// A 401 on an authenticated call ends that session and sends the user to the matching login, with the page
// they were on as the redirect target (part 1 sections 4 and 8). Calls created with signOutOn401: false (the
// logins, logout, lab registration) are left to show their message in the red alert.
import type { Middleware } from '@reduxjs/toolkit';
import { authMessages } from '../../shared/messages';
import { isApiError } from '../api/errors';
import type { SessionKind } from '../api/client';
import { sessionEnded } from '../features/auth';
import { alertShown } from './notifications/notificationsSlice';
import type { ApiRejectionMeta } from './createApiThunk';
import { navigation as defaultNavigation, type Navigation } from './navigation';
import { paths } from './paths';

/** The meta of a call rejected through createApiThunk, with whose session it used. */
export function isRejectionMeta(meta: unknown): meta is ApiRejectionMeta & { rejectedWithValue: true } {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Partial<ApiRejectionMeta> & { rejectedWithValue?: boolean };
  return m.rejectedWithValue === true && (m.session === 'labUser' || m.session === 'systemOwner');
}

/** The session a rejected action asks to end, or null when it is not a 401 that ends one. */
export function sessionEndedBy(action: unknown): SessionKind | null {
  if (typeof action !== 'object' || action === null) return null;
  const { payload, meta } = action as { payload?: unknown; meta?: unknown };
  if (!isRejectionMeta(meta) || !meta.signOutOn401) return null;
  return isApiError(payload) && payload.status === 401 ? meta.session : null;
}

export function loginHrefFor(kind: SessionKind, redirect: string): string {
  return kind === 'systemOwner' ? paths.systemOwnerLogin.getHref(redirect) : paths.login.getHref(redirect);
}

export function createUnauthorizedMiddleware(nav: Navigation = defaultNavigation): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    const kind = sessionEndedBy(action);
    if (kind) {
      const here = nav.currentPath();
      store.dispatch(sessionEnded(kind));
      nav.navigate(loginHrefFor(kind, here));
      store.dispatch(alertShown(authMessages.sessionExpired, true));
    }
    return result;
  };
}
