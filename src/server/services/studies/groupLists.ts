// A participant group's four lists as stored: JSON documents that name questionnaires by id only (their names
// are read fresh), written only after the shared rules passed, and checked again on every read so that a later
// reader (the EMA plan) can rely on their types. Also: what Save Changes sends, brought to the stored form.
import type { GroupListName, ParticipantGroupRow } from '../../db/types';
import type { GroupReference } from '../../repositories/groupQuestionnaires';
import {
  DEFAULT_ZONE_RULE,
  isZoneRule,
  wholeNumber,
  type AssessmentListItem,
  type DiarySetting,
  type DiarySettingDraft,
  type EmaSetting,
  type EmaSettingDraft,
  type RandomizePeriod,
} from '../../../shared/study/assessmentSettings';
import { diaryFieldReaders as diary, emaFieldReaders as ema, refList, settingFields } from './settingFields';
import { idsOfFollowup, isStoredFollowup, withScoreWhen, type StoredFollowupRule } from './followupLists';

type WithIds<T> = Omit<T, 'questionnaire_list'> & { questionnaire_list: string[] };

export type StoredEmaSetting = WithIds<EmaSetting>;
export type StoredDiarySetting = WithIds<DiarySetting>;
/** A setting as sent, in the stored form, with numbers that may still be text the rules refuse. */
export type EmaSettingCandidate = WithIds<EmaSettingDraft>;
export type DiarySettingCandidate = WithIds<DiarySettingDraft>;

export interface GroupLists {
  ema_list: StoredEmaSetting[];
  diary_list: StoredDiarySetting[];
  questionnaire_list: string[];
  no_submission_limit_list: string[];
  /** Follow-up rules (issue 34 part 1). */
  followup_list: StoredFollowupRule[];
}

type ListColumns = Pick<ParticipantGroupRow, keyof GroupLists>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isPeriod(value: unknown): value is RandomizePeriod {
  return isRecord(value) && typeof value.start_time === 'string' && typeof value.end_time === 'string';
}

/** A setting as stored: one stored before zone rules existed (issue 34 part 5) has none. */
type AsStored<T extends { zone_rule: unknown }> = Omit<T, 'zone_rule'> & { zone_rule?: T['zone_rule'] };

function hasZoneRuleOrNone(value: Record<string, unknown>): boolean {
  return value.zone_rule === undefined || isZoneRule(value.zone_rule);
}

/** Read as following the setting's own zone when stored without a rule; the rule stays the last field, as written. */
function withZoneRule<T extends { zone_rule: unknown }>(setting: AsStored<T>): T {
  return { ...setting, zone_rule: setting.zone_rule ?? DEFAULT_ZONE_RULE } as T;
}

function isStoredEma(value: unknown): value is AsStored<StoredEmaSetting> {
  return (
    isRecord(value) &&
    isStringArray(value.questionnaire_list) &&
    typeof value.time_randomize === 'boolean' &&
    isStringArray(value.time_list) &&
    Array.isArray(value.randomize_settings) &&
    value.randomize_settings.every(isPeriod) &&
    typeof value.timezone === 'string' &&
    Number.isInteger(value.number_of_days) &&
    typeof value.day_one_eq_same_day === 'boolean' &&
    Number.isInteger(value.reminder_interval) &&
    Number.isInteger(value.response_in) &&
    hasZoneRuleOrNone(value)
  );
}

function isStoredDiary(value: unknown): value is AsStored<StoredDiarySetting> {
  return (
    isRecord(value) &&
    isStringArray(value.questionnaire_list) &&
    typeof value.fix_start_date === 'boolean' &&
    (value.start_date === null || typeof value.start_date === 'string') &&
    Number.isInteger(value.number_of_days) &&
    typeof value.timezone === 'string' &&
    hasZoneRuleOrNone(value)
  );
}

function documentOf<T>(row: ParticipantGroupRow, column: keyof GroupLists, valid: (item: unknown) => item is T): T[] {
  const value: unknown = JSON.parse(row[column]);
  if (!Array.isArray(value) || !value.every(valid)) {
    throw new Error(`participant group ${row.id}: ${column} is not a valid stored document`);
  }
  return value;
}

export function readGroupLists(row: ParticipantGroupRow): GroupLists {
  return {
    ema_list: documentOf(row, 'ema_list', isStoredEma).map((s) => withZoneRule<StoredEmaSetting>(s)),
    diary_list: documentOf(row, 'diary_list', isStoredDiary).map((s) => withZoneRule<StoredDiarySetting>(s)),
    questionnaire_list: documentOf(row, 'questionnaire_list', (v): v is string => typeof v === 'string'),
    no_submission_limit_list: documentOf(row, 'no_submission_limit_list', (v): v is string => typeof v === 'string'),
    followup_list: documentOf(row, 'followup_list', isStoredFollowup).map(withScoreWhen),
  };
}

export function listColumns(lists: Partial<GroupLists>): Partial<ListColumns> {
  const columns: Partial<ListColumns> = {};
  for (const key of ['ema_list', 'diary_list', 'questionnaire_list', 'no_submission_limit_list', 'followup_list'] as const) {
    const list = lists[key];
    if (list) columns[key] = JSON.stringify(list);
  }
  return columns;
}

/** Every questionnaire the lists name, each list in its order (a setting list: by first appearance). */
export function referencesOf(lists: GroupLists): GroupReference[] {
  const entries: [GroupListName, string[]][] = [
    // A follow-up is an EMA prompt: its questionnaires (and its trigger's) are in use as the EMA list's are.
    ['ema', [...lists.ema_list.flatMap((s) => s.questionnaire_list), ...lists.followup_list.flatMap(idsOfFollowup)]],
    ['diary', lists.diary_list.flatMap((s) => s.questionnaire_list)],
    ['one_time', lists.questionnaire_list],
    ['anytime', lists.no_submission_limit_list],
  ];
  return entries.flatMap(([list_name, ids]) => [...new Set(ids)].map((questionnaire_id, position) => ({ questionnaire_id, list_name, position })));
}

/** The ids of a list as sent, each once, in order; a list or reference of another shape is refused. */
export function idsOf(refs: unknown): string[] {
  return [...new Set(refList(refs))];
}

/** A whole number stays a number; anything else stays as sent, for the rules to name. */
function numeric(value: number | string): number | string {
  const whole = wholeNumber(value);
  return Number.isNaN(whole) ? value : whole;
}

/**
 * The stored form of an EMA setting as sent, every field read with its type (settingFields.ts): the time list
 * it does not use emptied (as toggling randomise does), periods with their two times only. Stored settings
 * pass through unchanged, so comparing the two forms tells whether the user changed anything.
 */
export function emaCandidate(edit: unknown): EmaSettingCandidate {
  const fields = settingFields(edit);
  const timeRandomize = ema.time_randomize(fields.time_randomize);
  const timeList = ema.time_list(fields.time_list);
  const randomizeSettings = ema.randomize_settings(fields.randomize_settings);
  return {
    questionnaire_list: idsOf(fields.questionnaire_list),
    time_randomize: timeRandomize,
    time_list: timeRandomize ? [] : timeList,
    randomize_settings: timeRandomize ? randomizeSettings : [],
    timezone: ema.timezone(fields.timezone),
    number_of_days: numeric(ema.number_of_days(fields.number_of_days)),
    day_one_eq_same_day: ema.day_one_eq_same_day(fields.day_one_eq_same_day),
    reminder_interval: numeric(ema.reminder_interval(fields.reminder_interval)),
    response_in: numeric(ema.response_in(fields.response_in)),
    zone_rule: ema.zone_rule(fields.zone_rule),
  };
}

/** The stored form of a diary setting as sent, every field read with its type: no start date unless it is fixed. */
export function diaryCandidate(edit: unknown): DiarySettingCandidate {
  const fields = settingFields(edit);
  const fixStartDate = diary.fix_start_date(fields.fix_start_date);
  const startDate = diary.start_date(fields.start_date);
  return {
    questionnaire_list: idsOf(fields.questionnaire_list),
    fix_start_date: fixStartDate,
    start_date: fixStartDate ? startDate : null,
    number_of_days: numeric(diary.number_of_days(fields.number_of_days)),
    timezone: diary.timezone(fields.timezone),
    zone_rule: diary.zone_rule(fields.zone_rule),
  };
}

/** A candidate the rules accepted: its numbers are whole. */
export function storedEma(candidate: EmaSettingCandidate): StoredEmaSetting {
  return {
    ...candidate,
    number_of_days: wholeNumber(candidate.number_of_days),
    reminder_interval: wholeNumber(candidate.reminder_interval),
    response_in: wholeNumber(candidate.response_in),
  };
}

export function storedDiary(candidate: DiarySettingCandidate): StoredDiarySetting {
  return { ...candidate, number_of_days: wholeNumber(candidate.number_of_days) };
}

export type ItemsById = ReadonlyMap<string, AssessmentListItem>;

/** Ids as the study's answers carry them: list items, in order (an id with no questionnaire is left out). */
export function itemsOf(ids: readonly string[], items: ItemsById): AssessmentListItem[] {
  return ids.flatMap((id) => {
    const item = items.get(id);
    return item ? [item] : [];
  });
}

export function withItems<T extends { questionnaire_list: string[] }>(setting: T, items: ItemsById): Omit<T, 'questionnaire_list'> & { questionnaire_list: AssessmentListItem[] } {
  return { ...setting, questionnaire_list: itemsOf(setting.questionnaire_list, items) };
}

/** Every id the lists name. */
export function idsInLists(lists: GroupLists): string[] {
  return [
    ...lists.ema_list.flatMap((s) => s.questionnaire_list),
    ...lists.diary_list.flatMap((s) => s.questionnaire_list),
    ...lists.questionnaire_list,
    ...lists.no_submission_limit_list,
    ...lists.followup_list.flatMap(idsOfFollowup),
  ];
}
