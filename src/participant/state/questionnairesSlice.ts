// The questionnaires of the participant's tasks (GET /api/app/questionnaires/{id}), each kept on the phone
// (IndexedDB) when it arrives, so that a task can be answered without network.
import { createSlice } from '@reduxjs/toolkit';
import type { AppQuestionnaire } from '../../shared/types/participantApp';
import { initialItemRequests, trackItemRequest } from '../../ui/state/requestState';
import { AppCallError, appCall } from '../api/client';
import { appDb } from '../queue/outboxDb';
import { createAppThunk } from './appThunk';
import { sessionEnded, signOut } from './sessionSlice';

async function keptOnPhone(id: string): Promise<AppQuestionnaire | undefined> {
  try {
    return await (await appDb()).get('questionnaires', id);
  } catch {
    return undefined;
  }
}

export const loadQuestionnaire = createAppThunk('questionnaires/load', async (id: string) => {
  try {
    const questionnaire = await appCall<AppQuestionnaire>('GET', `/questionnaires/${encodeURIComponent(id)}`);
    await (await appDb()).put('questionnaires', questionnaire).catch(() => undefined);
    return questionnaire;
  } catch (error) {
    // No network: the copy kept when it was last loaded.
    const kept = error instanceof AppCallError && error.status === null ? await keptOnPhone(id) : undefined;
    if (kept) return kept;
    throw error;
  }
});

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
        state.byId[action.meta.arg] = action.payload;
      })
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackItemRequest(builder, loadQuestionnaire, 'load', (id) => id);
  },
});

export const questionnairesReducer = questionnairesSlice.reducer;
