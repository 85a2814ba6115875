// The organization of this host (name and colour), from GET /api/app/site. The last answer is kept on the
// phone so that the app opens offline with its name and colours.
import { createSlice } from '@reduxjs/toolkit';
import type { AppSite } from '../../shared/types/participantApp';
import { initialRequests, trackRequest } from '../../ui/state/requestState';
import { appCall } from '../api/client';
import { createAppThunk } from './appThunk';

const KEY = 'participant-site';

export const loadSite = createAppThunk('site/load', () => appCall<AppSite>('GET', '/site'), { signOutOn401: false });

function storedSite(): AppSite | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as AppSite) : null;
  } catch {
    return null;
  }
}

export function keepSite(site: AppSite): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(site));
  } catch {
    // Storage refused: the next offline start shows no name until the network returns.
  }
}

const CALLS = ['load'] as const;

export interface SiteState {
  site: AppSite | null;
  requests: ReturnType<typeof initialRequests<(typeof CALLS)[number]>>;
}

export function initialSiteState(site: AppSite | null = storedSite()): SiteState {
  return { site, requests: initialRequests(CALLS) };
}

const siteSlice = createSlice({
  name: 'site',
  initialState: initialSiteState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadSite.fulfilled, (state, action) => {
      state.site = action.payload;
    });
    trackRequest(builder, loadSite, 'load');
  },
});

export const siteReducer = siteSlice.reducer;
