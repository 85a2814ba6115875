// Prompt emails (issue 33): whether a prompt that cannot reach this phone by push is emailed to the participant,
// read from and set on the server (GET/PUT /api/app/prompt_emails), so the choice holds on every phone.
import { createSlice } from '@reduxjs/toolkit';
import type { PromptEmailsBody } from '../../shared/prompting';
import { initialRequests, trackRequest } from '../../ui/state/requestState';
import { appCall } from '../api/client';
import { createAppThunk } from './appThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadPromptEmails = createAppThunk('promptEmails/load', () => appCall<PromptEmailsBody>('GET', '/prompt_emails'));
export const choosePromptEmails = createAppThunk('promptEmails/choose', (enabled: boolean) => appCall<PromptEmailsBody>('PUT', '/prompt_emails', { enabled }));

const CALLS = ['load', 'choose'] as const;

export interface PromptEmailsSliceState {
  /** null until read from the server. */
  enabled: boolean | null;
  requests: ReturnType<typeof initialRequests<(typeof CALLS)[number]>>;
}

const initialState: PromptEmailsSliceState = { enabled: null, requests: initialRequests(CALLS) };

const promptEmailsSlice = createSlice({
  name: 'promptEmails',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const known = (state: PromptEmailsSliceState, action: { payload: PromptEmailsBody }) => {
      state.enabled = action.payload.enabled;
    };
    builder
      .addCase(loadPromptEmails.fulfilled, known)
      .addCase(choosePromptEmails.fulfilled, known)
      // Another participant may sign in on this phone: their choice is read anew.
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackRequest(builder, loadPromptEmails, 'load');
    trackRequest(builder, choosePromptEmails, 'choose');
  },
});

export const promptEmailsReducer = promptEmailsSlice.reducer;
