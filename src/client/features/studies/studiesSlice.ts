// The lab's studies: the paged Study List and the study open in the editor, with each call's request state.
import { createSlice, type WithSlice, isAnyOf } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { Study, StudyListAnswer } from '../../../shared/types/study';
import type { LiveEditImpact } from '../../../shared/types/liveEdits';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import {
  activateStudy,
  addGroup,
  addStage,
  createStudy,
  deactivateStudy,
  deleteGroup,
  deleteStage,
  deleteStudy,
  editBasicInfo,
  editConsent,
  editExceptConsent,
  fetchQuestionnaireOptions,
  previewStudyEdit,
  fetchStudies,
  fetchStudy,
} from './studiesThunks';

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
export type StudiesRequest = (typeof requestKeys)[number];

export interface StudiesState {
  /** The page of the Study List last loaded. */
  list: StudyListAnswer | null;
  /** The study open in the editor, as the server last described it. */
  study: Study | null;
  /**
   * Which answer of the server the study came from (the request id of the call that brought it whole). The
   * editor starts its unsaved edits afresh when it changes: loading, adding a stage and saving all replace them.
   */
  studyLoadId: string | null;
  /** Every questionnaire of the lab, as the editor's multi-selects offer them. */
  questionnaireOptions: AssessmentListItem[];
  /** Save Changes' impact on a live study, as the server last previewed it. */
  editImpact: LiveEditImpact | null;
  requests: Requests<StudiesRequest>;
}

export const initialStudiesState: StudiesState = {
  list: null,
  study: null,
  studyLoadId: null,
  questionnaireOptions: [],
  editImpact: null,
  requests: initialRequests(requestKeys),
};

const studiesSlice = createSlice({
  name: 'studies',
  initialState: initialStudiesState,
  reducers: {
    studiesRequestReset: resetRequest<StudiesRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchStudies.fulfilled, (state, action) => {
        state.list = action.payload;
      })
      .addCase(fetchStudy.pending, (state, action) => {
        if (state.study?._id !== action.meta.arg) {
          state.study = null;
          state.studyLoadId = null;
        }
      })
      .addCase(activateStudy.fulfilled, (state, action) => {
        const listed = state.list?.studies.find((s) => s._id === action.meta.arg);
        if (listed) listed.active_status = 'active';
        if (state.study?._id === action.meta.arg) state.study.active_status = 'active';
      })
      .addCase(deactivateStudy.fulfilled, (state, action) => {
        const listed = state.list?.studies.find((s) => s._id === action.meta.arg);
        if (listed) listed.active_status = 'inactive';
        if (state.study?._id === action.meta.arg) state.study.active_status = 'inactive';
      })
      .addCase(deleteStudy.fulfilled, (state, action) => {
        if (state.list) state.list.studies = state.list.studies.filter((s) => s._id !== action.meta.arg);
        if (state.study?._id === action.meta.arg) state.study = null;
      })
      .addCase(editBasicInfo.fulfilled, (state, action) => {
        const { studyId, body } = action.meta.arg;
        if (state.study?._id === studyId) Object.assign(state.study, body);
      })
      .addCase(editConsent.fulfilled, (state, action) => {
        const { studyId, body } = action.meta.arg;
        const first = state.study?._id === studyId ? state.study.stage_list[0] : undefined;
        if (first) first.consent_info = { consent_needed: body.consentNeeded, chin_content: body.consent };
      })
      .addCase(previewStudyEdit.fulfilled, (state, action) => {
        state.editImpact = action.payload;
      })
      .addCase(fetchQuestionnaireOptions.fulfilled, (state, action) => {
        state.questionnaireOptions = action.payload;
      })
      .addMatcher(
        isAnyOf(
          fetchStudy.fulfilled,
          createStudy.fulfilled,
          addStage.fulfilled,
          deleteStage.fulfilled,
          addGroup.fulfilled,
          deleteGroup.fulfilled,
          editExceptConsent.fulfilled,
        ),
        (state, action) => {
          state.study = action.payload;
          state.studyLoadId = action.meta.requestId;
        },
      );
    trackRequest(builder, fetchStudies, 'list');
    trackRequest(builder, createStudy, 'create');
    trackRequest(builder, fetchStudy, 'study');
    trackRequest(builder, deleteStudy, 'remove');
    trackRequest(builder, activateStudy, 'activate');
    trackRequest(builder, deactivateStudy, 'deactivate');
    trackRequest(builder, addStage, 'addStage');
    trackRequest(builder, deleteStage, 'deleteStage');
    trackRequest(builder, addGroup, 'addGroup');
    trackRequest(builder, deleteGroup, 'deleteGroup');
    trackRequest(builder, editBasicInfo, 'editBasic');
    trackRequest(builder, editConsent, 'editConsent');
    trackRequest(builder, editExceptConsent, 'editExceptConsent');
    trackRequest(builder, previewStudyEdit, 'editImpact');
    trackRequest(builder, fetchQuestionnaireOptions, 'questionnaireOptions');
  },
  selectors: {
    selectStudyList: (state) => state.list,
    selectStudy: (state) => state.study,
    selectStudyLoadId: (state) => state.studyLoadId,
    selectStudiesRequests: (state) => state.requests,
    selectQuestionnaireOptions: (state) => state.questionnaireOptions,
    selectEditImpact: (state) => state.editImpact,
  },
});

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injected = studiesSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof studiesSlice> {}
}

export const { studiesRequestReset } = studiesSlice.actions;
export const { selectStudyList, selectStudy, selectStudyLoadId, selectStudiesRequests, selectQuestionnaireOptions, selectEditImpact } =
  injected.selectors;
export const studiesReducer = studiesSlice.reducer;
