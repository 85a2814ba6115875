// A lab user's call refused with 403 may mean their permission entries have changed (the system owner or the
// lab manager took one away): the entries are read again, so the page's buttons match what the server allows.
// The 403's message stays in the red alert (the read is a background call).
import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '../api/errors';
import { readAccess, type AuthState, fetchAccess } from '../features/auth';
import { isRejectionMeta } from './unauthorizedMiddleware';

interface WithAuth {
  auth: AuthState;
}

/** A lab user's call answered 403; the entries' own read is left out, so that it cannot repeat itself. */
export function refusedLabUserCall(action: unknown): boolean {
  if (typeof action !== 'object' || action === null || fetchAccess.rejected.match(action)) return false;
  const { payload, meta } = action as { payload?: unknown; meta?: unknown };
  return isRejectionMeta(meta) && meta.session === 'labUser' && isApiError(payload) && payload.status === 403;
}

export const forbiddenMiddleware: Middleware<object, WithAuth, ThunkDispatch<WithAuth, unknown, UnknownAction>> =
  (store) => (next) => (action) => {
    const result = next(action);
    if (refusedLabUserCall(action)) store.dispatch(readAccess());
    return result;
  };
