// The system owner's study calls (part 2 section 7 "System owner"; docs/api.md): any lab's study, on behalf
// of a managing user, each with the owner's token.
import { api } from '../../../api/client';
import type { LiveEditImpact } from '../../../../shared/types/liveEdits';
import type { QuestionnaireListAnswer } from '../../../../shared/questionnaire/types';
import type { MessageAnswer } from '../../../../shared/types/identity';
import type {
  OwnerCreateStudyBody,
  BasicInfoBody,
  ConsentBody,
  OwnerQuestionnaireListBody,
  OwnerStudyListBody,
  Study,
  StudyEditBody,
  StudyListAnswer,
} from '../../../../shared/types/study';
import { allQuestionnaireOptions } from '../questionnaireOptions';
import type { StudyBody } from '../studiesApi';

const owner = { session: 'systemOwner' } as const;
const id = (value: string) => encodeURIComponent(value);
const base = '/api/studies/systemowner';

export interface OwnerStudyListArg extends OwnerStudyListBody {
  pageNumber: number;
}

const questionnairePage = (body: OwnerQuestionnaireListBody) => async (page: number) =>
  (await api.post<QuestionnaireListAnswer>(`/api/qx_list/systemowner?pageNumber=${page}`, body, owner)).data;

export const ownerStudiesApi = {
  list: async ({ pageNumber, labId, managedByUserId }: OwnerStudyListArg) =>
    (await api.post<StudyListAnswer>(`${base}?pageNumber=${pageNumber}`, { labId, managedByUserId }, owner)).data,
  create: async (body: OwnerCreateStudyBody) => (await api.post<Study>(`${base}/create_study`, body, owner)).data,
  get: async (studyId: string) => (await api.get<Study>(`${base}/${id(studyId)}`, owner)).data,
  remove: async (studyId: string) => (await api.delete<MessageAnswer>(`${base}/${id(studyId)}`, owner)).data,
  activate: async (studyId: string) => (await api.post<MessageAnswer>(`${base}/${id(studyId)}/activate`, undefined, owner)).data,
  deactivate: async (studyId: string) =>
    (await api.post<MessageAnswer>(`${base}/${id(studyId)}/deactivate`, undefined, owner)).data,
  addStage: async (studyId: string) => (await api.put<Study>(`${base}/${id(studyId)}/add_stage`, undefined, owner)).data,
  deleteStage: async ({ studyId, stageNum }: { studyId: string; stageNum: number }) =>
    (await api.delete<Study>(`${base}/${id(studyId)}/${stageNum}/delete_stage`, owner)).data,
  /** The first path argument is the stage's id, as the specification shows the call. */
  addGroup: async (stageId: string) => (await api.put<Study>(`${base}/${id(stageId)}/add_group`, undefined, owner)).data,
  /** The server takes the group's id there too, which always names one group. */
  deleteGroup: async ({ studyId, groupId }: { studyId: string; groupId: string }) =>
    (await api.delete<Study>(`${base}/${id(studyId)}/${id(groupId)}/delete_group`, owner)).data,
  editConsent: async ({ studyId, body }: StudyBody<ConsentBody>) =>
    (await api.put<MessageAnswer>(`${base}/${id(studyId)}/edit_consent`, body, owner)).data,
  editBasic: async ({ studyId, body }: StudyBody<BasicInfoBody>) =>
    (await api.put<MessageAnswer>(`${base}/${id(studyId)}/edit_basic`, body, owner)).data,
  editExceptConsent: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
    (await api.put<Study>(`${base}/${id(studyId)}/edit_except_consent`, body, owner)).data,
  editImpact: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
    (await api.post<LiveEditImpact>(`${base}/${id(studyId)}/edit_impact`, body, owner)).data,
  /** Every questionnaire of the managing user's lab, for the editor's multi-selects. */
  questionnaireOptions: (managedByUserId: string) => allQuestionnaireOptions(questionnairePage({ managedByUserId })),
};
