// The browser's own install prompt (Chromium's beforeinstallprompt, on Android and desktop): kept when the browser
// offers it, so that the app can show an install button where prompts need the app installed or unsupported.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(event: InstallPromptEvent | null): void {
  offered = event;
  for (const listener of listeners) listener();
}

/** Listens from the app's start: the browser fires the event once, early. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // The app shows its own button in the prompts panel instead of the browser's mini bar.
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => changed(null));
}

/** Shows the browser's install prompt; it can be shown once. */
export async function install(): Promise<void> {
  const event = offered;
  if (!event) return;
  changed(null);
  await event.prompt();
}

/** Whether the browser offers to install the app now. */
export function useInstallOffered(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered !== null,
  );
}
