// The editor's working copy of the study: what the user has changed since the server last sent it. Every
// change replaces only the stage and group it touches, so the other (memoised) columns and groups skip
// rendering. Save Changes sends the whole copy. A study the server sends whole replaces the copy, keeping the
// previous object of every stage and group that did not change, so that only what changed renders again.
import { deepEqual } from '../../../../shared/deepEqual';
import type { BasicInfoBody, ParticipantGroup, Stage, Study } from '../../../../shared/types/study';

export type StageTexts = Pick<Stage, 'chin_name' | 'chin_progress_message' | 'chin_complete_message'>;
export type GroupChanges = Partial<
  Pick<ParticipantGroup, 'name' | 'ema_list' | 'followup_list' | 'diary_list' | 'questionnaire_list' | 'no_submission_limit_list'>
>;

export type DraftAction =
  | { type: 'basicInfo'; field: keyof BasicInfoBody; value: string }
  | { type: 'stage'; stageId: string; changes: Partial<StageTexts> }
  | { type: 'group'; stageId: string; groupId: string; changes: GroupChanges }
  /** The server sent the study whole (load, save, a stage or group added or deleted): unsaved edits give way. */
  | { type: 'replace'; study: Study };

export type DraftDispatch = (action: DraftAction) => void;

/** `next`, with each stage and group that equals its previous self replaced by that previous object. */
function sharing(previous: Study, next: Study): Study {
  const stages = next.stage_list.map((stage) => {
    const before = previous.stage_list.find((s) => s._id === stage._id);
    if (!before) return stage;
    if (deepEqual(before, stage)) return before;
    const groups = stage.participant_group_list.map((group) => {
      const old = before.participant_group_list.find((g) => g._id === group._id);
      return old && deepEqual(old, group) ? old : group;
    });
    return { ...stage, participant_group_list: groups };
  });
  return { ...next, stage_list: stages };
}

function mapStage(study: Study, stageId: string, change: (stage: Stage) => Stage): Study {
  return { ...study, stage_list: study.stage_list.map((stage) => (stage._id === stageId ? change(stage) : stage)) };
}

export function studyDraftReducer(study: Study, action: DraftAction): Study {
  switch (action.type) {
    case 'replace':
      return sharing(study, action.study);
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

function editedPart(study: Study) {
  const { active_status: _status, stage_list, ...rest } = study;
  return { ...rest, stage_list: stage_list.map(({ consent_info: _consent, ...stage }) => stage) };
}

/**
 * Whether the working copy holds unsaved changes: it differs from the study as the server last sent it in
 * anything Save Changes sends. The consent form (its own dialog and call) and the active status (the list's
 * buttons) change without passing through the copy, so they are left out.
 */
export function draftChanged(saved: Study, draft: Study): boolean {
  return saved !== draft && !deepEqual(editedPart(saved), editedPart(draft));
}
