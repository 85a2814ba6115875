// A task's status as read: an EMA task whose response window closed without an answer is `expired` from that
// moment on. Nothing has to run at that moment for this to be true.
import type { EmaTaskStatus } from '../../../shared/types/participant';

export function statusAsRead(task: { status: string; window_closes_at: string | null }, nowIso: string): EmaTaskStatus {
  const status = task.status as EmaTaskStatus;
  const open = status === 'planned' || status === 'delivered' || status === 'opened';
  return open && task.window_closes_at !== null && task.window_closes_at <= nowIso ? 'expired' : status;
}
