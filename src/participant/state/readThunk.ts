// A read of the app (GET under /api/app) whose last good answer is kept on the phone for the signed-in account
// (offline/keptReads.ts). Without network the kept answer is given instead, with when the server gave it; with
// nothing kept, or any other failure, the thunk rejects as every app thunk does (a 401 ends the session).
import { createAsyncThunk } from '@reduxjs/toolkit';
import { appCall, toRequestFailure } from '../api/client';
import { keepRead, keptRead } from '../offline/keptReads';
import type { AppThunkConfig } from './appThunk';
import type { AppState } from './store';

export interface ReadAnswer<T> {
  data: T;
  /** null: the server's answer now; else the kept answer's moment (ISO), shown while offline. */
  keptAt: string | null;
}

/** The account whose reads are kept: none in the portal's pilot frame (its session lives in memory only). */
function keeperOf(state: AppState): string | null {
  return state.pilot.active ? null : (state.session.session?.participant._id ?? null);
}

export function createReadThunk<T, Arg = void>(type: string, pathOf: (arg: Arg) => string) {
  return createAsyncThunk<ReadAnswer<T>, Arg, AppThunkConfig & { state: AppState }>(type, async (arg, { getState, rejectWithValue }) => {
    const path = pathOf(arg);
    const keeper = keeperOf(getState());
    try {
      const data = await appCall<T>('GET', path);
      // Not waited for: the screen does not wait for the phone's storage. Not kept when the account signed out
      // meanwhile, so nothing is written after its reads were forgotten.
      if (keeper && keeperOf(getState()) === keeper) void keepRead(keeper, path, data).catch(() => undefined);
      return { data, keptAt: null };
    } catch (error) {
      const failure = toRequestFailure(error);
      const kept = keeper && failure.status === null ? await keptRead<T>(keeper, path).catch(() => null) : null;
      if (kept) return { data: kept.data, keptAt: kept.savedAt };
      return rejectWithValue(failure, { signOutOn401: true });
    }
  });
}
