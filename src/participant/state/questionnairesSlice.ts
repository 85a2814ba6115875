// The questionnaires of the participant's tasks (GET /api/app/questionnaires/{id}), each kept on the phone for
// its account (state/readThunk.ts) when it arrives, so that a task can be answered without network.
import { createSlice } from '@reduxjs/toolkit';
import type { AppQuestionnaire } from '../../shared/types/participantApp';
import { initialItemRequests, trackItemRequest } from '../../ui/state/requestState';
import { createReadThunk } from './readThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadQuestionnaire = createReadThunk<AppQuestionnaire, string>('questionnaires/load', (id) => `/questionnaires/${encodeURIComponent(id)}`);

const CALLS = ['load'] as const;

export interface QuestionnairesState {
  byId: Record<string, AppQuestionnaire>;
  itemRequests: ReturnType<typeof initialItemRequests<(typeof CALLS)[number]>>;
}

const initialState: QuestionnairesState = { byId: {}, itemRequests: initialItemRequests(CALLS) };

const questionnairesSlice = createSlice({
  name: 'questionnaires',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadQuestionnaire.fulfilled, (state, action) => {
        state.byId[action.meta.arg] = action.payload.data;
      })
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackItemRequest(builder, loadQuestionnaire, 'load', (id) => id);
  },
});

export const questionnairesReducer = questionnairesSlice.reducer;
