// The one place the plan reads a group's assessment settings: through the study structure's typed reader of the
// group's stored lists (services/studies/groupLists.ts), with the questionnaires as list items of the lab (an id of
// another lab, or of a deleted questionnaire, is left out). Settings that break the shared rules are left out
// of a plan rather than planned wrongly.
import type { Db } from '../../repositories/db';
import { findGroupInStudy } from '../../repositories/studies';
import { listQuestionnaireItems } from '../../repositories/groupQuestionnaires';
import { idsInLists, readGroupLists, withItems, type GroupLists, type ItemsById } from '../studies/groupLists';
import { isKnownZone } from './zones';
import { diarySettingProblem, emaSettingProblem, type DiarySetting, type EmaSetting } from '../../../shared/study/assessmentSettings';

export interface GroupPlanInput {
  /** With their index in the group's list: the task rows name the setting they came from. */
  ema: { index: number; setting: EmaSetting }[];
  diary: { index: number; setting: DiarySetting }[];
  /** Questionnaire ids needing one response in this stage. */
  once: string[];
  /** Questionnaire ids open for any number of responses. */
  anytime: string[];
}

export async function groupPlanInput(db: Db, studyId: string, groupId: string, labId: string): Promise<GroupPlanInput> {
  const group = await findGroupInStudy(db, studyId, groupId);
  if (!group) return { ema: [], diary: [], once: [], anytime: [] };
  const lists = readGroupLists(group);
  const items = new Map((await listQuestionnaireItems(db, labId, [...new Set(idsInLists(lists))])).map((item) => [item._id, item]));
  return planInputOfLists(lists, items);
}

/** A group's lists (stored, or as an edit would store them) as the plan reads them. */
export function planInputOfLists(lists: GroupLists, items: ItemsById): GroupPlanInput {
  const ema = lists.ema_list.flatMap((stored, index) => {
    const setting: EmaSetting = withItems(stored, items);
    return isKnownZone(setting.timezone) && emaSettingProblem(setting, []) === null ? [{ index, setting }] : [];
  });
  const diary = lists.diary_list.flatMap((stored, index) => {
    const setting: DiarySetting = withItems(stored, items);
    return isKnownZone(setting.timezone) && diarySettingProblem(setting, []) === null ? [{ index, setting }] : [];
  });
  return { ema, diary, once: lists.questionnaire_list, anytime: lists.no_submission_limit_list };
}
