// Pilot mode in the app (issue 20): the app opened in the portal's pilot frame runs on the pilot's clock, handed
// over by the portal with the pilot's session, and shows what came due when the clock moved as a banner.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PilotDue } from '../../shared/pilotFrame';

export interface PilotState {
  /** True when the app is the pilot frame's: its session is the pilot's, held in memory only. */
  active: boolean;
  /** The pilot's clock less this device's, in ms. */
  offsetMs: number;
  /** Prompts and reminders that came due at the last move of the clock. */
  due: PilotDue[];
}

export const initialPilotState: PilotState = { active: false, offsetMs: 0, due: [] };

const pilotSlice = createSlice({
  name: 'pilot',
  initialState: initialPilotState,
  reducers: {
    pilotClockSet(state, action: PayloadAction<{ offsetMs: number; due: PilotDue[] }>) {
      state.active = true;
      state.offsetMs = action.payload.offsetMs;
      state.due = action.payload.due;
    },
    pilotDueDismissed(state) {
      state.due = [];
    },
  },
});

export const { pilotClockSet, pilotDueDismissed } = pilotSlice.actions;
export const pilotReducer = pilotSlice.reducer;
