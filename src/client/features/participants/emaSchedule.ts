// The EMA Schedule dialog's rows (part 2 section 2.5, widened by issue 18): every notification of the stored
// plan, past ones too, one row per notification moment, time zone and reminder flag, listing the questionnaires
// prompted together, each with its state and the moments known of it.
import { DateTime } from 'luxon';
import { emaPromptState, type EmaPromptState } from '../../../shared/emaSchedule';
import type { EmaTask } from '../../../shared/types/participant';

export interface ScheduledQuestionnaire {
  taskId: string;
  abbrev: string;
  state: EmaPromptState;
  /** How it went out (the delivery ledger), and the phone's moments and the answer's, ISO-8601 UTC, null until known. */
  delivery: EmaTask['delivery'];
  delivered_at: string | null;
  opened_at: string | null;
  answered_at: string | null;
  /** A follow-up prompt an answer planned (issue 34 part 1). */
  followup: boolean;
}

export interface ScheduleRow {
  key: string;
  /** The notification moment (ISO-8601 UTC) and its milliseconds. */
  notifiedAt: string;
  at: number;
  timezone: string;
  reminder: boolean;
  /** In the order the tasks came. */
  questionnaires: ScheduledQuestionnaire[];
}

/** Groups every task by moment, zone and reminder flag, in time order (prompts before their reminders). */
export function scheduleRows(tasks: readonly EmaTask[]): ScheduleRow[] {
  const rows = new Map<string, ScheduleRow>();
  for (const task of tasks) {
    const at = Date.parse(task.notification_datetime);
    if (Number.isNaN(at)) continue;
    const key = `${at}|${task.timezone}|${task.reminder ? 1 : 0}`;
    const row = rows.get(key) ?? { key, notifiedAt: task.notification_datetime, at, timezone: task.timezone, reminder: task.reminder, questionnaires: [] };
    row.questionnaires.push({
      taskId: task._id,
      abbrev: task.questionnaire.abbrev,
      state: emaPromptState(task),
      delivery: task.delivery,
      delivered_at: task.delivered_at,
      opened_at: task.opened_at,
      answered_at: task.answered_at,
      followup: task.trigger_submission_id !== null,
    });
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.at - b.at || Number(a.reminder) - Number(b.reminder) || a.timezone.localeCompare(b.timezone),
  );
}

/** Where today starts in the list: the first row at or after the start of today in `zone` (rows.length if none). */
export function todayIndex(rows: readonly ScheduleRow[], now: Date, zone: string): number {
  const startOfToday = DateTime.fromJSDate(now, { zone }).startOf('day').toMillis();
  const index = rows.findIndex((row) => row.at >= startOfToday);
  return index === -1 ? rows.length : index;
}

/** Today's date in `zone`, YYYY-MM-DD. */
export function todayText(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? '';
}
