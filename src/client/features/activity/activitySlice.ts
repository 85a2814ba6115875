// Activity: the page of the audit trail last asked for, and the call's request state.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { ActivityPage } from '../../../shared/audit';
import { initialRequests, trackRequest, type Requests } from '../../../ui/state/requestState';
import { createApiThunk } from '../../app/createApiThunk';
import { activityApi } from './activityApi';

export const fetchActivity = createApiThunk('activity/fetchActivity', activityApi.get);
export const fetchActivityAsOwner = createApiThunk('activity/fetchActivityAsOwner', activityApi.getAsOwner, { session: 'systemOwner' });

const requestKeys = ['activity'] as const;
export type ActivityRequest = (typeof requestKeys)[number];

export interface ActivityState {
  page: ActivityPage | null;
  /** The latest call: an older one answering late must not replace what is now asked for. */
  requestId: string | null;
  requests: Requests<ActivityRequest>;
}

export const initialActivityState: ActivityState = { page: null, requestId: null, requests: initialRequests(requestKeys) };

const activitySlice = createSlice({
  name: 'activity',
  initialState: initialActivityState,
  reducers: {},
  extraReducers: (builder) => {
    for (const thunk of [fetchActivity, fetchActivityAsOwner]) {
      builder
        .addCase(thunk.pending, (state, action) => {
          state.requestId = action.meta.requestId;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          if (action.meta.requestId === state.requestId) state.page = action.payload;
        });
    }
    trackRequest(builder, fetchActivity, 'activity');
    trackRequest(builder, fetchActivityAsOwner, 'activity');
  },
  selectors: {
    selectActivityPage: (state) => state.page,
    selectActivityRequest: (state) => state.requests.activity,
  },
});

// Injected when this module loads, which only the Activity pages do (app/store.ts LazyLoadedSlices).
const injected = activitySlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof activitySlice> {}
}

export const { selectActivityPage, selectActivityRequest } = injected.selectors;
export const activityReducer = activitySlice.reducer;
