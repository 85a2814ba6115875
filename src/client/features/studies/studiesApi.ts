// The study calls of both kinds of staff (part 1 section 7 "Studies (lab user)", part 2 section 7 "System
// owner"; docs/api.md). The server serves the lab user's own lab at /api/studies and the system owner, for any
// lab's study on behalf of a managing user, at /api/studies/systemowner, with the same services: only the list,
// Create Study and the questionnaire list differ, as the owner names whose studies they are.
import { api, type SessionKind } from '../../api/client';
import type { MessageAnswer } from '../../../shared/types/identity';
import type { QuestionnaireListAnswer } from '../../../shared/questionnaire/types';
import { allQuestionnaireOptions } from '../../../shared/questionnaire/questionnaireOptions';
import type { LiveEditImpact } from '../../../shared/types/liveEdits';
import type {
  BasicInfoBody,
  ConsentBody,
  CreateStudyBody,
  OwnerCreateStudyBody,
  OwnerStudyListBody,
  StudyEditBody,
  Study,
  StudyListAnswer,
} from '../../../shared/types/study';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { PromptingSettings } from '../../../shared/prompting';

/** Who is calling: the lab user, or the system owner. Each call carries that session's token. */
export type StudyScope = Extract<SessionKind, 'labUser' | 'systemOwner'>;

const id = (value: string) => encodeURIComponent(value);

export interface StudyBody<B> {
  studyId: string;
  body: B;
}

export interface OwnerStudyListArg extends OwnerStudyListBody {
  pageNumber: number;
}

/** What a caller's list, Create Study and questionnaire calls take; every other call is the same for both. */
export interface StudyCalls<ListArg, CreateArg, OptionsArg> extends ReturnType<typeof studyCalls> {
  list: (arg: ListArg) => Promise<StudyListAnswer>;
  create: (body: CreateArg) => Promise<Study>;
  /** Every questionnaire of the lab, for the editor's multi-selects. */
  questionnaireOptions: (arg: OptionsArg) => Promise<AssessmentListItem[]>;
}

/** The calls on one study, under the caller's base path and with the caller's token. */
function studyCalls(base: string, session: StudyScope) {
  const as = { session } as const;
  const at = (studyId: string, action = '') => `${base}/${id(studyId)}${action}`;
  return {
    get: async (studyId: string) => (await api.get<Study>(at(studyId), as)).data,
    remove: async (studyId: string) => (await api.delete<MessageAnswer>(at(studyId), as)).data,
    activate: async (studyId: string) => (await api.post<MessageAnswer>(at(studyId, '/activate'), undefined, as)).data,
    deactivate: async (studyId: string) => (await api.post<MessageAnswer>(at(studyId, '/deactivate'), undefined, as)).data,
    addStage: async (studyId: string) => (await api.put<Study>(at(studyId, '/add_stage'), undefined, as)).data,
    deleteStage: async ({ studyId, stageNum }: { studyId: string; stageNum: number }) =>
      (await api.delete<Study>(at(studyId, `/${stageNum}/delete_stage`), as)).data,
    /** The first path argument is the stage's id, as the specification shows the call. */
    addGroup: async (stageId: string) => (await api.put<Study>(at(stageId, '/add_group'), undefined, as)).data,
    deleteGroup: async ({ studyId, groupId }: { studyId: string; groupId: string }) =>
      (await api.delete<Study>(at(studyId, `/${id(groupId)}/delete_group`), as)).data,
    editBasic: async ({ studyId, body }: StudyBody<BasicInfoBody>) =>
      (await api.put<MessageAnswer>(at(studyId, '/edit_basic'), body, as)).data,
    editConsent: async ({ studyId, body }: StudyBody<ConsentBody>) =>
      (await api.put<MessageAnswer>(at(studyId, '/edit_consent'), body, as)).data,
    editExceptConsent: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
      (await api.put<Study>(at(studyId, '/edit_except_consent'), body, as)).data,
    editImpact: async ({ studyId, body }: StudyBody<StudyEditBody>) =>
      (await api.post<LiveEditImpact>(at(studyId, '/edit_impact'), body, as)).data,
    prompting: async (studyId: string) => (await api.get<PromptingSettings>(at(studyId, '/prompting'), as)).data,
    editPrompting: async ({ studyId, body }: StudyBody<PromptingSettings>) =>
      (await api.put<PromptingSettings>(at(studyId, '/prompting'), body, as)).data,
  };
}

const LAB_USER = '/api/studies';
const SYSTEM_OWNER = '/api/studies/systemowner';
const owner = { session: 'systemOwner' } as const;

/** The lab user's calls: their own lab's studies. */
export const labUserStudiesApi: StudyCalls<number, CreateStudyBody, void> = {
  ...studyCalls(LAB_USER, 'labUser'),
  list: async (pageNumber) => (await api.get<StudyListAnswer>(`${LAB_USER}?pageNumber=${pageNumber}`)).data,
  create: async (body) => (await api.post<Study>(LAB_USER, body)).data,
  questionnaireOptions: () =>
    allQuestionnaireOptions(async (page) => (await api.get<QuestionnaireListAnswer>(`/api/qx_list?pageNumber=${page}`)).data),
};

/** The system owner's calls: the studies a managing user of a lab manages, and that user's lab's questionnaires. */
export const systemOwnerStudiesApi: StudyCalls<OwnerStudyListArg, OwnerCreateStudyBody, string> = {
  ...studyCalls(SYSTEM_OWNER, 'systemOwner'),
  list: async ({ pageNumber, labId, managedByUserId }) =>
    (await api.post<StudyListAnswer>(`${SYSTEM_OWNER}?pageNumber=${pageNumber}`, { labId, managedByUserId }, owner)).data,
  create: async (body) => (await api.post<Study>(`${SYSTEM_OWNER}/create_study`, body, owner)).data,
  questionnaireOptions: (managedByUserId) =>
    allQuestionnaireOptions(
      async (page) => (await api.post<QuestionnaireListAnswer>(`/api/qx_list/systemowner?pageNumber=${page}`, { managedByUserId }, owner)).data,
    ),
};
