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
  // A call without a body sends no content type. axios would label an empty POST or PUT form-encoded (and keep
  // that label for a null body), which claims a body the call does not have. `false` is axios's way to say
  // "no such header": it is never sent, and axios does not put its default back.
  if (config.data === undefined || config.data === null) {
    config.data = undefined;
    config.headers.setContentType(false);
  }
  return config;
});
