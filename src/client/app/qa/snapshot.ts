// Saving and restoring the store for QA. A saved snapshot never holds a token; restoring one keeps the
// tester's own credentials so calls made from the replayed screen still authenticate.
import type { RootState } from '../store';

export interface SavedSnapshot {
  /** The page the snapshot was taken on (path and query). */
  route: string;
  state: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy without any `token` field and without redux-persist's bookkeeping. */
export function withoutTokens(value: unknown): Json {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (isRecord(value)) {
    const copy: { [key: string]: Json } = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key !== 'token' && key !== '_persist' && inner !== undefined) copy[key] = withoutTokens(inner);
    }
    return copy;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

export function saveSnapshot(state: RootState, route: string): SavedSnapshot {
  return { route, state: withoutTokens(state) };
}

/** Accepts a downloaded file's content: either {route, state} or a bare state object. */
export function readSnapshot(text: string): SavedSnapshot | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (isRecord(parsed.state)) return { route: typeof parsed.route === 'string' ? parsed.route : '', state: parsed.state };
  return 'auth' in parsed || 'labs' in parsed || 'site' in parsed ? { route: '', state: parsed } : null;
}

function withCredentials<T extends { token: string; expires: string }>(saved: unknown, current: T | null): T | null {
  if (!isRecord(saved)) return null;
  return { ...(saved as unknown as T), token: current?.token ?? '', expires: current?.expires ?? String(saved.expires ?? '') };
}

/** One slice from the snapshot over the current one; request states merge so older files still load. */
function sliceFrom(current: unknown, saved: Record<string, unknown>): unknown {
  if (!isRecord(current)) return saved;
  const merged: Record<string, unknown> = { ...current, ...saved };
  if (isRecord(current.requests) && isRecord(saved.requests)) merged.requests = { ...current.requests, ...saved.requests };
  return merged;
}

/**
 * The state to show for a snapshot: every slice the snapshot carries replaces the current one (fields it
 * lacks keep their current value); sessions keep the current token and expiry, which a snapshot never holds.
 */
export function stateFromSnapshot(current: RootState, snapshot: unknown): RootState {
  if (!isRecord(snapshot)) return current;
  const next: Record<string, unknown> = { ...current };
  for (const [key, slice] of Object.entries(current)) {
    const saved = snapshot[key];
    if (isRecord(saved)) next[key] = sliceFrom(slice, saved);
  }
  const restored = next as unknown as RootState;
  const savedAuth = snapshot.auth;
  if (isRecord(savedAuth)) {
    restored.auth = {
      ...restored.auth,
      labUser: withCredentials(savedAuth.labUser, current.auth.labUser),
      systemOwner: withCredentials(savedAuth.systemOwner, current.auth.systemOwner),
      _persist: current.auth._persist,
    };
  }
  return restored;
}
