// The researcher's participant calls (part 2 section 7), the study they belong to (for the heading and the
// stage and group choices).
import { api } from '../../api/client';
import type {
  AssignGroupAnswer,
  AssignGroupBody,
  CreateParticipantAnswer,
  CreateParticipantBody,
  DiaryTasksAnswer,
  EmaTasksAnswer,
  FilteredParticipantsAnswer,
  GetParticipantsAnswer,
  Participant,
} from '../../../shared/types/participant';
import type { Study } from '../../../shared/types/study';
import type { ParticipationStatusAnswer, SetParticipationStatusBody } from '../../../shared/participationStatus';
import type { SendMessageAnswer, SendMessageBody } from '../../../shared/inbox';
import { ALLOCATION_CSV_MEDIA_TYPE, type AllocateAnswer, type AllocateBody, type AllocationRule, type AllocationRuleBody } from '../../../shared/allocation';
import { fileNameFromDisposition } from '../downloads';

const id = (value: string) => encodeURIComponent(value);

/** Which participants the list shows: the whole study, one stage, or one stage's group. */
export interface ParticipantFilter {
  stageId: string | null;
  groupId: string | null;
}

export interface ListQuery extends ParticipantFilter {
  studyId: string;
}

export interface ParticipantOfStudy {
  studyId: string;
  participantId: string;
}

async function list({ studyId, stageId, groupId }: ListQuery): Promise<Participant[]> {
  if (!stageId) {
    return (await api.get<GetParticipantsAnswer>(`/api/participants/${id(studyId)}/get_participants`)).data.participantsData.participants;
  }
  const body = groupId ? { currentStageId: stageId, currentGroupId: groupId } : { currentStageId: stageId };
  return (await api.post<FilteredParticipantsAnswer>(`/api/participants/${id(studyId)}/get_filtered_participants`, body)).data
    .participants;
}

export const participantsApi = {
  study: async (studyId: string) => (await api.get<Study>(`/api/studies/${id(studyId)}`)).data,
  list,
  create: async (body: CreateParticipantBody) =>
    (await api.post<CreateParticipantAnswer>(`/api/participants/${id(body.studyId)}/create`, body)).data,
  assign: async ({ participantId, ...body }: AssignGroupBody & { participantId: string }) =>
    (await api.patch<AssignGroupAnswer>(`/api/participants/${id(participantId)}/assign_group`, body)).data,
  /** The researcher's erasure on request (issue 36). */
  erase: async ({ studyId, participantId }: ParticipantOfStudy) =>
    (await api.post<{ message: string }>(`/api/participants/${id(studyId)}/${id(participantId)}/erase`)).data,
  setStatus: async ({ participantId, ...body }: SetParticipationStatusBody & { participantId: string }) =>
    (await api.patch<ParticipationStatusAnswer>(`/api/participants/${id(participantId)}/status`, body)).data,
  /** Every notification of the stored plan, past ones too: the EMA Schedule shows what became of each. */
  emaTasks: async ({ studyId, participantId }: ParticipantOfStudy) =>
    (await api.get<EmaTasksAnswer>(`/api/ema_tasks/${id(studyId)}/${id(participantId)}?scope=all`)).data,
  sendMessage: async ({ studyId, ...body }: SendMessageBody & { studyId: string }) =>
    (await api.post<SendMessageAnswer>(`/api/participants/${id(studyId)}/messages`, body)).data,
  allocate: async ({ studyId, ...body }: AllocateBody & { studyId: string }) =>
    (await api.post<AllocateAnswer>(`/api/participants/${id(studyId)}/allocate`, body)).data,
  /** The standing allocation rule, or null. */
  allocationRule: async (studyId: string) => (await api.get<AllocationRule | null>(`/api/participants/${id(studyId)}/allocation_rule`)).data,
  saveAllocationRule: async ({ studyId, ...body }: AllocationRuleBody & { studyId: string }) =>
    (await api.put<AllocationRule>(`/api/participants/${id(studyId)}/allocation_rule`, body)).data,
  turnOffAllocationRule: async (studyId: string) => (await api.delete<null>(`/api/participants/${id(studyId)}/allocation_rule`)).data,
  /** The study's allocation list (CSV) and the name the server gave it. */
  allocationList: async (studyId: string) => {
    const response = await api.get<Blob>(`/api/participants/${id(studyId)}/allocations`, {
      headers: { Accept: ALLOCATION_CSV_MEDIA_TYPE },
      responseType: 'blob',
    });
    const disposition = response.headers['content-disposition'] as unknown;
    return { blob: response.data, fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : null) };
  },
  diaryTasks: async ({ studyId, participantId }: ParticipantOfStudy) =>
    (await api.get<DiaryTasksAnswer>(`/api/diary_ax_tasks/${id(studyId)}/${id(participantId)}`)).data,
};
