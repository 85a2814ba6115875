// Whose bearer token a call carries, read from the store without importing it (no import cycle): makeStore
// sets the getter.
export type SessionKind = 'labUser' | 'systemOwner';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Whose bearer token to send; lab user when not given. */
    session?: SessionKind | 'none';
  }
}

type TokenGetter = (kind: SessionKind) => string | null;

let getter: TokenGetter = () => null;

export function setTokenGetter(next: TokenGetter): void {
  getter = next;
}

export function tokenOf(kind: SessionKind): string | null {
  return getter(kind);
}
