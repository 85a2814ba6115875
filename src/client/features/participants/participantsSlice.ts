// The Participant List of one study: the study (heading, stage and group choices), the filter, the rows
// shown, the schedule and diary tasks of the participant whose dialog is open, and each call's request state.
// The filter lives here, not in the page, so a QA snapshot shows the same rows and actions.
import { createSlice, type WithSlice, type PayloadAction } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import { withAssignedStage } from '../../../shared/participants';
import type { DiaryTasksAnswer, EmaTask, Participant } from '../../../shared/types/participant';
import type { Study } from '../../../shared/types/study';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { type ListQuery, type ParticipantFilter, participantsApi } from './participantsApi';
import { createApiThunk } from '../../app/createApiThunk';
import { saveFile } from '../downloads';

export const fetchParticipantStudy = createApiThunk('participants/fetchStudy', participantsApi.study);
export const fetchParticipants = createApiThunk('participants/fetchParticipants', participantsApi.list);
// The dialog shows its own failure (an email in use): once, there, not also in the red alert behind it.
export const createParticipant = createApiThunk('participants/createParticipant', participantsApi.create, { showsOwnFailure: true });
export const assignParticipant = createApiThunk('participants/assignParticipant', participantsApi.assign);
export const setParticipationStatus = createApiThunk('participants/setParticipationStatus', participantsApi.setStatus);
export const eraseParticipant = createApiThunk('participants/erase', participantsApi.erase);
// The dialog shows the refusal (a participant withdrawn meanwhile) beside the text, which stays.
export const sendParticipantMessage = createApiThunk('participants/sendMessage', participantsApi.sendMessage, { showsOwnFailure: true });
// Assign at random shows its refusal in its dialog, beside the choices, which stay.
export const allocateParticipants = createApiThunk('participants/allocate', participantsApi.allocate, { showsOwnFailure: true });
// The allocation rule's dialog shows its own refusals and keeps the rule it was answered.
export const fetchAllocationRule = createApiThunk('participants/fetchAllocationRule', participantsApi.allocationRule, { showsOwnFailure: true });
export const saveAllocationRule = createApiThunk('participants/saveAllocationRule', participantsApi.saveAllocationRule, { showsOwnFailure: true });
export const turnOffAllocationRule = createApiThunk('participants/turnOffAllocationRule', participantsApi.turnOffAllocationRule, { showsOwnFailure: true });
/** The allocation list is saved as it arrives; the state keeps only the name it was saved under. */
export const downloadAllocationList = createApiThunk(
  'participants/downloadAllocationList',
  async ({ studyId, fallbackTitle }: { studyId: string; fallbackTitle: string }) => {
    const file = await participantsApi.allocationList(studyId);
    const fileName = file.fileName ?? fallbackTitle;
    saveFile(file.blob, fileName);
    return fileName;
  },
  { showsOwnFailure: true },
);
export const fetchEmaTasks = createApiThunk('participants/fetchEmaTasks', participantsApi.emaTasks);
export const fetchDiaryTasks = createApiThunk('participants/fetchDiaryTasks', participantsApi.diaryTasks);

const requestKeys = ['study', 'list', 'create', 'assign', 'allocate', 'allocationList', 'allocationRule', 'saveAllocationRule', 'turnOffAllocationRule', 'status', 'message', 'emaTasks', 'diaryTasks', 'erase'] as const;
export type ParticipantsRequest = (typeof requestKeys)[number];

export interface ParticipantsState {
  /** The study whose participants the page shows. */
  studyId: string | null;
  study: Study | null;
  filter: ParticipantFilter;
  /** The rows last loaded, and the query they answer (the page shows them only while it matches the filter). */
  participants: Participant[] | null;
  participantsFor: ListQuery | null;
  /** The latest list call: an older one answering late must not replace what the filter now asks for. */
  listRequestId: string | null;
  emaTasks: { participantId: string; tasks: EmaTask[] } | null;
  diaryTasks: { participantId: string; answer: DiaryTasksAnswer } | null;
  requests: Requests<ParticipantsRequest>;
}

const noFilter: ParticipantFilter = { stageId: null, groupId: null };

export const initialParticipantsState: ParticipantsState = {
  studyId: null,
  study: null,
  filter: noFilter,
  participants: null,
  participantsFor: null,
  listRequestId: null,
  emaTasks: null,
  diaryTasks: null,
  requests: initialRequests(requestKeys),
};

const participantsSlice = createSlice({
  name: 'participants',
  initialState: initialParticipantsState,
  reducers: {
    /** The page opened for a study: another study's rows, filter and dialogs do not carry over. */
    participantStudyOpened: (state, action: PayloadAction<string>) => {
      if (state.studyId === action.payload) return;
      state.studyId = action.payload;
      state.study = null;
      state.filter = noFilter;
      state.participants = null;
      state.participantsFor = null;
      state.emaTasks = null;
      state.diaryTasks = null;
    },
    /** Choosing a stage (or all stages) resets the group: groups belong to one stage. */
    filterStageChosen: (state, action: PayloadAction<string | null>) => {
      state.filter = withAssignedStage(state.filter, action.payload);
    },
    filterGroupChosen: (state, action: PayloadAction<string | null>) => {
      if (state.filter.stageId) state.filter.groupId = action.payload;
    },
    participantsRequestReset: resetRequest<ParticipantsRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchParticipantStudy.pending, (state, action) => {
        if (state.study?._id !== action.meta.arg) state.study = null;
      })
      .addCase(fetchParticipantStudy.fulfilled, (state, action) => {
        if (action.payload._id === state.studyId) state.study = action.payload;
      })
      .addCase(fetchParticipants.pending, (state, action) => {
        state.listRequestId = action.meta.requestId;
      })
      .addCase(fetchParticipants.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.participants = action.payload;
        state.participantsFor = action.meta.arg;
      })
      // Withdraw or Mark As Completed: the row shows the new status at once, without reloading the list.
      .addCase(setParticipationStatus.fulfilled, (state, action) => {
        const changed = action.payload.participant;
        if (state.participantsFor?.studyId !== changed.study) return;
        const index = state.participants?.findIndex((p) => p._id === changed._id) ?? -1;
        if (state.participants && index >= 0) state.participants[index] = changed;
      })
      .addCase(eraseParticipant.fulfilled, (state, action) => {
        if (state.participantsFor?.studyId !== action.meta.arg.studyId || !state.participants) return;
        state.participants = state.participants.filter((p) => p._id !== action.meta.arg.participantId);
      })
      .addCase(fetchEmaTasks.pending, (state, action) => {
        if (state.emaTasks?.participantId !== action.meta.arg.participantId) state.emaTasks = null;
      })
      .addCase(fetchEmaTasks.fulfilled, (state, action) => {
        state.emaTasks = { participantId: action.meta.arg.participantId, tasks: action.payload.emaTasks };
      })
      .addCase(fetchDiaryTasks.pending, (state, action) => {
        if (state.diaryTasks?.participantId !== action.meta.arg.participantId) state.diaryTasks = null;
      })
      .addCase(fetchDiaryTasks.fulfilled, (state, action) => {
        state.diaryTasks = { participantId: action.meta.arg.participantId, answer: action.payload };
      });
    trackRequest(builder, fetchParticipantStudy, 'study');
    trackRequest(builder, fetchParticipants, 'list');
    trackRequest(builder, createParticipant, 'create');
    trackRequest(builder, assignParticipant, 'assign');
    trackRequest(builder, allocateParticipants, 'allocate');
    trackRequest(builder, downloadAllocationList, 'allocationList');
    trackRequest(builder, fetchAllocationRule, 'allocationRule');
    trackRequest(builder, saveAllocationRule, 'saveAllocationRule');
    trackRequest(builder, turnOffAllocationRule, 'turnOffAllocationRule');
    trackRequest(builder, setParticipationStatus, 'status');
    trackRequest(builder, eraseParticipant, 'erase');
    trackRequest(builder, sendParticipantMessage, 'message');
    trackRequest(builder, fetchEmaTasks, 'emaTasks');
    trackRequest(builder, fetchDiaryTasks, 'diaryTasks');
  },
  selectors: {
    selectParticipantStudy: (state) => state.study,
    selectParticipantFilter: (state) => state.filter,
    selectOpenedStudyId: (state) => state.studyId,
    /** The rows for the study and filter now chosen; null while they are loading. */
    selectShownParticipants: (state) => {
      const query = state.participantsFor;
      const { filter } = state;
      const current = query && query.studyId === state.studyId && query.stageId === filter.stageId && query.groupId === filter.groupId;
      return current ? state.participants : null;
    },
    selectEmaTasks: (state) => state.emaTasks,
    selectDiaryTasks: (state) => state.diaryTasks,
    selectParticipantsRequests: (state) => state.requests,
  },
});

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injected = participantsSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof participantsSlice> {}
}

export const { participantStudyOpened, filterStageChosen, filterGroupChosen, participantsRequestReset } = participantsSlice.actions;
export const {
  selectParticipantStudy,
  selectParticipantFilter,
  selectOpenedStudyId,
  selectShownParticipants,
  selectEmaTasks,
  selectDiaryTasks,
  selectParticipantsRequests,
} = injected.selectors;
export const participantsReducer = participantsSlice.reducer;
