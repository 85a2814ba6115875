// Prompts (Web Push) on this phone: whether the browser can prompt, and whether this phone is subscribed.
import { createSlice } from '@reduxjs/toolkit';
import { initialRequests, trackRequest } from '../../ui/state/requestState';
import type { PushAvailability } from '../push/availability';
import { checkPrompts, turnOnPrompts } from '../push/subscription';
import { createAppThunk } from './appThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadPrompts = createAppThunk('prompts/check', checkPrompts);
export const enablePrompts = createAppThunk('prompts/turnOn', turnOnPrompts);

const CALLS = ['check', 'turnOn'] as const;
export type PromptsCall = (typeof CALLS)[number];

export interface PromptsSliceState {
  /** null until checked. */
  availability: PushAvailability | null;
  subscribed: boolean;
  requests: ReturnType<typeof initialRequests<PromptsCall>>;
}

const initialState: PromptsSliceState = { availability: null, subscribed: false, requests: initialRequests(CALLS) };

const promptsSlice = createSlice({
  name: 'prompts',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const known = (state: PromptsSliceState, action: { payload: { availability: PushAvailability; subscribed: boolean } }) => {
      state.availability = action.payload.availability;
      state.subscribed = action.payload.subscribed;
    };
    builder
      .addCase(loadPrompts.fulfilled, known)
      .addCase(enablePrompts.fulfilled, known)
      // Signing out ended this phone's subscription (push/subscription.ts, stopPrompts).
      .addCase(sessionEnded, (state) => ({ ...initialState, availability: state.availability }))
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackRequest(builder, loadPrompts, 'check');
    trackRequest(builder, enablePrompts, 'turnOn');
  },
});

export const promptsReducer = promptsSlice.reducer;
