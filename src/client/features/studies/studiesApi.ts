// The lab user's study calls (part 1 section 7 "Studies (lab user)", part 2 section 7).
import { api } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { QuestionnaireListAnswer } from '../../../shared/questionnaire/types';
import { allQuestionnaireOptions } from './questionnaireOptions';
import type { LiveEditImpact } from '../../../shared/types/liveEdits';
import type { BasicInfoBody, ConsentBody, CreateStudyBody, StudyEditBody, Study, StudyListAnswer } from '../../../shared/types/study';

const id = (value: string) => encodeURIComponent(value);

export interface StudyBody<B> {
  studyId: string;
  body: B;
}

const questionnairePage = async (page: number) => (await api.get<QuestionnaireListAnswer>(`/api/qx_list?pageNumber=${page}`)).data;

export const studiesApi = {
  list: async (pageNumber: number) => (await api.get<StudyListAnswer>(`/api/studies?pageNumber=${pageNumber}`)).data,
  create: async (body: CreateStudyBody) => (await api.post<Study>('/api/studies', body)).data,
  get: async (studyId: string) => (await api.get<Study>(`/api/studies/${id(studyId)}`)).data,
  remove: async (studyId: string) => (await api.delete<MessageAnswer>(`/api/studies/${id(studyId)}`)).data,
  activate: async (studyId: string) => (await api.post<MessageAnswer>(`/api/studies/${id(studyId)}/activate`)).data,
  deactivate: async (studyId: string) => (await api.post<MessageAnswer>(`/api/studies/${id(studyId)}/deactivate`)).data,
  addStage: async (studyId: string) => (await api.put<Study>(`/api/studies/${id(studyId)}/add_stage`)).data,
  deleteStage: async ({ studyId, stageNum }: { studyId: string; stageNum: number }) =>
    (await api.delete<Study>(`/api/studies/${id(studyId)}/${stageNum}/delete_stage`)).data,
  /** The first path argument is the stage's id, as the specification shows the call. */
  addGroup: async (stageId: string) => (await api.put<Study>(`/api/studies/${id(stageId)}/add_group`)).data,
  deleteGroup: async ({ studyId, groupId }: { studyId: string; groupId: string }) =>
    (await api.delete<Study>(`/api/studies/${id(studyId)}/${id(groupId)}/delete_group`)).data,
  editBasic: async ({ studyId, body }: StudyBody<BasicInfoBody>) =>
    (await api.put<MessageAnswer>(`/api/studies/${id(studyId)}/edit_basic`, body)).data,
  editConsent: async ({ studyId, body }: StudyBody<ConsentBody>) =>
    (await api.put<MessageAnswer>(`/api/studies/${id(studyId)}/edit_consent`, body)).data,
  editExceptConsent: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
    (await api.put<Study>(`/api/studies/${id(studyId)}/edit_except_consent`, body)).data,
  editImpact: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
    (await api.post<LiveEditImpact>(`/api/studies/${id(studyId)}/edit_impact`, body)).data,
  questionnaireOptions: () => allQuestionnaireOptions(questionnairePage),
};
