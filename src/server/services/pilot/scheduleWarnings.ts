// The warnings of one participant group's EMA and diary settings (issue 20), read from the settings as stored,
// wall-clock times in each setting's own time zone: prompts at night, reminders that cannot fall inside their
// response window, and settings that never fit (docs/decisions.md "Pilot warnings").
import type { DiarySetting, EmaSetting } from '../../../shared/study/assessmentSettings';
import { isHhMm, isIsoDate, minutesOfDay } from '../../../shared/study/assessmentSettings';
import { isNightMinute } from '../../../shared/study/nightHours';
import { pilotWarningTexts as texts } from '../../../shared/messages/pilotWarnings';
import type { PilotWarning, PilotWarningPlace } from '../../../shared/types/pilotWarnings';
import { diaryEndDate, localDate } from '../plan/diaryDays';
import { warningAt } from './warningPlace';

const DAY_MINUTES = 1440;

function hhmm(minute: number): string {
  const m = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

interface Period {
  start: number;
  end: number;
  label: string;
}

function periodsOf(setting: EmaSetting): Period[] {
  return setting.randomize_settings
    .filter((p) => isHhMm(p.start_time) && isHhMm(p.end_time))
    .map((p) => ({ start: minutesOfDay(p.start_time), end: minutesOfDay(p.end_time), label: `${p.start_time}-${p.end_time}` }))
    .sort((a, b) => a.start - b.start);
}

function fixedMinutes(setting: EmaSetting): number[] {
  return [...new Set(setting.time_list.filter(isHhMm).map(minutesOfDay))].sort((a, b) => a - b);
}

/** Fixed prompts: each at night, and each whose window is still open when the next one comes (over midnight too). */
function fixedWarnings(setting: EmaSetting, at: PilotWarningPlace): PilotWarning[] {
  const found: PilotWarning[] = [];
  const zone = setting.timezone;
  const minutes = fixedMinutes(setting);
  for (const minute of minutes) {
    if (isNightMinute(minute)) found.push(warningAt('night_prompt', texts.nightPrompt(hhmm(minute), zone), { ...at, time: hhmm(minute), timezone: zone }));
  }
  minutes.forEach((minute, i) => {
    const last = i === minutes.length - 1;
    // The last prompt of a day is followed by the first of the next day, when there is a next day.
    if (last && setting.number_of_days < 2) return;
    const next = last ? minutes[0] + DAY_MINUTES : minutes[i + 1];
    if (next - minute < setting.response_in) {
      const message = texts.emaPromptsOverlap(hhmm(minute), setting.response_in, hhmm(next));
      found.push(warningAt('never_fits', message, { ...at, time: hhmm(minute), timezone: zone }));
    }
  });
  return found;
}

/**
 * Randomised prompts: a period can draw one at night when the first or the last moment it draws from (its end
 * less the response window, emaPlan.ts) is at night; two periods that overlap can draw prompts whose windows
 * overlap.
 */
function randomisedWarnings(setting: EmaSetting, at: PilotWarningPlace): PilotWarning[] {
  const found: PilotWarning[] = [];
  const zone = setting.timezone;
  const periods = periodsOf(setting);
  for (const p of periods) {
    const latest = Math.max(p.start, p.end - setting.response_in);
    if (isNightMinute(p.start) || isNightMinute(latest)) {
      found.push(warningAt('night_prompt', texts.nightPeriod(p.label, zone), { ...at, time: p.label, timezone: zone }));
    }
  }
  periods.forEach((first, i) => {
    for (const second of periods.slice(i + 1)) {
      if (second.start < first.end) {
        found.push(warningAt('never_fits', texts.emaPeriodsOverlap(first.label, second.label), { ...at, time: first.label, timezone: zone }));
      }
    }
  });
  return found;
}

export function emaWarnings(setting: EmaSetting, at: PilotWarningPlace): PilotWarning[] {
  const found = setting.time_randomize ? randomisedWarnings(setting, at) : fixedWarnings(setting, at);
  if (setting.reminder_interval >= setting.response_in) {
    const message = texts.reminderAfterWindow(setting.reminder_interval, setting.response_in);
    found.push(warningAt('reminder_after_window', message, { ...at, timezone: setting.timezone }));
  }
  return found;
}

/** A diary with fixed days that have all passed by `now` in its time zone: nobody arriving now can answer it. */
export function diaryWarnings(setting: DiarySetting, at: PilotWarningPlace, now: string): PilotWarning[] {
  if (!setting.fix_start_date || !isIsoDate(setting.start_date)) return [];
  const end = diaryEndDate({ diary_start_date: setting.start_date, number_of_days: setting.number_of_days, timezone: setting.timezone });
  if (end >= localDate(now, setting.timezone)) return [];
  return [warningAt('never_fits', texts.diaryPassed(setting.start_date, end), { ...at, timezone: setting.timezone })];
}
