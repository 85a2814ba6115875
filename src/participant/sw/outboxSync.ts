// Background Sync of the outbox: where the browser offers it, an answer given without network is sent when the
// network returns even if the app is closed. The items carry the session they were given in. Open pages are
// told through a BroadcastChannel, so their task lists change from "waiting" to "sent".
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, flushOutbox } from '../queue/outbox';
import type { ExtendableEventLike, ServiceWorkerScope } from './scope';

interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}

async function syncOutbox(): Promise<void> {
  const result = await flushOutbox({ tokenOf: (item) => item.token, force: true });
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
  // A rejection asks the browser to fire the sync again later (with its own backoff).
  if (result.waiting > 0) throw new Error(`${result.waiting} item(s) of the outbox still waiting`);
}

export function installOutboxSync(sw: ServiceWorkerScope): void {
  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox());
  });
}
