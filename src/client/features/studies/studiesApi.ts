// The lab user's study calls (part 1 section 7 "Studies (lab user)", part 2 section 7).
import { api } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { QuestionnaireListAnswer } from '../../../shared/questionnaire/types';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { BasicInfoBody, ConsentBody, StudyEditBody, Study, StudyListAnswer } from '../../../shared/types/study';

const id = (value: string) => encodeURIComponent(value);

export interface StudyBody<B> {
  studyId: string;
  body: B;
}

const questionnairePage = async (page: number) => (await api.get<QuestionnaireListAnswer>(`/api/qx_list?pageNumber=${page}`)).data;

/**
 * Every questionnaire of the lab as the editor's multi-selects offer them (name and code), by name, numbers
 * in numeric order. The list call is paged: the first page says how many there are, and the others are
 * fetched together.
 */
async function questionnaireOptions(): Promise<AssessmentListItem[]> {
  const first = await questionnairePage(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => questionnairePage(i + 2)));
  const items = [first, ...rest].flatMap((page) => page.qx_list.map(({ _id, chin_name, abbrev }) => ({ _id, chin_name, abbrev })));
  const unique = [...new Map(items.map((q) => [q._id, q])).values()];
  const byText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
  return unique.sort((a, b) => byText(a.chin_name, b.chin_name) || byText(a.abbrev, b.abbrev));
}

export const studiesApi = {
  list: async (pageNumber: number) => (await api.get<StudyListAnswer>(`/api/studies?pageNumber=${pageNumber}`)).data,
  create: async () => (await api.post<Study>('/api/studies')).data,
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
  questionnaireOptions,
};
