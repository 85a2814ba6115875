// The study file calls (issue 35 part 1; docs/api.md): a lab user's export of a study's design, and import.
import { api } from '../../../api/client';
import type { StudyFile, StudyImportSummary } from '../../../../shared/studyFile/format';
import type { Study } from '../../../../shared/types/study';

export interface StudyImportAnswer {
  study: Study;
  summary: StudyImportSummary;
}

const as = { session: 'labUser' } as const;

export const studyFileApi = {
  design: async (studyId: string) => (await api.get<StudyFile>(`/api/studies/${encodeURIComponent(studyId)}/design`, as)).data,
  /** The file as read from disk: the server judges whether it is a study file. */
  importDesign: async (file: unknown) => (await api.post<StudyImportAnswer>('/api/studies/import', file, as)).data,
};
