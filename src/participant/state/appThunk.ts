// Thunks are thin: one API call; on error rejectWithValue({status, message}) with whether a 401 ends the
// session (the sign-in and sign-up calls answer 401 for a wrong password, which must not sign anyone out).
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { RequestFailure } from '../../ui/state/requestState';
import { toRequestFailure } from '../api/client';

export interface AppRejectionMeta {
  signOutOn401: boolean;
}

export interface AppThunkConfig {
  rejectValue: RequestFailure;
  rejectedMeta: AppRejectionMeta;
}

export function createAppThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Returned>,
  options: Partial<AppRejectionMeta> = {},
) {
  const meta: AppRejectionMeta = { signOutOn401: options.signOutOn401 ?? true };
  return createAsyncThunk<Returned, Arg, AppThunkConfig>(type, async (arg, { rejectWithValue }) => {
    try {
      return await call(arg);
    } catch (error) {
      return rejectWithValue(toRequestFailure(error), meta);
    }
  });
}

/** Whether a rejected action is a 401 that ends the participant's session. */
export function endsSession(action: unknown): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const { payload, meta } = action as { payload?: Partial<RequestFailure>; meta?: Partial<AppRejectionMeta> & { rejectedWithValue?: boolean } };
  return meta?.rejectedWithValue === true && meta.signOutOn401 === true && payload?.status === 401;
}
