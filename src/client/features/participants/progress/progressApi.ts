// The Study Progress calls: compliance of one stage and group (issue 7), and who of the study needs attention
// (issue 33), and a score per day of the study (issue 34).
import { api } from '../../../api/client';
import type { StudyProgressAnswer, StudyProgressBody } from '../../../../shared/types/progress';
import type { AttentionAnswer } from '../../../../shared/adherence';
import type { ScoreProgressAnswer, ScoreProgressBody } from '../../../../shared/types/scoreProgress';

export interface ProgressQuery extends StudyProgressBody {
  studyId: string;
}

export interface ScoreProgressQuery extends ScoreProgressBody {
  studyId: string;
}

export const progressApi = {
  get: async ({ studyId, ...body }: ProgressQuery) =>
    (await api.post<StudyProgressAnswer>(`/api/participants/${encodeURIComponent(studyId)}/progress`, body)).data,
  scores: async ({ studyId, ...body }: ScoreProgressQuery) =>
    (await api.post<ScoreProgressAnswer>(`/api/participants/${encodeURIComponent(studyId)}/progress/scores`, body)).data,
  attention: async (studyId: string) => (await api.get<AttentionAnswer>(`/api/participants/${encodeURIComponent(studyId)}/attention`)).data,
};
