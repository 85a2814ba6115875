// The app shell: the built page, scripts and styles precached (the list Workbox's InjectManifest writes into
// __WB_MANIFEST), and every /app/ address opened as the cached index.html, so the app opens offline.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PrecacheEntry } from 'workbox-precaching';
import type { ServiceWorkerScope } from './scope';

export const SHELL_PAGE = '/app/index.html';

export function installAppShell(sw: ServiceWorkerScope, shell: (PrecacheEntry | string)[]): void {
  precacheAndRoute(shell);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_PAGE), { allowlist: [/^\/app(\/|$)/] }));
  // A new version takes over at once: the shell keeps no state of its own to lose.
  sw.addEventListener('install', () => void sw.skipWaiting());
  sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
}
