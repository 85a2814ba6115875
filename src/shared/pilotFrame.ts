// The messages between the portal's pilot page and the participant app in its frame (issue 20). The pilot's
// session is handed over by postMessage, so its token is never in an address (none is logged or kept in history);
// the app keeps it in memory only, leaving the phone's own session in localStorage as it is.
import type { AppSession } from './types/participantApp';

/** The frame's name: the app opened under it waits for a pilot session instead of reading the stored one. */
export const PILOT_FRAME_NAME = 'pilot-participant-app';

/** What came due when the clock moved: a prompt or one of its reminders, by questionnaire name. */
export interface PilotDue {
  taskId: string;
  name: string;
  reminder: boolean;
}

export type PortalToFrame =
  | { type: 'pilot-session'; session: AppSession; now: string }
  | { type: 'pilot-clock'; now: string; due: PilotDue[] };

export type FrameToPortal = { type: 'pilot-ready' } | { type: 'pilot-answered' };

function typed(data: unknown): string | null {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string' ? (data as { type: string }).type : null;
}

export function isPortalToFrame(data: unknown): data is PortalToFrame {
  const type = typed(data);
  return type === 'pilot-session' || type === 'pilot-clock';
}

export function isFrameToPortal(data: unknown): data is FrameToPortal {
  const type = typed(data);
  return type === 'pilot-ready' || type === 'pilot-answered';
}

/** The offset of a pilot's clock from this device's, from the pilot's now as the portal last read it. */
export function offsetFrom(now: string, deviceNow: number = Date.now()): number {
  return Date.parse(now) - deviceNow;
}
