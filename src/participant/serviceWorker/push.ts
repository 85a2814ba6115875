// Prompts in the service worker: a push reports `received` (it reached the phone; issue 33's delivery ledger),
// shows its notification and reports `delivered`; a tap opens the task (in
// an open window of the app when there is one) and reports `opened`. The page hands over the session by
// postMessage (serviceWorkerLink/messages.ts), kept in the app's IndexedDB, since the service worker cannot read
// localStorage. A report is an item of the app's one outbox (queue/outbox.ts), stored before it is sent; one that
// could not be sent goes again on the next push, tap, session message (app start), Background Sync or page flush.
import type { TaskEventKind } from '../../shared/types/participantApp';
import { isSessionMessage, type OpenMessage } from '../serviceWorkerLink/messages';
import { OUTBOX_SYNC_TAG, eventsItem, putItem } from '../queue/outbox';
import { keepWorkerSession, readWorkerSession, type QueuedEvents } from '../queue/outboxDb';
import { flushFromWorker } from './outboxSync';
import { isNoticeData, noticeOf, payloadOf } from './pushNotice';
import { isMessageNoticeData, messageNoticeOf, messagePayloadOf } from './messageNotice';
import type { ExtendableEventLike, ServiceWorkerScope } from './scope';

// The events' members this module reads (the WebWorker library's types clash with the DOM's; see scope.ts).
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  postMessage(message: OpenMessage): void;
}
export interface PushScope extends ServiceWorkerScope {
  location: { origin: string };
  clients: ServiceWorkerScope['clients'] & {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/**
 * Stores a report of the signed-in participant, given with their token (none signed in: nothing to report for);
 * answers the stored item, so that a later event of the same moment can join it.
 */
async function recordEvent(studyId: string, taskId: string, kind: TaskEventKind): Promise<QueuedEvents | null> {
  const session = await readWorkerSession();
  if (!session) return null;
  const at = new Date();
  const item = eventsItem({ studyId, participantId: session.participantId, token: session.token, events: [{ taskId, kind, at: at.toISOString() }] }, at);
  await putItem(item);
  return item;
}

/** Adds an event to a stored report (the same item, so the server gets one report of both). */
async function addEvent(item: QueuedEvents, taskId: string, kind: TaskEventKind): Promise<void> {
  await putItem({ ...item, body: { events: [...item.body.events, { taskId, kind, at: new Date().toISOString() }] } });
}

/** Sends what is waiting; when something must still wait, asks the browser to wake this worker when the network returns. */
async function sendOrWait(sw: PushScope): Promise<void> {
  const { waiting } = await flushFromWorker();
  const sync = (sw.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
  if (waiting > 0 && sync) await sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** A research team's message: shown, nothing reported (the app marks it read when the messages screen shows it). */
async function showMessage(sw: PushScope, text: string | null): Promise<boolean> {
  const payload = messagePayloadOf(text);
  if (!payload) return false;
  const session = await readWorkerSession();
  const notice = messageNoticeOf(payload, session?.language ?? 'en');
  await sw.registration.showNotification(notice.title, notice.options);
  return true;
}

/** Focuses an open window of the app at the address, or opens one. */
async function openInApp(sw: PushScope, url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((w) => w.url.startsWith(`${sw.location.origin}/app`));
  if (app) {
    await app.focus();
    app.postMessage({ type: 'open-task', url });
  } else {
    await sw.clients.openWindow(url);
  }
}

async function showPrompt(sw: PushScope, text: string | null): Promise<void> {
  if (await showMessage(sw, text)) return;
  const payload = payloadOf(text);
  if (!payload) return;
  // Kept before the notification is shown, so that a push the phone fails to show still counts as received.
  const report = await recordEvent(payload.studyId, payload.taskId, 'received');
  const session = await readWorkerSession();
  const notice = noticeOf(payload, session?.language ?? 'en');
  await sw.registration.showNotification(notice.title, notice.options);
  if (report) await addEvent(report, payload.taskId, 'delivered');
  await sendOrWait(sw);
}

async function openTask(sw: PushScope, notification: Notification): Promise<void> {
  const data: unknown = notification.data;
  if (isMessageNoticeData(data)) {
    await openInApp(sw, data.url);
    return;
  }
  if (!isNoticeData(data)) return;
  // Focus or open first: the browser allows it only while the tap is fresh.
  await openInApp(sw, data.url);
  await recordEvent(data.studyId, data.taskId, 'opened');
  await sendOrWait(sw);
}

export function installPush(sw: PushScope): void {
  sw.addEventListener('push', (event) => {
    const { data } = event as PushEventLike;
    event.waitUntil(showPrompt(sw, data ? data.text() : null));
  });
  sw.addEventListener('notificationclick', (event) => {
    const { notification } = event as NotificationEventLike;
    notification.close();
    event.waitUntil(openTask(sw, notification));
  });
  sw.addEventListener('message', (event) => {
    const { data } = event as MessageEventLike;
    if (!isSessionMessage(data)) return;
    event.waitUntil(keepWorkerSession(data.session).then(() => sendOrWait(sw)));
  });
}
