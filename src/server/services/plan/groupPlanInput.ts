// The one place the plan reads a group's assessment settings. Today they are JSON text in the group's columns
// (ema_list, diary_list, questionnaire_list, no_submission_limit_list); when the study editor stores them
// otherwise, only this function changes. Settings that break the shared rules are left out of a plan rather
// than planned wrongly.
import { DateTime } from 'luxon';
import type { Db } from '../../repositories/db';
import { findGroupSettingColumns } from '../../repositories/plans';
import {
  diarySettingProblem,
  emaSettingProblem,
  type AssessmentListItem,
  type DiarySetting,
  type EmaSetting,
} from '../../../shared/study/assessmentSettings';

export interface GroupPlanInput {
  /** With their index in the group's list: the task rows name the setting they came from. */
  ema: { index: number; setting: EmaSetting }[];
  diary: { index: number; setting: DiarySetting }[];
  /** Questionnaire ids needing one response in this stage. */
  once: string[];
  /** Questionnaire ids open for any number of responses. */
  anytime: string[];
}

function parseArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Lists of questionnaires are stored as list items ({_id, chin_name, abbrev}) or as bare ids. */
function questionnaireIds(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((q: unknown) => {
    if (typeof q === 'string') return [q];
    if (q && typeof q === 'object' && typeof (q as AssessmentListItem)._id === 'string') return [(q as AssessmentListItem)._id];
    return [];
  });
}

function isKnownZone(zone: unknown): boolean {
  return typeof zone === 'string' && DateTime.now().setZone(zone).isValid;
}

function asItems(ids: string[]): AssessmentListItem[] {
  return ids.map((_id) => ({ _id, chin_name: '', abbrev: '' }));
}

export async function groupPlanInput(db: Db, groupId: string): Promise<GroupPlanInput> {
  const row = await findGroupSettingColumns(db, groupId);
  if (!row) return { ema: [], diary: [], once: [], anytime: [] };
  const ema = parseArray(row.ema_list).flatMap((value, index) => {
    if (!value || typeof value !== 'object') return [];
    const setting = { ...(value as EmaSetting), questionnaire_list: asItems(questionnaireIds((value as EmaSetting).questionnaire_list)) };
    try {
      return isKnownZone(setting.timezone) && emaSettingProblem(setting, []) === null ? [{ index, setting }] : [];
    } catch {
      return [];
    }
  });
  const diary = parseArray(row.diary_list).flatMap((value, index) => {
    if (!value || typeof value !== 'object') return [];
    const setting = { ...(value as DiarySetting), questionnaire_list: asItems(questionnaireIds((value as DiarySetting).questionnaire_list)) };
    try {
      return isKnownZone(setting.timezone) && diarySettingProblem(setting, []) === null ? [{ index, setting }] : [];
    } catch {
      return [];
    }
  });
  return {
    ema,
    diary,
    once: questionnaireIds(parseArray(row.questionnaire_list)),
    anytime: questionnaireIds(parseArray(row.no_submission_limit_list)),
  };
}
