// What to show on a study's task list, from the server's tasks and the moment now: EMA prompts open now (with
// the minutes left in their window), today's diaries, one-time and anytime questionnaires, the prompts later
// today, and today's done and missed prompts. Days are the task's own time zone's days.
import type { AppDiaryTask, AppEmaTask, AppOpenTask, AppTasksAnswer } from '../../shared/types/participantApp';

export interface OpenPrompt {
  task: AppEmaTask;
  minutesLeft: number;
}

export interface TaskGroups {
  openNow: OpenPrompt[];
  diaryToday: AppDiaryTask[];
  once: AppOpenTask[];
  anytime: AppOpenTask[];
  laterToday: AppEmaTask[];
  /** Today's prompts that were answered (`completed`) or whose window closed unanswered. */
  doneToday: { task: AppEmaTask; outcome: 'done' | 'missed' }[];
}

const OPEN_STATUSES = new Set(['planned', 'delivered', 'opened']);

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function groupTasks(tasks: AppTasksAnswer, now: Date): TaskGroups {
  const groups: TaskGroups = { openNow: [], diaryToday: [], once: [], anytime: [], laterToday: [], doneToday: [] };
  const at = now.getTime();
  // A reminder repeats its prompt's notification: the list shows the prompt once.
  const prompts = tasks.ema.filter((task) => !task.reminder).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime));
  for (const task of prompts) {
    const starts = Date.parse(task.notification_datetime);
    const closes = Date.parse(task.window_closes_at);
    const today = dayIn(now, task.timezone);
    const isToday = dayIn(new Date(starts), task.timezone) === today;
    if (task.status === 'cancelled') continue;
    if (task.status === 'completed') {
      if (isToday) groups.doneToday.push({ task, outcome: 'done' });
    } else if (OPEN_STATUSES.has(task.status) && starts <= at && at < closes) {
      groups.openNow.push({ task, minutesLeft: Math.max(1, Math.ceil((closes - at) / 60_000)) });
    } else if (OPEN_STATUSES.has(task.status) && starts > at) {
      if (isToday) groups.laterToday.push(task);
    } else if (isToday) {
      groups.doneToday.push({ task, outcome: 'missed' });
    }
  }
  for (const task of tasks.diary) {
    const today = dayIn(now, task.timezone);
    const last = addDays(task.diary_task_start_date, task.number_of_days_required - 1);
    if (task.diary_task_start_date <= today && today <= last && task.days_left > 0) groups.diaryToday.push(task);
  }
  groups.once = tasks.once.filter((task) => task.status !== 'cancelled');
  groups.anytime = tasks.anytime.filter((task) => task.status !== 'cancelled');
  return groups;
}

/** A moment as a time of day in the task's zone, with the zone's name (e.g. "2:30 PM HKT"). */
export function timeIn(moment: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(moment));
}
