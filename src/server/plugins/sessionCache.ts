// Staff and participant sessions remembered between calls, so that most authenticated calls make no session
// query (for participants, not even while the answer writer commits, which makes every kept read forgotten). Only on
// SQLite: there this process makes every change to sessions and accounts through one connection (the answer
// writer thread writes answers only), and that connection counts its writes (db/database.ts). Anything written
// since a session was read forgets every remembered session, so a logout, a changed password, a deleted account
// or a changed role ends or changes the session at the very next call, as when each call read its row. A
// session is also forgotten when it expires and after MAX_AGE_MS, which bounds how long a change made outside
// the server (an operator editing the file) goes unseen. On PostgreSQL several processes may share the
// database, and a write by another would go unseen: there every call reads its session.

/** How long a session read stays usable when nothing is written meanwhile. */
const MAX_AGE_MS = 1000;

/** Enough for every session active within a second; beyond it the oldest are forgotten first. */
const MAX_SESSIONS = 5000;

interface Remembered<T> {
  value: T;
  /** The session is over from then. */
  expiresAtMs: number;
  readAtMs: number;
}

export interface SessionCache<T> {
  /** The session as last read, if it is still live and nothing was written since. */
  get(sessionId: string, nowMs: number): T | undefined;
  /** Taken just before reading a session: remember() keeps the read only if nothing was written since. */
  mark(): number;
  /** `expiresAt` as stored: an ISO time. */
  remember(sessionId: string, value: T, expiresAt: string, mark: number, nowMs: number): void;
}

export function createSessionCache<T>(writes: (() => number) | null): SessionCache<T> | null {
  if (!writes) return null;
  const writeCount = writes;
  const sessions = new Map<string, Remembered<T>>();
  let writesSeen = writeCount();

  /** Forgets everything once anything has been written. */
  function current(): Map<string, Remembered<T>> {
    const writes = writeCount();
    if (writes !== writesSeen) {
      sessions.clear();
      writesSeen = writes;
    }
    return sessions;
  }

  return {
    get(sessionId, nowMs) {
      const entry = current().get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAtMs > nowMs && nowMs - entry.readAtMs < MAX_AGE_MS) return entry.value;
      sessions.delete(sessionId);
      return undefined;
    },
    mark: () => writeCount(),
    remember(sessionId, value, expiresAt, mark, nowMs) {
      const remembered = current();
      if (mark !== writesSeen) return;
      if (remembered.size >= MAX_SESSIONS) remembered.delete(remembered.keys().next().value as string);
      remembered.set(sessionId, { value, expiresAtMs: Date.parse(expiresAt), readAtMs: nowMs });
    },
  };
}
