// The site's configuration for this host (branding, organization, contacts), fetched once before the first
// render (main.tsx). That call uses the browser's fetch: axios is loaded after the first render (api/client.ts).
import { createSlice } from '@reduxjs/toolkit';
import type { SiteConfig } from '../../../shared/types/identity';
import { FetchAnswerError } from '../../api/errors';
import { createApiThunk } from '../createApiThunk';
import { initialRequests, trackRequest, type Requests } from '../../../ui/state/requestState';

export const fetchSiteConfig = createApiThunk(
  'site/fetchConfig',
  async () => {
    const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new FetchAnswerError(response.status, body);
    return body as SiteConfig;
  },
  { signOutOn401: false },
);

export interface SiteState {
  config: SiteConfig | null;
  requests: Requests<'config'>;
}

const initialState: SiteState = { config: null, requests: initialRequests(['config'] as const) };

const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchSiteConfig.fulfilled, (state, action) => {
      state.config = action.payload;
    });
    trackRequest(builder, fetchSiteConfig, 'config');
  },
  selectors: {
    selectSiteConfig: (state) => state.config,
    selectSiteRequests: (state) => state.requests,
  },
});

export const { selectSiteConfig, selectSiteRequests } = siteSlice.selectors;
export const siteReducer = siteSlice.reducer;
