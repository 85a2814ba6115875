// What the service worker's modules use of its global scope. The project type-checks with the DOM library
// (the WebWorker library clashes with it in one program), so the scope's few members are named here.
import type { PrecacheEntry } from 'workbox-precaching';

export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface ServiceWorkerScope {
  /** The precache list InjectManifest writes into the built file. */
  __WB_MANIFEST: (PrecacheEntry | string)[];
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: string, listener: (event: ExtendableEventLike) => void): void;
}
