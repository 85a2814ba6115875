// EMA and diary assessment settings of a participant group (part 2 sections 3, 5 and 9): their shapes, their
// defaults and their rules, checked in the specification's order by the editor's modals and again by the server.
import {
  MAX_MINUTES,
  MAX_NUMBER_OF_DAYS,
  MAX_TIMES_PER_DAY,
  MIN_REMINDER_INTERVAL_MINUTES,
  MIN_RESPONSE_IN_MINUTES,
} from '../limits';
import { assessmentMessages } from '../messages/assessment';

export { MAX_MINUTES, MAX_NUMBER_OF_DAYS, MAX_TIMES_PER_DAY, MIN_REMINDER_INTERVAL_MINUTES, MIN_RESPONSE_IN_MINUTES };

/** A questionnaire as the study's lists carry it (part 2 section 3, "Assessment list item"). */
export interface AssessmentListItem {
  _id: string;
  chin_name: string;
  abbrev: string;
}

/**
 * Whose clock a setting's schedule follows (issue 34 part 5): the setting's own zone; the zone the phone reported
 * at arrival; or that zone at arrival and then each new zone the phone reports, for the days not yet begun.
 */
export const ZONE_RULES = ['setting', 'participant', 'follow_phone'] as const;
export type ZoneRule = (typeof ZONE_RULES)[number];
/** A setting stored before zone rules existed follows its own zone. */
export const DEFAULT_ZONE_RULE: ZoneRule = 'setting';

/** The study editor's "Schedule follows" choices. */
export const ZONE_RULE_LABEL = 'Schedule follows';
export const ZONE_RULE_LABELS: Record<ZoneRule, string> = {
  setting: "The setting's time zone",
  participant: "The participant's time zone at arrival",
  follow_phone: 'Follow the phone',
};

export function isZoneRule(value: unknown): value is ZoneRule {
  return ZONE_RULES.some((rule) => rule === value);
}

export interface RandomizePeriod {
  start_time: string;
  end_time: string;
}

export interface EmaSetting {
  questionnaire_list: AssessmentListItem[];
  time_randomize: boolean;
  /** Fixed prompt times, HH:mm, used when time_randomize is false. */
  time_list: string[];
  /** Periods in which one prompt each is drawn, used when time_randomize is true. */
  randomize_settings: RandomizePeriod[];
  /** IANA time zone name, one of the deployment's offered zones. */
  timezone: string;
  zone_rule: ZoneRule;
  number_of_days: number;
  day_one_eq_same_day: boolean;
  /** Minutes between reminders. */
  reminder_interval: number;
  /** Minutes the participant has to answer after a prompt. */
  response_in: number;
}

export interface DiarySetting {
  questionnaire_list: AssessmentListItem[];
  fix_start_date: boolean;
  /** YYYY-MM-DD when fix_start_date, else null. */
  start_date: string | null;
  number_of_days: number;
  timezone: string;
  zone_rule: ZoneRule;
}

/**
 * What a modal holds while the user types: the numeric fields may still be text (the rules report "must be a
 * number"). The server checks the same drafts, so a body with a string or a fraction is refused with a message.
 */
export type EmaSettingDraft = Omit<EmaSetting, 'number_of_days' | 'reminder_interval' | 'response_in'> & {
  number_of_days: number | string;
  reminder_interval: number | string;
  response_in: number | string;
};

export type DiarySettingDraft = Omit<DiarySetting, 'number_of_days'> & { number_of_days: number | string };

export const DEFAULT_TIMEZONE = 'Asia/Hong_Kong';
export const DEFAULT_FIXED_TIME = '09:00';
export const DEFAULT_RANDOMIZE_PERIOD: RandomizePeriod = { start_time: '09:00', end_time: '21:00' };

/** A new EMA setting, with the defaults of part 2 section 9. */
export function newEmaSetting(timezone: string = DEFAULT_TIMEZONE): EmaSetting {
  return {
    questionnaire_list: [],
    time_randomize: false,
    time_list: [],
    randomize_settings: [],
    timezone,
    zone_rule: DEFAULT_ZONE_RULE,
    number_of_days: 1,
    day_one_eq_same_day: true,
    reminder_interval: 5,
    response_in: 15,
  };
}

export function newDiarySetting(timezone: string = DEFAULT_TIMEZONE): DiarySetting {
  return { questionnaire_list: [], fix_start_date: false, start_date: null, number_of_days: 1, timezone, zone_rule: DEFAULT_ZONE_RULE };
}

/** Toggling randomise clears both time lists (part 2 section 5). */
export function withRandomize<T extends EmaSettingDraft>(setting: T, time_randomize: boolean): T {
  return { ...setting, time_randomize, time_list: [], randomize_settings: [] };
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YYYY_MM_DD = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = YYYY_MM_DD.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isHhMm(value: unknown): value is string {
  return typeof value === 'string' && HH_MM.test(value);
}

export function minutesOfDay(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** A whole number written as a number or as digits; anything else (blank, fraction, text) is NaN. */
export function wholeNumber(value: number | string): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

function anyNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

function ids(list: readonly AssessmentListItem[]): string[] {
  return list.map((q) => q._id);
}

/**
 * The nine EMA rules of part 2 section 5 in their order; the first broken one's message, or null.
 * `others` are the group's other EMA settings (rule 1). `offeredTimezones` adds the server's own shape checks,
 * which the modal cannot break (its pickers only offer valid values) but a hand-made request can.
 */
export function emaSettingProblem(
  setting: EmaSettingDraft,
  others: readonly EmaSettingDraft[],
  offeredTimezones?: readonly string[],
): string | null {
  const taken = new Set(others.flatMap((o) => ids(o.questionnaire_list)));
  if (ids(setting.questionnaire_list).some((id) => taken.has(id))) return assessmentMessages.emaQuestionnaireTaken;
  const days = anyNumber(setting.number_of_days);
  if (!(days > 0)) return assessmentMessages.daysLargerThanZero;
  const reminder = anyNumber(setting.reminder_interval);
  if (Number.isNaN(reminder)) {
    return typeof setting.reminder_interval === 'string' && setting.reminder_interval.trim() === ''
      ? assessmentMessages.reminderTooSmall
      : assessmentMessages.reminderNotNumber;
  }
  if (reminder < MIN_REMINDER_INTERVAL_MINUTES) return assessmentMessages.reminderTooSmall;
  if (!setting.time_randomize && setting.time_list.length === 0) return assessmentMessages.needAssessmentTime;
  if (setting.time_randomize && setting.randomize_settings.length === 0) return assessmentMessages.needPeriod;
  if (setting.time_randomize) {
    for (const p of setting.randomize_settings) {
      if (isHhMm(p.start_time) && isHhMm(p.end_time) && minutesOfDay(p.start_time) >= minutesOfDay(p.end_time)) {
        return assessmentMessages.periodStartBeforeEnd;
      }
    }
  }
  const responseIn = anyNumber(setting.response_in);
  if (Number.isNaN(responseIn)) {
    return typeof setting.response_in === 'string' && setting.response_in.trim() === ''
      ? assessmentMessages.responseInTooSmall
      : assessmentMessages.responseInNotNumber;
  }
  if (responseIn < MIN_RESPONSE_IN_MINUTES) return assessmentMessages.responseInTooSmall;
  if (reminder >= responseIn) return assessmentMessages.reminderNotBelowResponseIn;
  if (setting.time_randomize) {
    for (const p of setting.randomize_settings) {
      if (isHhMm(p.start_time) && isHhMm(p.end_time) && minutesOfDay(p.end_time) - minutesOfDay(p.start_time) <= responseIn) {
        return assessmentMessages.periodShorterThanResponseIn;
      }
    }
  }
  return emaShapeProblem(setting, offeredTimezones);
}

/** Checks beyond the nine: whole numbers, HH:mm times, bounds and an offered time zone. */
function emaShapeProblem(setting: EmaSettingDraft, offeredTimezones?: readonly string[]): string | null {
  const days = wholeNumber(setting.number_of_days);
  if (Number.isNaN(days) || days > MAX_NUMBER_OF_DAYS) return assessmentMessages.daysWholeNumber;
  const reminder = wholeNumber(setting.reminder_interval);
  const responseIn = wholeNumber(setting.response_in);
  if (Number.isNaN(reminder) || Number.isNaN(responseIn) || reminder > MAX_MINUTES || responseIn > MAX_MINUTES) {
    return assessmentMessages.minutesWholeNumber;
  }
  const times = setting.time_randomize
    ? setting.randomize_settings.flatMap((p) => [p.start_time, p.end_time])
    : setting.time_list;
  if (!times.every(isHhMm)) return assessmentMessages.timeFormat;
  const count = setting.time_randomize ? setting.randomize_settings.length : setting.time_list.length;
  if (count > MAX_TIMES_PER_DAY) return assessmentMessages.tooManyTimes;
  if (offeredTimezones && !offeredTimezones.includes(setting.timezone)) return assessmentMessages.timezoneNotOffered;
  if (!isZoneRule(setting.zone_rule)) return assessmentMessages.zoneRuleUnknown;
  return null;
}

/** The diary rules of part 2 section 5 in their order, then the server's shape checks. */
export function diarySettingProblem(
  setting: DiarySettingDraft,
  others: readonly DiarySettingDraft[],
  offeredTimezones?: readonly string[],
): string | null {
  const taken = new Set(others.flatMap((o) => ids(o.questionnaire_list)));
  if (ids(setting.questionnaire_list).some((id) => taken.has(id))) return assessmentMessages.diaryQuestionnaireTaken;
  const days = anyNumber(setting.number_of_days);
  if (!(days > 0)) return assessmentMessages.daysLargerThanZero;
  if (setting.fix_start_date && !setting.start_date) return assessmentMessages.startDateRequired;
  const whole = wholeNumber(setting.number_of_days);
  if (Number.isNaN(whole) || whole > MAX_NUMBER_OF_DAYS) return assessmentMessages.daysWholeNumber;
  if (setting.fix_start_date && !isIsoDate(setting.start_date)) return assessmentMessages.dateFormat;
  if (offeredTimezones && !offeredTimezones.includes(setting.timezone)) return assessmentMessages.timezoneNotOffered;
  if (!isZoneRule(setting.zone_rule)) return assessmentMessages.zoneRuleUnknown;
  return null;
}

/** Checks every setting of a group, each against the group's others; the first problem found, or null. */
export function groupSettingsProblem(
  ema: readonly EmaSettingDraft[],
  diary: readonly DiarySettingDraft[],
  offeredTimezones?: readonly string[],
): string | null {
  for (let i = 0; i < ema.length; i += 1) {
    const problem = emaSettingProblem(ema[i], ema.filter((_, j) => j !== i), offeredTimezones);
    if (problem) return problem;
  }
  for (let i = 0; i < diary.length; i += 1) {
    const problem = diarySettingProblem(diary[i], diary.filter((_, j) => j !== i), offeredTimezones);
    if (problem) return problem;
  }
  return null;
}
