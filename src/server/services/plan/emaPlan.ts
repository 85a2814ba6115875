// The EMA part of a plan (PARTICIPANTS.md "The plan"), as pure computation: for each of the setting's days in
// its time zone, the fixed or randomised prompt moments, their response windows and their reminders. Wall-clock
// times are turned into instants by luxon on each calendar day, never by adding 24 hours to an instant.
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

/** The calendar day (in the zone) the setting's day one falls on. */
export function dayOne(setting: Pick<EmaSetting, 'timezone' | 'day_one_eq_same_day'>, arrivalMs: number): DateTime {
  const arrival = DateTime.fromMillis(arrivalMs, { zone: setting.timezone }).startOf('day');
  return setting.day_one_eq_same_day ? arrival : arrival.plus({ days: 1 });
}

/** The instant of a wall-clock minute of a calendar day in a zone (a time skipped by daylight saving moves on). */
function wallClock(day: DateTime, minuteOfDay: number): number {
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 },
    { zone: day.zoneName ?? 'utc' },
  ).toMillis();
}

/** Reminders every interval after the prompt, strictly before the window closes (5 in 15: +5 and +10). */
export function reminderTimes(at: number, reminderInterval: number, responseIn: number): number[] {
  const times: number[] = [];
  for (let k = 1; k * reminderInterval < responseIn; k += 1) times.push(at + k * reminderInterval * MINUTE);
  return times;
}

/**
 * Every prompt of one EMA setting for an arrival. Randomised times are drawn for every day and period in order
 * (also for the ones not planned), so one seed always gives the same draws. Prompts before the arrival on day
 * one are not planned: they have passed.
 */
export function emaPrompts(setting: EmaSetting, arrivalMs: number, random: () => number): PlannedPrompt[] {
  const first = dayOne(setting, arrivalMs);
  const prompts: PlannedPrompt[] = [];
  const fixed = [...new Set(setting.time_list)].sort();
  for (let day = 0; day < setting.number_of_days; day += 1) {
    const date = first.plus({ days: day });
    const moments: number[] = [];
    if (setting.time_randomize) {
      for (const period of setting.randomize_settings) {
        const draw = random();
        const start = wallClock(date, minutesOfDay(period.start_time));
        const end = wallClock(date, minutesOfDay(period.end_time));
        // Whole minutes at which the whole window still fits inside the period.
        const choices = Math.floor((end - start) / MINUTE) - setting.response_in + 1;
        if (choices <= 0) continue;
        moments.push(start + Math.floor(draw * choices) * MINUTE);
      }
    } else {
      for (const time of fixed) moments.push(wallClock(date, minutesOfDay(time)));
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
