// Pilot mode's warnings before launch (issue 20): GET /api/studies/{studyId}/pilot-warnings.
import { api } from '../../../api/client';
import type { PilotWarningsAnswer } from '../../../../shared/types/pilotWarnings';

export const pilotWarningsApi = {
  get: async (studyId: string) => (await api.get<PilotWarningsAnswer>(`/api/studies/${encodeURIComponent(studyId)}/pilot-warnings`)).data,
};
