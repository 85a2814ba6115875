// Reporting `delivered` and `opened` (POST /api/app/studies/{studyId}/events) from the service worker. A report
// is stored first and sent after, so one made offline is kept and sent on the next push, background sync or
// app start. The server keeps the first report of each task and kind, so sending one twice does no harm.
import { EVENTS_PER_REPORT_MAX } from '../../shared/limits';
import type { TaskEvent } from '../../shared/types/participantApp';
import { addPendingEvent, pendingEvents, readWorkerSession, removePendingEvents, type PendingEvent } from './pushStore';

/** The background sync tag under which the browser retries the reports when the network returns. */
export const EVENTS_SYNC_TAG = 'prompt-events';

/** A report older than this is dropped unsent: its participant has not signed in on this phone since. */
const KEEP_MS = 14 * 24 * 3_600_000;

/** Whether to keep a report the server answered with this status (null: no answer, the network failed). */
function worthRetrying(status: number | null): boolean {
  // A refusal (a task no longer this participant's, a malformed report) answers the same every time; a 401
  // waits for the page to hand over the new session's token.
  return status === null || status === 401 || status === 408 || status === 429 || status >= 500;
}

async function report(token: string, studyId: string, events: TaskEvent[]): Promise<number | null> {
  try {
    const response = await fetch(`/api/app/studies/${encodeURIComponent(studyId)}/events`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ events }),
    });
    return response.status;
  } catch {
    return null;
  }
}

/** Sends the signed-in participant's stored reports; answers whether any is still waiting for the network. */
export async function sendPendingEvents(now = Date.now()): Promise<boolean> {
  const session = await readWorkerSession();
  const stored = await pendingEvents();
  const stale = stored.filter((s) => now - Date.parse(s.event.at) > KEEP_MS).map((s) => s.key);
  await removePendingEvents(stale);
  if (!session) return false;
  const byStudy = new Map<string, { key: number; event: PendingEvent }[]>();
  for (const s of stored) {
    if (stale.includes(s.key) || s.event.participantId !== session.participantId) continue;
    byStudy.set(s.event.studyId, [...(byStudy.get(s.event.studyId) ?? []), s]);
  }
  let waiting = false;
  for (const [studyId, items] of byStudy) {
    for (let i = 0; i < items.length; i += EVENTS_PER_REPORT_MAX) {
      const batch = items.slice(i, i + EVENTS_PER_REPORT_MAX);
      const status = await report(session.token, studyId, batch.map(({ event }) => ({ taskId: event.taskId, kind: event.kind, at: event.at })));
      if (status !== null && status < 300) await removePendingEvents(batch.map((b) => b.key));
      else if (worthRetrying(status)) waiting = true;
      else await removePendingEvents(batch.map((b) => b.key));
    }
  }
  return waiting;
}

/** Stores a report of the signed-in participant (none signed in: nothing to report for). */
export async function recordEvent(studyId: string, taskId: string, kind: PendingEvent['kind'], at: Date): Promise<void> {
  const session = await readWorkerSession();
  if (!session) return;
  await addPendingEvent({ participantId: session.participantId, studyId, taskId, kind, at: at.toISOString() });
}
