// The lab user's study calls (part 1 section 7 "Studies (lab user)").
import { api } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { BasicInfoBody, ConsentBody, Study, StudyListAnswer } from '../../../shared/types/study';

const id = (value: string) => encodeURIComponent(value);

export interface StudyBody<B> {
  studyId: string;
  body: B;
}

export const studiesApi = {
  list: async (pageNumber: number) => (await api.get<StudyListAnswer>(`/api/studies?pageNumber=${pageNumber}`)).data,
  create: async () => (await api.post<Study>('/api/studies')).data,
  get: async (studyId: string) => (await api.get<Study>(`/api/studies/${id(studyId)}`)).data,
  remove: async (studyId: string) => (await api.delete<MessageAnswer>(`/api/studies/${id(studyId)}`)).data,
  activate: async (studyId: string) => (await api.post<MessageAnswer>(`/api/studies/${id(studyId)}/activate`)).data,
  deactivate: async (studyId: string) => (await api.post<MessageAnswer>(`/api/studies/${id(studyId)}/deactivate`)).data,
  addStage: async (studyId: string) => (await api.put<Study>(`/api/studies/${id(studyId)}/add_stage`)).data,
  editBasic: async ({ studyId, body }: StudyBody<BasicInfoBody>) =>
    (await api.put<MessageAnswer>(`/api/studies/${id(studyId)}/edit_basic`, body)).data,
  editConsent: async ({ studyId, body }: StudyBody<ConsentBody>) =>
    (await api.put<MessageAnswer>(`/api/studies/${id(studyId)}/edit_consent`, body)).data,
  editExceptConsent: async ({ studyId, body }: StudyBody<Study>) =>
    (await api.put<Study>(`/api/studies/${id(studyId)}/edit_except_consent`, body)).data,
};
