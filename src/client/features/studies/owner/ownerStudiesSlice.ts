// The system owner's studies: the chosen lab and managing user, the paged list of that user's studies, and the
// study open in the owner's editor, with each call's request state. Kept apart from the lab user's slice: the
// two sessions are different people with different calls.
import { createSlice, type WithSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { slices } from '../../../app/store';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import type { OwnerStudyListBody, Study, StudyListAnswer } from '../../../../shared/types/study';
import type { LiveEditImpact } from '../../../../shared/types/liveEdits';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../../ui/state/requestState';
import {
  activateOwnerStudy,
  addOwnerGroup,
  addOwnerStage,
  createOwnerStudy,
  deactivateOwnerStudy,
  deleteOwnerGroup,
  deleteOwnerStage,
  deleteOwnerStudy,
  editOwnerBasicInfo,
  editOwnerConsent,
  editOwnerStudy,
  fetchOwnerQuestionnaireOptions,
  fetchOwnerStudies,
  fetchOwnerStudy,
  previewOwnerStudyEdit,
} from './ownerStudiesThunks';

const requestKeys = [
  'list',
  'create',
  'study',
  'remove',
  'activate',
  'deactivate',
  'addStage',
  'deleteStage',
  'addGroup',
  'deleteGroup',
  'editBasic',
  'editConsent',
  'editExceptConsent',
  'editImpact',
  'questionnaireOptions',
] as const;
export type OwnerStudiesRequest = (typeof requestKeys)[number];

export interface OwnerStudyChoice {
  labId: string | null;
  managedByUserId: string | null;
}

export interface OwnerStudiesState {
  /** The filters of the owner's Study List; kept so the list comes back as it was after the editor. */
  choice: OwnerStudyChoice;
  /** The page of the list last loaded, and whose studies it holds. */
  list: (StudyListAnswer & { managedByUserId: string }) | null;
  /** The study open in the owner's editor, as the server last described it. */
  study: Study | null;
  /** The request id of the answer that brought the study whole (the editor restarts its edits on a new one). */
  studyLoadId: string | null;
  /** Every questionnaire of the managing user's lab, and that user. */
  questionnaireOptions: AssessmentListItem[];
  questionnaireOptionsFor: string | null;
  /** Save Changes' impact on a live study, as the server last previewed it. */
  editImpact: LiveEditImpact | null;
  requests: Requests<OwnerStudiesRequest>;
}

export const initialOwnerStudiesState: OwnerStudiesState = {
  choice: { labId: null, managedByUserId: null },
  list: null,
  study: null,
  studyLoadId: null,
  questionnaireOptions: [],
  questionnaireOptionsFor: null,
  editImpact: null,
  requests: initialRequests(requestKeys),
};

const setStatus = (state: OwnerStudiesState, studyId: string, status: Study['active_status']) => {
  const listed = state.list?.studies.find((s) => s._id === studyId);
  if (listed) listed.active_status = status;
  if (state.study?._id === studyId) state.study.active_status = status;
};

const ownerStudiesSlice = createSlice({
  name: 'ownerStudies',
  initialState: initialOwnerStudiesState,
  reducers: {
    ownerLabChosen: (state, action: PayloadAction<string | null>) => {
      if (state.choice.labId === action.payload) return;
      state.choice = { labId: action.payload, managedByUserId: null };
      state.list = null;
    },
    ownerManagingUserChosen: (state, action: PayloadAction<string | null>) => {
      state.choice.managedByUserId = action.payload;
    },
    ownerStudiesRequestReset: resetRequest<OwnerStudiesRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchOwnerStudies.fulfilled, (state, action) => {
        const { managedByUserId }: OwnerStudyListBody = action.meta.arg;
        state.list = { ...action.payload, managedByUserId };
      })
      .addCase(fetchOwnerStudy.pending, (state, action) => {
        if (state.study?._id !== action.meta.arg) {
          state.study = null;
          state.studyLoadId = null;
        }
      })
      .addCase(activateOwnerStudy.fulfilled, (state, action) => setStatus(state, action.meta.arg, 'active'))
      .addCase(deactivateOwnerStudy.fulfilled, (state, action) => setStatus(state, action.meta.arg, 'inactive'))
      .addCase(deleteOwnerStudy.fulfilled, (state, action) => {
        if (state.list) state.list.studies = state.list.studies.filter((s) => s._id !== action.meta.arg);
        if (state.study?._id === action.meta.arg) state.study = null;
      })
      // The server answers a message only: the study as shown takes the saved fields, as the lab user's does.
      .addCase(editOwnerBasicInfo.fulfilled, (state, action) => {
        const { studyId, body } = action.meta.arg;
        if (state.study?._id === studyId) Object.assign(state.study, body);
      })
      .addCase(editOwnerConsent.fulfilled, (state, action) => {
        const { studyId, body } = action.meta.arg;
        const first = state.study?._id === studyId ? state.study.stage_list[0] : undefined;
        if (first) first.consent_info = { consent_needed: body.consentNeeded, chin_content: body.consent };
      })
      .addCase(fetchOwnerQuestionnaireOptions.pending, (state, action) => {
        if (state.questionnaireOptionsFor !== action.meta.arg) state.questionnaireOptions = [];
      })
      .addCase(fetchOwnerQuestionnaireOptions.fulfilled, (state, action) => {
        state.questionnaireOptions = action.payload;
        state.questionnaireOptionsFor = action.meta.arg;
      })
      .addCase(previewOwnerStudyEdit.fulfilled, (state, action) => {
        state.editImpact = action.payload;
      })
      .addMatcher(
        isAnyOf(
          fetchOwnerStudy.fulfilled,
          createOwnerStudy.fulfilled,
          addOwnerStage.fulfilled,
          deleteOwnerStage.fulfilled,
          addOwnerGroup.fulfilled,
          deleteOwnerGroup.fulfilled,
          editOwnerStudy.fulfilled,
        ),
        (state, action) => {
          state.study = action.payload;
          state.studyLoadId = action.meta.requestId;
        },
      );
    trackRequest(builder, fetchOwnerStudies, 'list');
    trackRequest(builder, createOwnerStudy, 'create');
    trackRequest(builder, fetchOwnerStudy, 'study');
    trackRequest(builder, deleteOwnerStudy, 'remove');
    trackRequest(builder, activateOwnerStudy, 'activate');
    trackRequest(builder, deactivateOwnerStudy, 'deactivate');
    trackRequest(builder, addOwnerStage, 'addStage');
    trackRequest(builder, deleteOwnerStage, 'deleteStage');
    trackRequest(builder, addOwnerGroup, 'addGroup');
    trackRequest(builder, deleteOwnerGroup, 'deleteGroup');
    trackRequest(builder, editOwnerBasicInfo, 'editBasic');
    trackRequest(builder, editOwnerConsent, 'editConsent');
    trackRequest(builder, editOwnerStudy, 'editExceptConsent');
    trackRequest(builder, previewOwnerStudyEdit, 'editImpact');
    trackRequest(builder, fetchOwnerQuestionnaireOptions, 'questionnaireOptions');
  },
  selectors: {
    selectOwnerChoice: (state) => state.choice,
    selectOwnerStudyList: (state) => state.list,
    selectOwnerStudy: (state) => state.study,
    selectOwnerStudyLoadId: (state) => state.studyLoadId,
    selectOwnerQuestionnaireOptions: (state) => state.questionnaireOptions,
    selectOwnerStudiesRequests: (state) => state.requests,
  },
});

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injected = ownerStudiesSlice.injectInto(slices);

declare module '../../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof ownerStudiesSlice> {}
}

export const { ownerLabChosen, ownerManagingUserChosen, ownerStudiesRequestReset } = ownerStudiesSlice.actions;
export const {
  selectOwnerChoice,
  selectOwnerStudyList,
  selectOwnerStudy,
  selectOwnerStudyLoadId,
  selectOwnerQuestionnaireOptions,
  selectOwnerStudiesRequests,
} = injected.selectors;
export const ownerStudiesReducer = ownerStudiesSlice.reducer;
