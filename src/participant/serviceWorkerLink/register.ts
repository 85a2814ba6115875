// Registers the app's service worker (serviceWorker/sw.ts, built to /app/sw.js) once the page has loaded, so that
// it does not compete with the first load. Its scope is /app/: the portal is not touched.
import { Workbox } from 'workbox-window';

export const SERVICE_WORKER_URL = '/app/sw.js';
export const SERVICE_WORKER_SCOPE = '/app/';

export function registerServiceWorker(): Workbox | null {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return null;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  void workbox.register();
  return workbox;
}
