// The scope a fallback file name describes, read from the study the page has loaded: its code and the chosen
// stage's and group's numbers (the study id stands in if the study is not loaded).
import type { DataDownloadScope } from '../../../shared/dataDownloads';
import type { Study } from '../../../shared/types/study';

export function downloadScope(study: Study | null, studyId: string, stageId: string, groupId?: string): DataDownloadScope {
  if (!study || study._id !== studyId) return { studyCode: studyId };
  const stage = study.stage_list.find((s) => s._id === stageId);
  const group = stage?.participant_group_list.find((g) => g._id === groupId);
  return { studyCode: study.study_code, stageNum: stage?.stage_num, groupNum: group?.group_num };
}
