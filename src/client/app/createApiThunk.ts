// Thunks are thin: one typed API call; on error rejectWithValue({status, message}). The rejection carries
// whose session the call used and whether a 401 ends that session, for the unauthorized middleware.
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SessionKind } from '../api/client';
import { toApiError, type ApiError } from '../api/errors';

export interface ApiRejectionMeta {
  session: SessionKind;
  /** False for the calls part 1 section 8 exempts from the 401 sign-out (logins, lab registration, ...). */
  signOutOn401: boolean;
}

export interface ApiThunkConfig {
  rejectValue: ApiError;
  rejectedMeta: ApiRejectionMeta;
}

export interface ApiThunkOptions {
  session?: SessionKind;
  signOutOn401?: boolean;
  /**
   * A call the portal makes on its own (polling), not one the user asked for: starting it leaves the red alert
   * as it is (notificationsSlice).
   */
  background?: boolean;
}

/** The pending action's meta of a background call. */
export interface BackgroundMeta {
  background: true;
}

export function isBackgroundCall(meta: object): boolean {
  return (meta as Partial<BackgroundMeta>).background === true;
}

export function createApiThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Returned>,
  options: ApiThunkOptions = {},
) {
  const meta: ApiRejectionMeta = {
    session: options.session ?? 'labUser',
    signOutOn401: options.signOutOn401 ?? true,
  };
  return createAsyncThunk<Returned, Arg, ApiThunkConfig>(
    type,
    async (arg, { rejectWithValue }) => {
      try {
        return await call(arg);
      } catch (error) {
        return rejectWithValue(toApiError(error), meta);
      }
    },
    options.background ? { getPendingMeta: (): BackgroundMeta => ({ background: true }) } : undefined,
  );
}
