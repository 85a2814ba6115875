// Asks the service worker to send the outbox when the network returns, even with the app closed (Background
// Sync, where the browser has it; elsewhere the app sends on its next start or `online` event).
import { OUTBOX_SYNC_TAG } from '../queue/outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}
