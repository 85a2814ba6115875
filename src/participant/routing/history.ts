// A small router over the History API (react-router would cost about 8 KB of the first-load budget; the app
// has a handful of screens). The location is an external store that components read with useLocation.
import { useSyncExternalStore } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
}

const listeners = new Set<() => void>();
let current: AppLocation = readLocation();

function readLocation(): AppLocation {
  return { pathname: window.location.pathname, search: window.location.search };
}

function changed(): void {
  const next = readLocation();
  if (next.pathname === current.pathname && next.search === current.search) return;
  current = next;
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', changed);

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  changed();
  // A new screen starts at its top, like a page load.
  if (!options.replace) window.scrollTo(0, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLocation(): AppLocation {
  return current;
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, currentLocation);
}
