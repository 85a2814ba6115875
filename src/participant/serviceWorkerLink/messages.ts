// What the page and the service worker say to each other about prompts. The service worker cannot read the
// page's localStorage, so the page hands it the session (and the language of the notification's text) whenever
// either changes or the app opens; the service worker asks an open window to show a tapped prompt's task.

export interface WorkerSession {
  token: string;
  participantId: string;
  language: string;
}

/** Page → service worker: who is signed in now (null: nobody, after signing out). */
export interface SessionMessage {
  type: 'participant-session';
  session: WorkerSession | null;
}

/** Service worker → page: open this address of the app (a tapped notification). */
export interface OpenMessage {
  type: 'open-task';
  url: string;
}

export function isSessionMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<SessionMessage>;
  if (m.type !== 'participant-session') return false;
  if (m.session === null) return true;
  const s = m.session as Partial<WorkerSession> | undefined;
  return typeof s?.token === 'string' && typeof s.participantId === 'string' && typeof s.language === 'string';
}

export function isOpenMessage(data: unknown): data is OpenMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<OpenMessage>;
  return m.type === 'open-task' && typeof m.url === 'string';
}
