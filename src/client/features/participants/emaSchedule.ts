// The EMA Schedule dialog's rows (part 2 section 2.5): only notifications still to come, one row per
// notification moment, time zone and reminder flag, listing the questionnaires prompted together. Times show
// in the zone the prompt was planned in, so the researcher reads what the participant's phone shows.
import type { EmaTask } from '../../../shared/types/participant';
import { dateTimeText } from './dateTime';

export interface ScheduleRow {
  key: string;
  /** YYYY-MM-DD hh:mm A in the task's zone. */
  time: string;
  timezone: string;
  reminder: boolean;
  /** Questionnaire codes, in the order the tasks came. */
  questionnaires: string[];
}

/** Groups the tasks still to come at `now`, soonest first. */
export function scheduleRows(tasks: readonly EmaTask[], now: Date): ScheduleRow[] {
  const rows = new Map<string, ScheduleRow & { at: number }>();
  for (const task of tasks) {
    const at = Date.parse(task.notification_datetime);
    if (!(at > now.getTime())) continue;
    const key = `${at}|${task.timezone}|${task.reminder ? 1 : 0}`;
    const row = rows.get(key);
    if (row) {
      if (!row.questionnaires.includes(task.questionnaire.abbrev)) row.questionnaires.push(task.questionnaire.abbrev);
    } else {
      rows.set(key, {
        key,
        at,
        time: dateTimeText(task.notification_datetime, task.timezone),
        timezone: task.timezone,
        reminder: task.reminder,
        questionnaires: [task.questionnaire.abbrev],
      });
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.at - b.at || Number(a.reminder) - Number(b.reminder) || a.timezone.localeCompare(b.timezone))
    .map(({ at: _at, ...row }) => row);
}
