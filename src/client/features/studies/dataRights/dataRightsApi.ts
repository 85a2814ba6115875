// A study's data-rights choice (issue 36 part 3): GET/PUT /api/studies/{studyId}/data_rights.
import { api } from '../../../api/client';
import type { DataRights } from '../../../../shared/dataRights';

const at = (studyId: string) => `/api/studies/${encodeURIComponent(studyId)}/data_rights`;

export const dataRightsApi = {
  get: async (studyId: string) => (await api.get<DataRights>(at(studyId))).data,
  save: async ({ studyId, body }: { studyId: string; body: DataRights }) => (await api.put<DataRights>(at(studyId), body)).data,
};
