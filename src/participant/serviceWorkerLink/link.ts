// Keeps the service worker told who is signed in (its token for the delivered/opened reports) and in which
// language its notifications speak, at the app's start and whenever either changes; and opens the task a tapped
// notification names when the service worker asks this window to.
import type { i18n } from 'i18next';
import type { AppStore } from '../state/store';
import { navigate } from '../routing/history';
import { APP_BASE } from '../routing/paths';
import { isOpenMessage, type SessionMessage, type WorkerSession } from './messages';

function workerSession(store: AppStore, language: string): WorkerSession | null {
  const session = store.getState().session.session;
  return session ? { token: session.token, participantId: session.participant._id, language } : null;
}

export function linkServiceWorker(store: AppStore, texts: i18n): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const tell = () => {
    const message: SessionMessage = { type: 'participant-session', session: workerSession(store, texts.language) };
    void container.ready.then((registration) => registration.active?.postMessage(message));
  };
  tell();
  let token = store.getState().session.session?.token;
  store.subscribe(() => {
    const now = store.getState().session.session?.token;
    if (now === token) return;
    token = now;
    tell();
  });
  texts.on('languageChanged', tell);
  // A new service worker (an update) starts with what the old one stored, but is told again all the same.
  container.addEventListener('controllerchange', tell);
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isOpenMessage(event.data) && event.data.url.startsWith(`${APP_BASE}/`)) navigate(event.data.url);
  });
}
