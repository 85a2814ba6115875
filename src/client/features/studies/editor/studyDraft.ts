// The editor's working copy of the study: what the user has changed since the server last sent it. Every
// change replaces only the stage and group it touches, so the other (memoised) columns and groups skip
// rendering. Save Changes sends the whole copy.
import type { BasicInfoBody, ParticipantGroup, Stage, Study } from '../../../../shared/types/study';

export type StageTexts = Pick<Stage, 'chin_name' | 'chin_progress_message' | 'chin_complete_message'>;
export type GroupChanges = Partial<
  Pick<ParticipantGroup, 'name' | 'ema_list' | 'diary_list' | 'questionnaire_list' | 'no_submission_limit_list'>
>;

export type DraftAction =
  | { type: 'basicInfo'; field: keyof BasicInfoBody; value: string }
  | { type: 'stage'; stageId: string; changes: Partial<StageTexts> }
  | { type: 'group'; stageId: string; groupId: string; changes: GroupChanges };

export type DraftDispatch = (action: DraftAction) => void;

function mapStage(study: Study, stageId: string, change: (stage: Stage) => Stage): Study {
  return { ...study, stage_list: study.stage_list.map((stage) => (stage._id === stageId ? change(stage) : stage)) };
}

export function studyDraftReducer(study: Study, action: DraftAction): Study {
  switch (action.type) {
    case 'basicInfo':
      return { ...study, [action.field]: action.value };
    case 'stage':
      return mapStage(study, action.stageId, (stage) => ({ ...stage, ...action.changes }));
    case 'group':
      return mapStage(study, action.stageId, (stage) => ({
        ...stage,
        participant_group_list: stage.participant_group_list.map((group) =>
          group._id === action.groupId ? { ...group, ...action.changes } : group,
        ),
      }));
  }
}
