// The service worker's side of the outbox: Background Sync (where the browser offers it, an answer or a report
// given without network is sent when the network returns even with the app closed) and the flushes after a push,
// a tap or the page's session message. Items carry the session they were given in; the session the page handed
// over last is used for its participant's items. Open pages are told through a BroadcastChannel, so their task
// lists change from "waiting" to "sent".
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, flushOutbox, tokenFrom, type FlushResult } from '../queue/outbox';
import { readWorkerSession } from '../queue/outboxDb';
import type { ExtendableEventLike, ServiceWorkerScope } from './scope';

interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}

/** Sends all that waits, whatever the backoff says (a push, a tap or a sync is a sign of network). */
export async function flushFromWorker(): Promise<FlushResult> {
  const result = await flushOutbox({ tokenOf: tokenFrom(await readWorkerSession()), force: true });
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.postMessage('changed');
    channel.close();
  }
  return result;
}

async function syncOutbox(): Promise<void> {
  const result = await flushFromWorker();
  // A rejection asks the browser to fire the sync again later (with its own backoff).
  if (result.waiting > 0) throw new Error(`${result.waiting} item(s) of the outbox still waiting`);
}

export function installOutboxSync(sw: ServiceWorkerScope): void {
  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox());
  });
}
