// The pilot's participant-app session, kept for this browser tab only (sessionStorage), so the pilot page opens
// its frame again after a reload. It never goes into an address: the frame receives it by postMessage.
import type { AppSession } from '../../../../shared/types/participantApp';

const key = (pilotId: string) => `pilot-session:${pilotId}`;

export function keepPilotSession(pilotId: string, session: AppSession): void {
  try {
    sessionStorage.setItem(key(pilotId), JSON.stringify(session));
  } catch {
    // Storage refused (private modes): the session lasts as long as the page.
  }
}

export function pilotSessionOf(pilotId: string): AppSession | null {
  try {
    const raw = sessionStorage.getItem(key(pilotId));
    const value = raw ? (JSON.parse(raw) as Partial<AppSession>) : null;
    return value && typeof value.token === 'string' && typeof value.expires === 'string' && value.participant ? (value as AppSession) : null;
  } catch {
    return null;
  }
}
