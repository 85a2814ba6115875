// The questionnaire and multiple-choice set calls (part 2 section 7, researcher table).
import { api } from '../../api/client';
import type { MultipleChoiceSet, Question, Questionnaire, QuestionnaireListAnswer, Score, ShuffleRun } from '../../../shared/questionnaire/types';
import type { QuestionnaireVersionsAnswer, RepointAnswer } from '../../../shared/types/questionnaireVersions';

const id = (value: string) => encodeURIComponent(value);

export interface QuestionnaireCreateBody {
  chin_name: string;
  abbrev: string;
}

export interface QuestionnaireSaveBody extends QuestionnaireCreateBody {
  chin_content: Question[];
  scores: Score[];
  shuffle_runs: ShuffleRun[];
}

export interface McSetBody {
  name: string;
  choices: { name: string; value: string }[];
}

export interface McSetAnswer {
  message: string;
  set: MultipleChoiceSet;
}

export interface MessageAnswer {
  message: string;
}

export const questionnairesApi = {
  list: async (page: number) =>
    (await api.get<QuestionnaireListAnswer>(`/api/qx_list?pageNumber=${page}`)).data,
  create: async (body: QuestionnaireCreateBody) => (await api.post<Questionnaire>('/api/qx_list', body)).data,
  get: async (questionnaireId: string) => (await api.get<Questionnaire>(`/api/qx_list/${id(questionnaireId)}`)).data,
  save: async ({ questionnaireId, body }: { questionnaireId: string; body: QuestionnaireSaveBody }) =>
    (await api.put<Questionnaire>(`/api/qx_list/${id(questionnaireId)}/edit`, body)).data,
  remove: async (questionnaireId: string) => (await api.delete<MessageAnswer>(`/api/qx_list/${id(questionnaireId)}`)).data,
  sets: async (questionnaireId: string) =>
    (await api.get<{ sets: MultipleChoiceSet[] }>(`/api/qx_list/${id(questionnaireId)}/mc`)).data.sets,
  createSet: async ({ questionnaireId, body }: { questionnaireId: string; body: McSetBody }) =>
    (await api.post<McSetAnswer>(`/api/qx_list/${id(questionnaireId)}/mc`, body)).data,
  updateSet: async ({ setId, body }: { setId: string; body: McSetBody }) =>
    (await api.put<McSetAnswer>(`/api/qx_list/mc/${id(setId)}/edit`, body)).data,
  versions: async (questionnaireId: string) =>
    (await api.get<QuestionnaireVersionsAnswer>(`/api/qx_list/${id(questionnaireId)}/versions`)).data.versions,
  repoint: async (questionnaireId: string) => (await api.post<RepointAnswer>(`/api/qx_list/${id(questionnaireId)}/repoint`)).data,
  removeSet: async (setId: string) => (await api.delete<MessageAnswer>(`/api/qx_list/mc/${id(setId)}`)).data,
};
