// The EMA part of a plan (PARTICIPANTS.md "The plan"), as pure computation: for each of the setting's days in
// its time zone, the fixed or randomised prompt moments, their response windows and their reminders. Wall-clock
// times are turned into instants by luxon on each calendar day, never by adding 24 hours to an instant. A time
// the clocks skip that day (02:30 when they go from 02:00 to 03:00) comes at the next minute that exists (03:00).
import { DateTime } from 'luxon';
import type { EmaSetting } from '../../../shared/study/assessmentSettings';
import { minutesOfDay } from '../../../shared/study/assessmentSettings';

export interface PlannedPrompt {
  /** 0-based day of the setting. */
  day: number;
  /** UTC instants, epoch milliseconds. */
  at: number;
  windowClosesAt: number;
  reminders: number[];
}

const MINUTE = 60_000;

/**
 * The calendar day the setting's day one falls on, counted from the arrival in `zone` (the setting's zone unless
 * it follows the participant: then the zone at arrival).
 */
export function dayOne(setting: Pick<EmaSetting, 'timezone' | 'day_one_eq_same_day'>, arrivalMs: number, zone: string = setting.timezone): DateTime {
  const arrival = DateTime.fromMillis(arrivalMs, { zone }).startOf('day');
  return setting.day_one_eq_same_day ? arrival : arrival.plus({ days: 1 });
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day `offset` days after `first`: calendar arithmetic, independent of any zone. */
function dayAfter(first: CalendarDay, offset: number): CalendarDay {
  const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * Everyone arriving on one day gets the same wall-clock instants, so they are remembered (luxon's conversion is
 * the costliest step of a plan).
 */
const instants = new Map<string, number>();
const INSTANT_CACHE_SIZE = 100_000;

/** Whether a local time is at or after a wall-clock minute of a calendar day. */
function atOrAfter(local: DateTime, day: CalendarDay, minuteOfDay: number): boolean {
  const date = local.year * 10_000 + local.month * 100 + local.day;
  const wanted = day.year * 10_000 + day.month * 100 + day.day;
  return date > wanted || (date === wanted && local.hour * 60 + local.minute >= minuteOfDay);
}

/**
 * The instant of a wall-clock minute of a calendar day in a zone. A minute the clocks skip that day comes at the
 * next minute that exists: luxon moves it on by the length of the gap (02:30 to 03:30), so it is walked back to
 * the moment the clocks jumped (03:00). A minute that happens twice (clocks going back) comes once, the first time.
 */
export function wallClock(zone: string, day: CalendarDay, minuteOfDay: number): number {
  const key = `${zone}|${day.year}-${day.month}-${day.day}|${minuteOfDay}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const local = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 },
    { zone },
  );
  let ms = local.toMillis();
  if (local.hour * 60 + local.minute !== minuteOfDay || local.day !== day.day) {
    while (atOrAfter(DateTime.fromMillis(ms - MINUTE, { zone }), day, minuteOfDay)) ms -= MINUTE;
  }
  if (instants.size >= INSTANT_CACHE_SIZE) instants.clear();
  instants.set(key, ms);
  return ms;
}

/** Reminders every interval after the prompt, strictly before the window closes (5 in 15: +5 and +10). */
export function reminderTimes(at: number, reminderInterval: number, responseIn: number): number[] {
  const times: number[] = [];
  for (let k = 1; k * reminderInterval < responseIn; k += 1) times.push(at + k * reminderInterval * MINUTE);
  return times;
}

/**
 * Every prompt of one EMA setting for an arrival, on the wall clock of the setting's `timezone`, its days counted
 * from the arrival in `dayOneZone`. Randomised times are drawn for every day and period in order (also for the
 * ones not planned), so one seed always gives the same draws, in whichever zone. Prompts before the arrival on
 * day one are not planned: they have passed.
 */
export function emaPrompts(setting: EmaSetting, arrivalMs: number, random: () => number, dayOneZone: string = setting.timezone): PlannedPrompt[] {
  const firstDay = dayOne(setting, arrivalMs, dayOneZone);
  const first = { year: firstDay.year, month: firstDay.month, day: firstDay.day };
  const zone = setting.timezone;
  const prompts: PlannedPrompt[] = [];
  const fixed = [...new Set(setting.time_list)].sort().map(minutesOfDay);
  const periods = setting.randomize_settings.map((p) => [minutesOfDay(p.start_time), minutesOfDay(p.end_time)] as const);
  for (let day = 0; day < setting.number_of_days; day += 1) {
    const date = dayAfter(first, day);
    const moments: number[] = [];
    if (setting.time_randomize) {
      for (const [startMinute, endMinute] of periods) {
        const draw = random();
        const start = wallClock(zone, date, startMinute);
        const end = wallClock(zone, date, endMinute);
        // Whole minutes at which the whole window still fits inside the period.
        const choices = Math.floor((end - start) / MINUTE) - setting.response_in + 1;
        if (choices <= 0) continue;
        moments.push(start + Math.floor(draw * choices) * MINUTE);
      }
    } else {
      // Two times the clocks skip (01:15 and 01:45 in a 01:00-02:00 gap) both come at 02:00: one prompt.
      for (const minute of fixed) {
        const at = wallClock(zone, date, minute);
        if (moments.at(-1) !== at) moments.push(at);
      }
    }
    for (const at of moments) {
      if (at < arrivalMs) continue;
      prompts.push({
        day,
        at,
        windowClosesAt: at + setting.response_in * MINUTE,
        reminders: reminderTimes(at, setting.reminder_interval, setting.response_in),
      });
    }
  }
  return prompts.sort((a, b) => a.at - b.at);
}
