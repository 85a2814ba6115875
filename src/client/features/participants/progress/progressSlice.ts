// Study Progress: the answer for the stage and group last asked about, and the call's request state. The
// stage and group themselves are the Participant List's filter (participantsSlice), shared by both pages.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { StudyProgressAnswer } from '../../../../shared/types/progress';
import type { AttentionAnswer } from '../../../../shared/adherence';
import { initialRequests, trackRequest, type Requests } from '../../../../ui/state/requestState';
import type { ScoreProgressAnswer } from '../../../../shared/types/scoreProgress';
import { type ProgressQuery, type ScoreProgressQuery, progressApi } from './progressApi';
import { createApiThunk } from '../../../app/createApiThunk';

export const fetchStudyProgress = createApiThunk('progress/fetchStudyProgress', progressApi.get);
// Its failure shows in its own section: the rest of the page works without it.
export const fetchAttention = createApiThunk('progress/fetchAttention', progressApi.attention, { showsOwnFailure: true });
// The score per day shows its failure in its own section too.
export const fetchScoreProgress = createApiThunk('progress/fetchScoreProgress', progressApi.scores, { showsOwnFailure: true });

const requestKeys = ['progress', 'attention', 'scores'] as const;
export type ProgressRequest = (typeof requestKeys)[number];

export interface ProgressState {
  answer: StudyProgressAnswer | null;
  /** The study, stage, group and pilot choice the answer is for: the page shows it only while they are the ones chosen. */
  answerFor: ProgressQuery | null;
  /** The latest call: an older one answering late must not replace what is now asked for. */
  requestId: string | null;
  /** Who of the study needs attention (the whole study, whatever stage and group are chosen). */
  attention: { studyId: string; answer: AttentionAnswer } | null;
  /** The score per day, and the study, stage, group and pilot choice it is for (the score asked is in the answer). */
  scores: { for: ScoreProgressQuery; answer: ScoreProgressAnswer } | null;
  /** The latest score call, as for `requestId`. */
  scoresRequestId: string | null;
  requests: Requests<ProgressRequest>;
}

export const initialProgressState: ProgressState = {
  answer: null,
  answerFor: null,
  requestId: null,
  attention: null,
  scores: null,
  scoresRequestId: null,
  requests: initialRequests(requestKeys),
};

const progressSlice = createSlice({
  name: 'progress',
  initialState: initialProgressState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchStudyProgress.pending, (state, action) => {
        state.requestId = action.meta.requestId;
      })
      .addCase(fetchStudyProgress.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.answer = action.payload;
        state.answerFor = action.meta.arg;
      })
      .addCase(fetchAttention.fulfilled, (state, action) => {
        state.attention = { studyId: action.meta.arg, answer: action.payload };
      })
      .addCase(fetchScoreProgress.pending, (state, action) => {
        state.scoresRequestId = action.meta.requestId;
      })
      .addCase(fetchScoreProgress.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.scoresRequestId) return;
        state.scores = { for: action.meta.arg, answer: action.payload };
      });
    trackRequest(builder, fetchStudyProgress, 'progress');
    trackRequest(builder, fetchAttention, 'attention');
    trackRequest(builder, fetchScoreProgress, 'scores');
  },
  selectors: {
    /** The answer for this study, stage and group; null while it is loading (or another is shown). */
    selectProgressFor: (state, query: ProgressQuery) => {
      const f = state.answerFor;
      const current =
        f && f.studyId === query.studyId && f.stageId === query.stageId && f.groupId === query.groupId && Boolean(f.includePilot) === Boolean(query.includePilot);
      return current ? state.answer : null;
    },
    selectProgressRequest: (state) => state.requests.progress,
    selectAttentionRequest: (state) => state.requests.attention,
    selectScoreProgressRequest: (state) => state.requests.scores,
    /** The score per day for this study, stage, group and pilot choice; null while it loads (or another's is held). */
    selectScoreProgressFor: (state, query: ProgressQuery) => {
      const f = state.scores?.for;
      const current =
        f && f.studyId === query.studyId && f.stageId === query.stageId && f.groupId === query.groupId && Boolean(f.includePilot) === Boolean(query.includePilot);
      return current && state.scores ? state.scores.answer : null;
    },
    /** The study's attention list; null while loading (or another study's is held). */
    selectAttentionFor: (state, studyId: string) => (state.attention?.studyId === studyId ? state.attention.answer : null),
  },
});

// Injected when this module loads, which only the Study Progress page does (app/store.ts LazyLoadedSlices).
const injected = progressSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof progressSlice> {}
}

export const { selectProgressFor, selectProgressRequest, selectAttentionFor, selectAttentionRequest, selectScoreProgressFor, selectScoreProgressRequest } =
  injected.selectors;
export const progressReducer = progressSlice.reducer;
