// Questionnaires as the server has them: the list page, the questionnaire open in the editor and its
// multiple-choice sets. The editor's unsaved working copy lives in the editor, not here.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import type { MultipleChoiceSet, Questionnaire, QuestionnaireListAnswer } from '../../../shared/questionnaire/types';
import type { QuestionnaireVersionUse } from '../../../shared/types/questionnaireVersions';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import { allQuestionnaireOptions } from '../../../shared/questionnaire/questionnaireOptions';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { createApiThunk } from '../../app/createApiThunk';
import { questionnairesApi } from './questionnairesApi';
import { loadMcSets, loadQuestionnaire } from './preload';

export const fetchQuestionnaires = createApiThunk('questionnaires/fetchList', questionnairesApi.list);
// The dialog shows its own failure (a code in use): once, there, not also in the red alert behind it.
export const createQuestionnaire = createApiThunk('questionnaires/create', questionnairesApi.create, { showsOwnFailure: true });
export const fetchQuestionnaire = createApiThunk('questionnaires/fetchOne', loadQuestionnaire);
export const saveQuestionnaire = createApiThunk('questionnaires/save', questionnairesApi.save);
export const deleteQuestionnaire = createApiThunk('questionnaires/delete', questionnairesApi.remove);
export const fetchMcSets = createApiThunk('questionnaires/fetchMcSets', loadMcSets);
export const createMcSet = createApiThunk('questionnaires/createMcSet', questionnairesApi.createSet);
export const updateMcSet = createApiThunk('questionnaires/updateMcSet', questionnairesApi.updateSet);
export const deleteMcSet = createApiThunk('questionnaires/deleteMcSet', questionnairesApi.removeSet);
// Issue 21: the versions in use by participants' plans, and moving their future tasks to the content now.
export const fetchQuestionnaireVersions = createApiThunk('questionnaires/fetchVersions', questionnairesApi.versions);
export const repointQuestionnaire = createApiThunk('questionnaires/repoint', questionnairesApi.repoint);
// Piping (issue 34): the lab's questionnaires, every page, and one of them whose answer a question text quotes.
// The Insert answer menu shows their failures itself, in place.
export const fetchQuotableQuestionnaires = createApiThunk('questionnaires/fetchQuotable', () => allQuestionnaireOptions(questionnairesApi.list), {
  showsOwnFailure: true,
});
export const fetchQuotedQuestionnaire = createApiThunk('questionnaires/fetchQuoted', questionnairesApi.get, { showsOwnFailure: true });

const requestKeys = ['list', 'create', 'questionnaire', 'save', 'delete', 'sets', 'createSet', 'updateSet', 'deleteSet', 'versions', 'repoint', 'quotable', 'quoted'] as const;
export type QuestionnairesRequest = (typeof requestKeys)[number];

export interface QuestionnairesState {
  list: QuestionnaireListAnswer | null;
  /** The questionnaire open in the editor, as last loaded or saved. */
  questionnaire: Questionnaire | null;
  /** The sets of the questionnaire named by setsOf. */
  sets: MultipleChoiceSet[];
  setsOf: string | null;
  /** The versions of the questionnaire named by versionsOf, oldest first, with the participants using each. */
  versions: QuestionnaireVersionUse[] | null;
  versionsOf: string | null;
  /** The lab's questionnaires a question text may quote, by name. */
  quotable: AssessmentListItem[] | null;
  /** The questionnaire named by quotedOf, whose questions the Insert answer menu offers. */
  quoted: Questionnaire | null;
  quotedOf: string | null;
  requests: Requests<QuestionnairesRequest>;
}

const initialState: QuestionnairesState = {
  list: null,
  questionnaire: null,
  sets: [],
  setsOf: null,
  versions: null,
  versionsOf: null,
  quotable: null,
  quoted: null,
  quotedOf: null,
  requests: initialRequests(requestKeys),
};

const questionnairesSlice = createSlice({
  name: 'questionnaires',
  initialState,
  reducers: {
    questionnairesRequestReset: resetRequest<QuestionnairesRequest>(),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchQuestionnaires.fulfilled, (state, action) => {
        state.list = action.payload;
      })
      // A questionnaire is always loaded afresh: the editor starts from what the server has now.
      .addCase(fetchQuestionnaire.pending, (state) => {
        state.questionnaire = null;
      })
      .addCase(fetchQuestionnaire.fulfilled, (state, action) => {
        state.questionnaire = action.payload;
      })
      .addCase(saveQuestionnaire.fulfilled, (state, action) => {
        state.questionnaire = action.payload;
      })
      .addCase(deleteQuestionnaire.fulfilled, (state, action) => {
        if (state.list) state.list.qx_list = state.list.qx_list.filter((q) => q._id !== action.meta.arg);
        if (state.questionnaire?._id === action.meta.arg) state.questionnaire = null;
      })
      .addCase(fetchMcSets.pending, (state, action) => {
        if (state.setsOf !== action.meta.arg) {
          state.sets = [];
          state.setsOf = action.meta.arg;
        }
      })
      .addCase(fetchMcSets.fulfilled, (state, action) => {
        if (state.setsOf === action.meta.arg) state.sets = action.payload;
      })
      .addCase(createMcSet.fulfilled, (state, action) => {
        if (state.setsOf === action.meta.arg.questionnaireId) state.sets.push(action.payload.set);
      })
      .addCase(updateMcSet.fulfilled, (state, action) => {
        state.sets = state.sets.map((s) => (s._id === action.payload.set._id ? action.payload.set : s));
      })
      .addCase(deleteMcSet.fulfilled, (state, action) => {
        state.sets = state.sets.filter((s) => s._id !== action.meta.arg);
      })
      // Another questionnaire's versions are never shown for this one while its own are on their way.
      .addCase(fetchQuestionnaireVersions.pending, (state, action) => {
        if (state.versionsOf !== action.meta.arg) {
          state.versions = null;
          state.versionsOf = action.meta.arg;
        }
      })
      .addCase(fetchQuestionnaireVersions.fulfilled, (state, action) => {
        if (state.versionsOf === action.meta.arg) state.versions = action.payload;
      })
      .addCase(fetchQuotableQuestionnaires.fulfilled, (state, action) => {
        state.quotable = action.payload;
      })
      // The questions of the questionnaire chosen last only: an earlier choice's answer arriving late is dropped.
      .addCase(fetchQuotedQuestionnaire.pending, (state, action) => {
        state.quoted = null;
        state.quotedOf = action.meta.arg;
      })
      .addCase(fetchQuotedQuestionnaire.fulfilled, (state, action) => {
        if (state.quotedOf === action.meta.arg) state.quoted = action.payload;
      });
    trackRequest(builder, fetchQuestionnaires, 'list');
    trackRequest(builder, createQuestionnaire, 'create');
    trackRequest(builder, fetchQuestionnaire, 'questionnaire');
    trackRequest(builder, saveQuestionnaire, 'save');
    trackRequest(builder, deleteQuestionnaire, 'delete');
    trackRequest(builder, fetchMcSets, 'sets');
    trackRequest(builder, createMcSet, 'createSet');
    trackRequest(builder, updateMcSet, 'updateSet');
    trackRequest(builder, deleteMcSet, 'deleteSet');
    trackRequest(builder, fetchQuestionnaireVersions, 'versions');
    trackRequest(builder, repointQuestionnaire, 'repoint');
    trackRequest(builder, fetchQuotableQuestionnaires, 'quotable');
    trackRequest(builder, fetchQuotedQuestionnaire, 'quoted');
  },
  selectors: {
    selectQuestionnaireList: (state) => state.list,
    selectQuestionnaire: (state) => state.questionnaire,
    selectMcSets: (state) => state.sets,
    selectMcSetsOf: (state) => state.setsOf,
    selectQuestionnaireVersions: (state) => state.versions,
    selectQuestionnaireVersionsOf: (state) => state.versionsOf,
    selectQuestionnairesRequests: (state) => state.requests,
    selectQuotableQuestionnaires: (state) => state.quotable,
    selectQuotedQuestionnaire: (state) => state.quoted,
    selectQuotedOf: (state) => state.quotedOf,
  },
});

// Injected when this module loads, which only the pages of its area do (app/store.ts LazyLoadedSlices).
const injected = questionnairesSlice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof questionnairesSlice> {}
}

export const { questionnairesRequestReset } = questionnairesSlice.actions;
export const {
  selectQuestionnaireList,
  selectQuestionnaire,
  selectMcSets,
  selectMcSetsOf,
  selectQuestionnaireVersions,
  selectQuestionnaireVersionsOf,
  selectQuestionnairesRequests,
  selectQuotableQuestionnaires,
  selectQuotedQuestionnaire,
  selectQuotedOf,
} = injected.selectors;
export const questionnairesReducer = questionnairesSlice.reducer;
