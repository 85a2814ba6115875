// The Study Progress call (issue 7): compliance of one stage and group.
import { api } from '../../../api/client';
import type { StudyProgressAnswer, StudyProgressBody } from '../../../../shared/types/progress';

export interface ProgressQuery extends StudyProgressBody {
  studyId: string;
}

export const progressApi = {
  get: async ({ studyId, ...body }: ProgressQuery) =>
    (await api.post<StudyProgressAnswer>(`/api/participants/${encodeURIComponent(studyId)}/progress`, body)).data,
};
