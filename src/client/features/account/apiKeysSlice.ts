// API keys: the user's keys, the studies a key may be given, the key just made (shown once, then forgotten),
// and each call's request state.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { ApiKeyStudy, ApiKeySummary, CreatedApiKey } from '../../../shared/apiKeys';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { createApiThunk } from '../../app/createApiThunk';
import { apiKeysApi } from './apiKeysApi';

export const fetchApiKeys = createApiThunk('apiKeys/fetchApiKeys', apiKeysApi.list);
export const fetchApiKeyStudies = createApiThunk('apiKeys/fetchApiKeyStudies', apiKeysApi.studies);
/** The form shows its own failure (the shared rule's message). */
export const createApiKey = createApiThunk('apiKeys/createApiKey', apiKeysApi.create, { showsOwnFailure: true });
export const revokeApiKey = createApiThunk('apiKeys/revokeApiKey', apiKeysApi.revoke);

const requestKeys = ['list', 'studies', 'create', 'revoke'] as const;
export type ApiKeysRequest = (typeof requestKeys)[number];

export interface ApiKeysState {
  keys: ApiKeySummary[];
  studies: ApiKeyStudy[];
  /** The key just made: held only until the user closes it. */
  created: CreatedApiKey | null;
  requests: Requests<ApiKeysRequest>;
}

export const initialApiKeysState: ApiKeysState = { keys: [], studies: [], created: null, requests: initialRequests(requestKeys) };

const apiKeysSlice = createSlice({
  name: 'apiKeys',
  initialState: initialApiKeysState,
  reducers: {
    createdKeyClosed: (state) => {
      state.created = null;
    },
    resetApiKeyRequest: resetRequest<ApiKeysRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchApiKeys.fulfilled, (state, action) => {
        state.keys = action.payload;
      })
      .addCase(fetchApiKeyStudies.fulfilled, (state, action) => {
        state.studies = action.payload;
      })
      .addCase(createApiKey.fulfilled, (state, action) => {
        state.created = action.payload;
      })
      .addCase(revokeApiKey.fulfilled, (state, action) => {
        const key = state.keys.find((k) => k.id === action.meta.arg);
        if (key && !key.revokedAt) key.revokedAt = new Date().toISOString();
      });
    trackRequest(builder, fetchApiKeys, 'list');
    trackRequest(builder, fetchApiKeyStudies, 'studies');
    trackRequest(builder, createApiKey, 'create');
    trackRequest(builder, revokeApiKey, 'revoke');
  },
  selectors: {
    selectApiKeys: (state) => state.keys,
    selectApiKeyStudies: (state) => state.studies,
    selectCreatedApiKey: (state) => state.created,
    selectApiKeyRequests: (state) => state.requests,
  },
});

// Injected when this module loads, which only the account page does (app/store.ts LazyLoadedSlices).
const injected = apiKeysSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof apiKeysSlice> {}
}

export const { createdKeyClosed, resetApiKeyRequest } = apiKeysSlice.actions;
export const { selectApiKeys, selectApiKeyStudies, selectCreatedApiKey, selectApiKeyRequests } = injected.selectors;
export const apiKeysReducer = apiKeysSlice.reducer;
