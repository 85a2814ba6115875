// Which clock the participant pages show moments in: the study's time zone (the EMA and diary settings' zone,
// which the plan was made in) or the researcher's own. One choice for the session, shared by the Participant
// List, its dialogs and Study Progress, so a page never silently mixes the two.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';

export type ZoneChoice = 'study' | 'mine';

export interface ClockState {
  zoneChoice: ZoneChoice;
}

export const initialClockState: ClockState = { zoneChoice: 'study' };

const clockSlice = createSlice({
  name: 'clock',
  initialState: initialClockState,
  reducers: {
    zoneChoiceChanged: (state, action: PayloadAction<ZoneChoice>) => {
      state.zoneChoice = action.payload;
    },
  },
  selectors: {
    selectZoneChoice: (state) => state.zoneChoice,
  },
});

// Injected when a participant page loads (app/store.ts LazyLoadedSlices).
const injected = clockSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof clockSlice> {}
}

export const { zoneChoiceChanged } = clockSlice.actions;
export const { selectZoneChoice } = injected.selectors;
