// The questions (and multiple-choice sets and scores) of a follow-up rule's trigger questionnaire, which the study
// editor's follow-up dialog needs to build the rule's conditions (issue 34 parts 1 and 2). The lab user's call only: the system
// owner has no call reading a questionnaire whole, so the owner's editor shows the rules read only.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../app/store';
import { createApiThunk } from '../../app/createApiThunk';
import type { MultipleChoiceSet, Question, Score } from '../../../shared/questionnaire/types';
import { initialRequests, resetRequest, trackRequest, type Requests } from '../../../ui/state/requestState';
import { questionnairesApi } from '../questionnaires';

export interface TriggerQuestionnaire {
  questions: Question[];
  sets: MultipleChoiceSet[];
  /** Its scores, which a rule's score conditions name (issue 34 part 2). */
  scores: Score[];
}

type TriggerRequest = 'trigger';

export interface TriggerQuestionnaireState {
  /** By questionnaire id, as last loaded. */
  byId: Record<string, TriggerQuestionnaire>;
  requests: Requests<TriggerRequest>;
}

const initialState: TriggerQuestionnaireState = { byId: {}, requests: initialRequests<TriggerRequest>(['trigger']) };

export const fetchTriggerQuestionnaire = createApiThunk('triggerQuestionnaire/fetch', async (questionnaireId: string): Promise<TriggerQuestionnaire> => {
  const [questionnaire, sets] = await Promise.all([questionnairesApi.get(questionnaireId), questionnairesApi.sets(questionnaireId)]);
  return { questions: questionnaire.chin_content, sets, scores: questionnaire.scores };
});

const slice = createSlice({
  name: 'triggerQuestionnaire',
  initialState,
  reducers: { triggerRequestReset: resetRequest<TriggerRequest>() },
  extraReducers: (builder) => {
    builder.addCase(fetchTriggerQuestionnaire.fulfilled, (state, action) => {
      state.byId[action.meta.arg] = action.payload;
    });
    trackRequest(builder, fetchTriggerQuestionnaire, 'trigger');
  },
  selectors: {
    selectTriggerQuestionnaires: (state) => state.byId,
    selectTriggerRequest: (state) => state.requests.trigger,
  },
});

const injected = slice.injectInto(slices);

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const { triggerRequestReset } = slice.actions;
export const { selectTriggerQuestionnaires, selectTriggerRequest } = injected.selectors;
