// The page's side of the outbox: send what waits when the app starts, when the network returns, when a
// backoff is over; show what the service worker sent meanwhile.
import { flushQueued, refreshOutbox } from '../state/outboxSlice';
import type { AppStore } from '../state/store';
import { OUTBOX_CHANNEL } from './outbox';

export function startOutbox(store: AppStore): () => void {
  let timer: number | undefined;
  const flush = async (force: boolean) => {
    window.clearTimeout(timer);
    const done = await store.dispatch(flushQueued({ force }));
    if (flushQueued.fulfilled.match(done) && done.payload.nextTryAt !== null && navigator.onLine) {
      timer = window.setTimeout(() => void flush(false), Math.max(1_000, done.payload.nextTryAt - Date.now()));
    }
  };
  const online = () => void flush(true);
  window.addEventListener('online', online);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  if (channel) channel.onmessage = () => void store.dispatch(refreshOutbox());
  void flush(true);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('online', online);
    channel?.close();
  };
}
