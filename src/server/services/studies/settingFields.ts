// The one reader of the fields of an EMA or diary setting, and of a questionnaire reference, as Save Changes
// sends them: each field has its reader, and a value of another type is refused with its field's message.
// The body schema cannot vouch for these types. With coerceTypes 'array', Ajv validates a one-item list
// against a scalar branch of an anyOf without unwrapping it ([""] passed as a number-or-text field and reached
// the rules as a list: a 500), and it turns true into 1 and null into 0 or false. So the fields are read
// twice with the same readers: as sent, before the schema coerces them (readSettingsOf), and when the service
// builds the setting it checks and stores (groupLists.ts).
import { DEFAULT_ZONE_RULE, isZoneRule, type RandomizePeriod, type ZoneRule } from '../../../shared/study/assessmentSettings';
import { assessmentMessages, generalMessages } from '../../../shared/messages';
import { badRequest } from '../../httpErrors';
import { readFollowupsAsSent } from './followupLists';

export type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The setting itself: an object of fields. */
export function settingFields(value: unknown): Fields {
  if (!isRecord(value)) throw badRequest(generalMessages.invalidRequest);
  return value;
}

function flag(value: unknown): boolean {
  if (typeof value !== 'boolean') throw badRequest(generalMessages.invalidRequest);
  return value;
}

function text(value: unknown, problem: string): string {
  if (typeof value !== 'string') throw badRequest(problem);
  return value;
}

/** A number as a modal holds it: a number, or text for the rules to judge; nothing else. */
function typedNumber(value: unknown, problem: string): number | string {
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw badRequest(problem);
}

function times(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.timeFormat);
  return value.map((time) => text(time, assessmentMessages.timeFormat));
}

function periods(value: unknown): RandomizePeriod[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.timeFormat);
  return value.map((period) => {
    if (!isRecord(period)) throw badRequest(assessmentMessages.timeFormat);
    return { start_time: text(period.start_time, assessmentMessages.timeFormat), end_time: text(period.end_time, assessmentMessages.timeFormat) };
  });
}

/** A questionnaire as a list names it: its id, or a list item with its id. */
function refId(ref: unknown): string {
  const id = isRecord(ref) ? ref._id : ref;
  if (typeof id !== 'string' || id === '') throw badRequest(assessmentMessages.questionnaireNotFound);
  return id;
}

export function refList(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.questionnaireNotFound);
  return value.map(refId);
}

const timezone = (value: unknown) => text(value, assessmentMessages.timezoneNotOffered);
const days = (value: unknown) => typedNumber(value, assessmentMessages.daysWholeNumber);

/** A setting sent without a zone rule follows its own zone, as every setting did before the rule existed. */
function zoneRule(value: unknown): ZoneRule {
  if (value === undefined) return DEFAULT_ZONE_RULE;
  if (!isZoneRule(value)) throw badRequest(assessmentMessages.zoneRuleUnknown);
  return value;
}

/** Each field of an EMA setting with its reader. */
export const emaFieldReaders = {
  questionnaire_list: refList,
  time_randomize: flag,
  time_list: times,
  randomize_settings: periods,
  timezone,
  number_of_days: days,
  day_one_eq_same_day: flag,
  reminder_interval: (value: unknown) => typedNumber(value, assessmentMessages.reminderNotNumber),
  response_in: (value: unknown) => typedNumber(value, assessmentMessages.responseInNotNumber),
  zone_rule: zoneRule,
} as const;

/** Each field of a diary setting with its reader. */
export const diaryFieldReaders = {
  questionnaire_list: refList,
  fix_start_date: flag,
  start_date: (value: unknown): string | null => (value === null ? null : text(value, assessmentMessages.dateFormat)),
  number_of_days: days,
  timezone,
  zone_rule: zoneRule,
} as const;

type Readers = Readonly<Record<string, (value: unknown) => unknown>>;

/** Reads the fields a value has; a missing one is left to the schema, which names it. */
function readPresent(value: unknown, readers: Readers): void {
  if (!isRecord(value)) return;
  for (const [name, read] of Object.entries(readers)) if (value[name] !== undefined) read(value[name]);
}

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, name: string): unknown => (isRecord(value) ? value[name] : undefined);

/**
 * Every setting and questionnaire list of a Save Changes body, read as sent (a preValidation hook, before the
 * schema coerces). Parts of another shape around them are left to the schema, which refuses them.
 */
export function readSettingsOf(body: unknown): void {
  for (const stage of listOf(field(body, 'stage_list'))) {
    for (const group of listOf(field(stage, 'participant_group_list'))) {
      for (const setting of listOf(field(group, 'ema_list'))) readPresent(setting, emaFieldReaders);
      for (const setting of listOf(field(group, 'diary_list'))) readPresent(setting, diaryFieldReaders);
      readPresent(group, { questionnaire_list: refList, no_submission_limit_list: refList });
      readFollowupsAsSent(field(group, 'followup_list'));
    }
  }
}
