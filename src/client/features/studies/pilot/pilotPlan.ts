// Reading a pilot's plan (issue 20): what came due between two moments of its clock, and how each row reads.
import type { PilotDue } from '../../../../shared/pilotFrame';
import type { PilotTask } from '../../../../shared/types/pilot';

/**
 * The prompts and reminders whose moment fell after `from` and by `to` and that are still open at `to`: what
 * the phone would have announced (one whose window also passed meanwhile is not announced: it expired).
 */
export function dueBetween(plan: readonly PilotTask[], from: string, to: string): PilotDue[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  return plan
    .filter((task) => {
      if (task.kind !== 'ema' || !task.notification_datetime) return false;
      const at = Date.parse(task.notification_datetime);
      const closes = task.window_closes_at ? Date.parse(task.window_closes_at) : Infinity;
      return at > start && at <= end && closes > end && task.status === 'planned';
    })
    .map((task) => ({ taskId: task._id, name: task.questionnaire.chin_name, reminder: task.prompt_id !== null }));
}

/** The plan in the order it happens: prompts and reminders by moment, then diaries by start, then the rest. */
export function planInOrder(plan: readonly PilotTask[]): PilotTask[] {
  const when = (task: PilotTask) => task.notification_datetime ?? task.diary_start_date ?? null;
  return [...plan].sort((a, b) => {
    const [x, y] = [when(a), when(b)];
    if (x === y) return 0;
    if (x === null || y === null) return x === null ? 1 : -1;
    return x < y ? -1 : 1;
  });
}
