// Each study's tasks as the server plans them (GET /api/app/studies/{id}/tasks, which also records arrival).
import { createSlice } from '@reduxjs/toolkit';
import type { AppTasksAnswer } from '../../shared/types/participantApp';
import { initialItemRequests, trackItemRequest } from '../../ui/state/requestState';
import { appCall } from '../api/client';
import { createAppThunk } from './appThunk';
import { sessionEnded, signOut } from './sessionSlice';

export const loadTasks = createAppThunk('tasks/load', (studyId: string) =>
  appCall<AppTasksAnswer>('GET', `/studies/${encodeURIComponent(studyId)}/tasks`),
);

const CALLS = ['load'] as const;
export type TasksCall = (typeof CALLS)[number];

export interface TasksState {
  byStudy: Record<string, AppTasksAnswer>;
  /** When each study's tasks arrived (ISO), to say how fresh the list is. */
  loadedAt: Record<string, string>;
  itemRequests: ReturnType<typeof initialItemRequests<TasksCall>>;
}

const initialState: TasksState = { byStudy: {}, loadedAt: {}, itemRequests: initialItemRequests(CALLS) };

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadTasks.fulfilled, (state, action) => {
        state.byStudy[action.meta.arg] = action.payload;
        state.loadedAt[action.meta.arg] = new Date().toISOString();
      })
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackItemRequest(builder, loadTasks, 'load', (studyId) => studyId);
  },
});

export const tasksReducer = tasksSlice.reducer;
