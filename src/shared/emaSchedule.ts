// The EMA Schedule's states of a notification, worked out from what the server stores (the task's status as
// read, and the answer to it): one definition for the portal's schedule and its tests.
import type { EmaTask } from './types/participant';

export const EMA_PROMPT_STATES = ['planned', 'delivered', 'opened', 'answered', 'late', 'missed', 'cancelled'] as const;
export type EmaPromptState = (typeof EMA_PROMPT_STATES)[number];

export const emaPromptStateLabels: Record<EmaPromptState, string> = {
  planned: 'Planned',
  delivered: 'Delivered',
  opened: 'Opened',
  answered: 'Answered',
  late: 'Answered late',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

/**
 * An answer decides first (a late one is stored but is not "answered"); then the task's status: expired (the
 * window closed unanswered) is missed; completed without an answer of its own is a reminder whose prompt was
 * answered elsewhere, read as answered.
 */
export function emaPromptState(task: Pick<EmaTask, 'status' | 'answered_at' | 'answered_late'>): EmaPromptState {
  if (task.answered_at !== null) return task.answered_late ? 'late' : 'answered';
  switch (task.status) {
    case 'expired':
      return 'missed';
    case 'completed':
      return 'answered';
    default:
      return task.status;
  }
}
