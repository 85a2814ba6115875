// Each study's tasks as the server plans them (GET /api/app/studies/{id}/tasks, which also records arrival),
// kept on the phone for offline starts.
import { createSlice } from '@reduxjs/toolkit';
import type { AppTasksAnswer } from '../../shared/types/participantApp';
import { initialItemRequests, trackItemRequest } from '../../ui/state/requestState';
import { createReadThunk } from './readThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadTasks = createReadThunk<AppTasksAnswer, string>('tasks/load', (studyId) => `/studies/${encodeURIComponent(studyId)}/tasks`);

const CALLS = ['load'] as const;
export type TasksCall = (typeof CALLS)[number];

export interface TasksState {
  byStudy: Record<string, AppTasksAnswer>;
  /** When each study's tasks were given by the server (ISO), to say how fresh the list is. */
  loadedAt: Record<string, string>;
  /** The studies whose list shown is the phone's copy (offline). */
  kept: Record<string, boolean>;
  itemRequests: ReturnType<typeof initialItemRequests<TasksCall>>;
}

const initialState: TasksState = { byStudy: {}, loadedAt: {}, kept: {}, itemRequests: initialItemRequests(CALLS) };

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadTasks.fulfilled, (state, action) => {
        const { data, keptAt } = action.payload;
        state.byStudy[action.meta.arg] = data;
        state.loadedAt[action.meta.arg] = keptAt ?? new Date().toISOString();
        state.kept[action.meta.arg] = keptAt !== null;
      })
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackItemRequest(builder, loadTasks, 'load', (studyId) => studyId);
  },
});

export const tasksReducer = tasksSlice.reducer;
