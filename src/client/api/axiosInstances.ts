// The portal's axios instances. This module is its own chunk, loaded by api/client.ts on the first call (and
// prefetched at idle), so that axios is not part of the sign-in page's first load.
import axios from 'axios';
import { tokenOf } from './sessionTokens';

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

/**
 * For the signed storage addresses of the upload flow: they are the storage's, not the portal API's, so the
 * request carries no bearer token (the signature is the credential) and skips the API's interceptors.
 */
export const storageClient = axios.create();
