// QA replay: loading a saved store snapshot (qa/loadSnapshot) replaces the whole state in the root reducer
// (app/store.ts); this slice only remembers that a snapshot is on screen, so pages show it as it is instead
// of fetching fresh data over it. A reload ends the replay (this slice is not persisted).
import { createAction, createSlice } from '@reduxjs/toolkit';

export const snapshotLoaded = createAction<unknown>('qa/loadSnapshot');

export interface QaState {
  replaying: boolean;
}

const qaSlice = createSlice({
  name: 'qa',
  initialState: { replaying: false } as QaState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(snapshotLoaded, (state) => {
      state.replaying = true;
    });
  },
  selectors: {
    selectReplaying: (state) => state.replaying,
  },
});

export const { selectReplaying } = qaSlice.selectors;
export const qaReducer = qaSlice.reducer;
