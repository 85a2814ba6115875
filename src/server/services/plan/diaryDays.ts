// Diary days (PARTICIPANTS.md "Diary"): a diary task runs number_of_days days from its start date in its time
// zone, one answer a day expected; the days left are the days from today to the end that still lack one.
import { DateTime } from 'luxon';

export interface DiaryDays {
  diary_start_date: string;
  number_of_days: number;
  timezone: string;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instantIso: string, timezone: string): string {
  return DateTime.fromISO(instantIso, { zone: 'utc' }).setZone(timezone).toISODate() ?? '';
}

export function diaryEndDate(task: DiaryDays): string {
  return DateTime.fromISO(task.diary_start_date, { zone: task.timezone }).plus({ days: task.number_of_days - 1 }).toISODate() ?? '';
}

/** Days from today (or the start, if later) to the last day, without an answer on that day. */
export function diaryDaysLeft(task: DiaryDays, submittedAt: readonly string[], nowIso: string): number {
  const answered = new Set(submittedAt.map((at) => localDate(at, task.timezone)));
  const today = localDate(nowIso, task.timezone);
  const from = today > task.diary_start_date ? today : task.diary_start_date;
  const end = diaryEndDate(task);
  let left = 0;
  for (let day = DateTime.fromISO(from, { zone: task.timezone }); (day.toISODate() ?? '') <= end; day = day.plus({ days: 1 })) {
    if (!answered.has(day.toISODate() ?? '')) left += 1;
  }
  return left;
}
