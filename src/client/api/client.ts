// The one axios instance of the portal. Each call names whose token it carries: a lab user's, the system
// owner's, or none (the two logins and the site configuration).
import axios from 'axios';

export type SessionKind = 'labUser' | 'systemOwner';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Whose bearer token to send; lab user when not given. */
    session?: SessionKind | 'none';
  }
}

type TokenGetter = (kind: SessionKind) => string | null;

// Set by makeStore so the client reads tokens from the store without importing it (no import cycle).
let tokenOf: TokenGetter = () => null;

export function setTokenGetter(getter: TokenGetter): void {
  tokenOf = getter;
}

export const api = axios.create({ baseURL: '' });

api.interceptors.request.use((config) => {
  const kind = config.session ?? 'labUser';
  if (kind !== 'none') {
    const token = tokenOf(kind);
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});
