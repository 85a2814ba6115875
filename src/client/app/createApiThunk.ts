// Thunks are thin: one typed API call; on error rejectWithValue({status, message}). The rejection carries
// whose session the call used and whether a 401 ends that session, for the unauthorized middleware.
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SessionKind } from '../api/client';
import { toApiError, type ApiError } from '../api/errors';

export interface ApiRejectionMeta {
  session: SessionKind;
  /** False for the calls part 1 section 8 exempts from the 401 sign-out (logins, lab registration, ...). */
  signOutOn401: boolean;
  /** The form that made the call shows its failure itself (ApiThunkOptions.showsOwnFailure). */
  showsOwnFailure?: boolean;
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
  /**
   * A call made from a dialog that shows its failure in place (Create New Participant): the message goes there
   * only, not also to the red alert behind the dialog, which would say it twice and stay after the dialog is
   * closed (issue 18).
   */
  showsOwnFailure?: boolean;
}

/** The pending action's meta of a background call. */
export interface BackgroundMeta {
  background: true;
}

export function isBackgroundCall(meta: object): boolean {
  return (meta as Partial<BackgroundMeta>).background === true;
}

/** Whether a rejected action's message is shown by the form that made the call, not by the red alert. */
export function isFailureShownByCaller(meta: object): boolean {
  return (meta as Partial<ApiRejectionMeta>).showsOwnFailure === true;
}

export function createApiThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Returned>,
  options: ApiThunkOptions = {},
) {
  const meta: ApiRejectionMeta = {
    session: options.session ?? 'labUser',
    signOutOn401: options.signOutOn401 ?? true,
    showsOwnFailure: options.showsOwnFailure ?? false,
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
