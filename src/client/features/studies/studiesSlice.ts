// The studies of both kinds of staff: the paged Study List and the study open in the editor, with each call's
// request state. One slice per caller, made by the same factory: the lab user's ('studies') and the system
// owner's ('ownerStudies') are different people with different calls, so each session keeps its own state.
import { createSlice, type WithSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import { createApiThunk } from '../../app/createApiThunk';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { Study, StudyListAnswer } from '../../../shared/types/study';
import type { LiveEditImpact } from '../../../shared/types/liveEdits';
import type { PromptingSettings } from '../../../shared/prompting';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { labUserStudiesApi, systemOwnerStudiesApi, type OwnerStudyListArg, type StudyCalls, type StudyScope } from './studiesApi';

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
  'prompting',
  'editPrompting',
] as const;
export type StudiesRequest = (typeof requestKeys)[number];

/** The system owner's filters of the Study List; the lab user's list is always their own lab's. */
export interface StudyChoice {
  labId: string | null;
  managedByUserId: string | null;
}

export interface StudiesState {
  /** The list's filters, kept so the list comes back as it was after the editor (the system owner's only). */
  choice: StudyChoice;
  /** The page of the Study List last loaded, and for the system owner whose studies it holds. */
  list: (StudyListAnswer & { managedByUserId?: string }) | null;
  /** The study open in the editor, as the server last described it. */
  study: Study | null;
  /**
   * Which answer of the server the study came from (the request id of the call that brought it whole). The
   * editor starts its unsaved edits afresh when it changes: loading, adding a stage and saving all replace them.
   */
  studyLoadId: string | null;
  /** Every questionnaire of the lab, as the editor's multi-selects offer them. */
  questionnaireOptions: AssessmentListItem[];
  /** The managing user whose lab's questionnaires those are (the system owner's); null for the lab user's own lab. */
  questionnaireOptionsFor: string | null;
  /** Save Changes' impact on a live study, as the server last previewed it. */
  editImpact: LiveEditImpact | null;
  /** The prompting choice of the study open in the editor (issue 33), as the server last answered it. */
  prompting: { studyId: string; settings: PromptingSettings } | null;
  requests: Requests<StudiesRequest>;
}

export const initialStudiesState: StudiesState = {
  choice: { labId: null, managedByUserId: null },
  list: null,
  study: null,
  studyLoadId: null,
  questionnaireOptions: [],
  questionnaireOptionsFor: null,
  editImpact: null,
  prompting: null,
  requests: initialRequests(requestKeys),
};

const setStatus = (state: StudiesState, studyId: string, status: Study['active_status']) => {
  const listed = state.list?.studies.find((s) => s._id === studyId);
  if (listed) listed.active_status = status;
  if (state.study?._id === studyId) state.study.active_status = status;
};

/** The lab user's questionnaire call names no one: the lab's own. */
const optionsFor = (managedByUserId: string | void) => (typeof managedByUserId === 'string' ? managedByUserId : null);

/** The caller's thunks (action types under the slice's name), each call with the caller's session. */
function studyThunks<ListArg, CreateArg, OptionsArg>(name: string, calls: StudyCalls<ListArg, CreateArg, OptionsArg>, session: StudyScope) {
  // A 401 ends the session the call was made with (app/unauthorizedMiddleware.ts).
  const thunk = <Returned, Arg>(type: string, call: (arg: Arg) => Promise<Returned>) => createApiThunk(`${name}/${type}`, call, { session });
  return {
    fetchStudies: thunk('fetchStudies', calls.list),
    createStudy: thunk('createStudy', calls.create),
    fetchStudy: thunk('fetchStudy', calls.get),
    deleteStudy: thunk('deleteStudy', calls.remove),
    activateStudy: thunk('activateStudy', calls.activate),
    deactivateStudy: thunk('deactivateStudy', calls.deactivate),
    addStage: thunk('addStage', calls.addStage),
    deleteStage: thunk('deleteStage', calls.deleteStage),
    addGroup: thunk('addGroup', calls.addGroup),
    deleteGroup: thunk('deleteGroup', calls.deleteGroup),
    editBasicInfo: thunk('editBasicInfo', calls.editBasic),
    editConsent: thunk('editConsent', calls.editConsent),
    editExceptConsent: thunk('editExceptConsent', calls.editExceptConsent),
    previewStudyEdit: thunk('previewStudyEdit', calls.editImpact),
    fetchQuestionnaireOptions: thunk('fetchQuestionnaireOptions', calls.questionnaireOptions),
    fetchPrompting: thunk('fetchPrompting', calls.prompting),
    editPrompting: thunk('editPrompting', calls.editPrompting),
  };
}

/** The state of one caller's studies, under `name` in the store. */
function createStudiesSlice<Name extends string, ListArg extends number | OwnerStudyListArg, CreateArg, OptionsArg extends string | void>(
  name: Name,
  calls: StudyCalls<ListArg, CreateArg, OptionsArg>,
  session: StudyScope,
) {
  const thunks = studyThunks(name, calls, session);
  const slice = createSlice({
    name,
    initialState: initialStudiesState,
    reducers: {
      labChosen: (state, action: PayloadAction<string | null>) => {
        if (state.choice.labId === action.payload) return;
        state.choice = { labId: action.payload, managedByUserId: null };
        state.list = null;
      },
      managingUserChosen: (state, action: PayloadAction<string | null>) => {
        state.choice.managedByUserId = action.payload;
      },
      studiesRequestReset: resetRequest<StudiesRequest>(),
    },
    extraReducers: (builder) => {
      builder
        .addCase(thunks.fetchStudies.fulfilled, (state, action) => {
          const arg: number | OwnerStudyListArg = action.meta.arg;
          state.list = typeof arg === 'number' ? action.payload : { ...action.payload, managedByUserId: arg.managedByUserId };
        })
        .addCase(thunks.fetchStudy.pending, (state, action) => {
          if (state.study?._id !== action.meta.arg) {
            state.study = null;
            state.studyLoadId = null;
          }
        })
        .addCase(thunks.activateStudy.fulfilled, (state, action) => setStatus(state, action.meta.arg, 'active'))
        .addCase(thunks.deactivateStudy.fulfilled, (state, action) => setStatus(state, action.meta.arg, 'inactive'))
        .addCase(thunks.deleteStudy.fulfilled, (state, action) => {
          if (state.list) state.list.studies = state.list.studies.filter((s) => s._id !== action.meta.arg);
          if (state.study?._id === action.meta.arg) state.study = null;
        })
        // The server answers a message only: the study as shown takes the saved fields.
        .addCase(thunks.editBasicInfo.fulfilled, (state, action) => {
          const { studyId, body } = action.meta.arg;
          if (state.study?._id === studyId) Object.assign(state.study, body);
        })
        .addCase(thunks.editConsent.fulfilled, (state, action) => {
          const { studyId, body } = action.meta.arg;
          const first = state.study?._id === studyId ? state.study.stage_list[0] : undefined;
          if (first) first.consent_info = { consent_needed: body.consentNeeded, chin_content: body.consent };
        })
        .addCase(thunks.fetchPrompting.pending, (state, action) => {
          if (state.prompting?.studyId !== action.meta.arg) state.prompting = null;
        })
        .addCase(thunks.fetchPrompting.fulfilled, (state, action) => {
          state.prompting = { studyId: action.meta.arg, settings: action.payload };
        })
        .addCase(thunks.editPrompting.fulfilled, (state, action) => {
          state.prompting = { studyId: action.meta.arg.studyId, settings: action.payload };
        })
        .addCase(thunks.previewStudyEdit.fulfilled, (state, action) => {
          state.editImpact = action.payload;
        })
        // Another managing user's lab has other questionnaires: the old ones are not offered meanwhile.
        .addCase(thunks.fetchQuestionnaireOptions.pending, (state, action) => {
          if (state.questionnaireOptionsFor !== optionsFor(action.meta.arg)) state.questionnaireOptions = [];
        })
        .addCase(thunks.fetchQuestionnaireOptions.fulfilled, (state, action) => {
          state.questionnaireOptions = action.payload;
          state.questionnaireOptionsFor = optionsFor(action.meta.arg);
        })
        .addMatcher(
          isAnyOf(
            thunks.fetchStudy.fulfilled,
            thunks.createStudy.fulfilled,
            thunks.addStage.fulfilled,
            thunks.deleteStage.fulfilled,
            thunks.addGroup.fulfilled,
            thunks.deleteGroup.fulfilled,
            thunks.editExceptConsent.fulfilled,
          ),
          (state, action) => {
            state.study = action.payload;
            state.studyLoadId = action.meta.requestId;
          },
        );
      trackRequest(builder, thunks.fetchStudies, 'list');
      trackRequest(builder, thunks.createStudy, 'create');
      trackRequest(builder, thunks.fetchStudy, 'study');
      trackRequest(builder, thunks.deleteStudy, 'remove');
      trackRequest(builder, thunks.activateStudy, 'activate');
      trackRequest(builder, thunks.deactivateStudy, 'deactivate');
      trackRequest(builder, thunks.addStage, 'addStage');
      trackRequest(builder, thunks.deleteStage, 'deleteStage');
      trackRequest(builder, thunks.addGroup, 'addGroup');
      trackRequest(builder, thunks.deleteGroup, 'deleteGroup');
      trackRequest(builder, thunks.editBasicInfo, 'editBasic');
      trackRequest(builder, thunks.editConsent, 'editConsent');
      trackRequest(builder, thunks.editExceptConsent, 'editExceptConsent');
      trackRequest(builder, thunks.previewStudyEdit, 'editImpact');
      trackRequest(builder, thunks.fetchQuestionnaireOptions, 'questionnaireOptions');
      trackRequest(builder, thunks.fetchPrompting, 'prompting');
      trackRequest(builder, thunks.editPrompting, 'editPrompting');
    },
    selectors: {
      selectChoice: (state) => state.choice,
      selectStudyList: (state) => state.list,
      selectStudy: (state) => state.study,
      selectStudyLoadId: (state) => state.studyLoadId,
      selectStudiesRequests: (state) => state.requests,
      selectQuestionnaireOptions: (state) => state.questionnaireOptions,
      selectEditImpact: (state) => state.editImpact,
      selectPrompting: (state) => state.prompting,
    },
  });
  return { slice, thunks };
}

const labUser = createStudiesSlice('studies', labUserStudiesApi, 'labUser');
const systemOwner = createStudiesSlice('ownerStudies', systemOwnerStudiesApi, 'systemOwner');

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injectedLabUser = labUser.slice.injectInto(slices);
const injectedSystemOwner = systemOwner.slice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof labUser.slice>, WithSlice<typeof systemOwner.slice> {}
}

/** Each caller's thunks, actions and selectors, by scope. */
export const studiesOf = {
  labUser: { ...labUser.thunks, ...labUser.slice.actions, ...injectedLabUser.selectors },
  systemOwner: { ...systemOwner.thunks, ...systemOwner.slice.actions, ...injectedSystemOwner.selectors },
};
