// The participant's session is kept in this phone's localStorage, so the app opens signed in (and offline).
import type { AppAccount } from '../../shared/types/participantApp';

const KEY = 'participant-session';

export interface StoredSession {
  token: string;
  expires: string;
  participant: AppAccount;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<StoredSession>;
  return typeof s.token === 'string' && typeof s.expires === 'string' && typeof s.participant?.email === 'string';
}

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isStoredSession(value) && Date.parse(value.expires) > Date.now() ? value : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // Private modes may refuse storage: the session then lasts as long as the page.
  }
}
