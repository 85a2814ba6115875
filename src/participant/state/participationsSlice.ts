// The studies this participant has joined: list (kept on the phone for offline starts), join by code, consent,
// withdraw.
import { createSlice } from '@reduxjs/toolkit';
import type { AppParticipation, AppParticipationsAnswer } from '../../shared/types/participantApp';
import { initialRequests, resetRequest, trackRequest } from '../../ui/state/requestState';
import { appCall } from '../api/client';
import { createAppThunk } from './appThunk';
import { createReadThunk } from './readThunk';
import { sessionEnded, signOut } from './sessionSlice';

const study = (studyId: string) => `/studies/${encodeURIComponent(studyId)}`;

export const loadParticipations = createReadThunk<AppParticipationsAnswer>('participations/load', () => '/studies');
export const joinStudy = createAppThunk('participations/join', (studyCode: string) => appCall<AppParticipation>('POST', '/studies/join', { studyCode }));
export const agreeToConsent = createAppThunk('participations/consent', (studyId: string) => appCall<AppParticipation>('POST', `${study(studyId)}/consent`, { agree: true }));
export const withdrawFromStudy = createAppThunk('participations/withdraw', (studyId: string) => appCall<AppParticipation>('POST', `${study(studyId)}/withdraw`));

const CALLS = ['load', 'join', 'consent', 'withdraw'] as const;
export type ParticipationsCall = (typeof CALLS)[number];

export interface ParticipationsState {
  /** By study id. */
  byStudy: Record<string, AppParticipation>;
  /** Study ids in the server's order. */
  order: string[];
  /** The study the last join reached (the join screen goes there). */
  joinedStudyId: string | null;
  /** When the list shown was last brought up to date, while it is the phone's copy (offline); else null. */
  keptAt: string | null;
  requests: ReturnType<typeof initialRequests<ParticipationsCall>>;
}

const initialState: ParticipationsState = { byStudy: {}, order: [], joinedStudyId: null, keptAt: null, requests: initialRequests(CALLS) };

function keep(state: ParticipationsState, participation: AppParticipation): void {
  const id = participation.study._id;
  if (!state.byStudy[id]) state.order.push(id);
  state.byStudy[id] = participation;
}

const participationsSlice = createSlice({
  name: 'participations',
  initialState,
  reducers: {
    participationsRequestReset: resetRequest<ParticipationsCall>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadParticipations.fulfilled, (state, action) => {
        state.byStudy = {};
        state.order = [];
        for (const p of action.payload.data.participations) keep(state, p);
        state.keptAt = action.payload.keptAt;
      })
      .addCase(joinStudy.pending, (state) => {
        state.joinedStudyId = null;
      })
      .addCase(joinStudy.fulfilled, (state, action) => {
        keep(state, action.payload);
        state.joinedStudyId = action.payload.study._id;
      })
      .addCase(agreeToConsent.fulfilled, (state, action) => keep(state, action.payload))
      .addCase(withdrawFromStudy.fulfilled, (state, action) => keep(state, action.payload))
      // Another participant may sign in on this phone next: forget this one's studies.
      .addCase(sessionEnded, () => initialState)
      .addCase(signOut.fulfilled, () => initialState)
      .addCase(signOut.rejected, () => initialState);
    trackRequest(builder, loadParticipations, 'load');
    trackRequest(builder, joinStudy, 'join');
    trackRequest(builder, agreeToConsent, 'consent');
    trackRequest(builder, withdrawFromStudy, 'withdraw');
  },
});

export const { participationsRequestReset } = participationsSlice.actions;
export const participationsReducer = participationsSlice.reducer;
