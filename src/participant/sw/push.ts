// Prompts in the service worker: a push shows its notification and reports `delivered`; a tap opens the task (in
// an open window of the app when there is one) and reports `opened`. The page hands over the session by
// postMessage (push/workerMessages.ts), kept in IndexedDB, since the service worker cannot read localStorage;
// reports that could not be sent go again on the next push, background sync or session message (app start).
import { isSessionMessage, type OpenMessage } from '../push/workerMessages';
import { EVENTS_SYNC_TAG, recordEvent, sendPendingEvents } from './pushEvents';
import { isNoticeData, noticeOf, payloadOf } from './pushNotice';
import { keepWorkerSession, readWorkerSession } from './pushStore';
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
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
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

/** Sends what is waiting; when the network is still away, asks the browser to wake this worker when it returns. */
async function sendOrWait(sw: PushScope): Promise<void> {
  const waiting = await sendPendingEvents();
  const sync = (sw.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
  if (waiting && sync) await sync.register(EVENTS_SYNC_TAG).catch(() => undefined);
}

async function showPrompt(sw: PushScope, text: string | null): Promise<void> {
  const payload = payloadOf(text);
  if (!payload) return;
  const session = await readWorkerSession();
  const notice = noticeOf(payload, session?.language ?? 'en');
  await sw.registration.showNotification(notice.title, notice.options);
  await recordEvent(payload.studyId, payload.taskId, 'delivered', new Date());
  await sendOrWait(sw);
}

async function openTask(sw: PushScope, notification: Notification): Promise<void> {
  const data: unknown = notification.data;
  if (!isNoticeData(data)) return;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((w) => w.url.startsWith(`${sw.location.origin}/app`));
  // Focus or open first: the browser allows it only while the tap is fresh.
  if (app) {
    await app.focus();
    app.postMessage({ type: 'open-task', url: data.url });
  } else {
    await sw.clients.openWindow(data.url);
  }
  await recordEvent(data.studyId, data.taskId, 'opened', new Date());
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
  sw.addEventListener('sync', (event) => {
    if ((event as SyncEventLike).tag !== EVENTS_SYNC_TAG) return;
    // Rejecting tells the browser to try this sync again later.
    event.waitUntil(
      sendPendingEvents().then((waiting) => {
        if (waiting) throw new Error('The prompt reports are still waiting for the network');
      }),
    );
  });
}
