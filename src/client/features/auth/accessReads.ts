// When the permission entries are read. Part 1 section 6 says "after login"; they are also read whenever a
// lab-user page opens with a session whose entries are not known (a reload, an address opened directly, a
// second tab, a read that had not answered yet), when the window regains focus and they are older than
// ACCESS_REREAD_AFTER_MS, and after a lab user's call answers 403 (app/forbiddenMiddleware.ts), so that a
// permission granted or taken away counts without signing in again (docs/decisions.md).
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { ACCESS_REREAD_AFTER_MS } from '../../../shared/limits';
import { type AuthState, fetchAccess } from './authSlice';

type AccessThunk = ThunkAction<void, { auth: AuthState }, unknown, UnknownAction>;

/** Reads the entries, unless no lab user is signed in or a read is on its way already. */
export function readAccess(): AccessThunk {
  return (dispatch, getState) => {
    const { labUser, requests } = getState().auth;
    if (!labUser || requests.access.status === 'request') return;
    void dispatch(fetchAccess());
  };
}

/** Reads them again when they are not known or arrived at least ACCESS_REREAD_AFTER_MS ago. */
export function rereadStaleAccess(now: number = Date.now()): AccessThunk {
  return (dispatch, getState) => {
    const { allAccess, accessReadAt } = getState().auth;
    if (allAccess !== null && accessReadAt !== null && now - accessReadAt < ACCESS_REREAD_AFTER_MS) return;
    dispatch(readAccess());
  };
}
