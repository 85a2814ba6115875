// The app's one way to the server: fetch (axios would cost a tenth of the first-load budget), JSON in and out,
// the participant's token as a bearer header. Every failure becomes a RequestFailure with the server's message
// when it sent one, else one of the markers errors/failures.ts turns into the participant's words.
import { OFFLINE_FAILURE, OTHER_FAILURE } from '../errors/failures';
import type { RequestFailure } from '../../ui/state/requestState';

let tokenOf: () => string | null = () => null;

/** The store tells the client where the current token is (state/store.ts). */
export function setTokenSource(source: () => string | null): void {
  tokenOf = source;
}

export class AppCallError extends Error implements RequestFailure {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

function messageOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls /api/app{path}; resolves with the answer's JSON, rejects with an AppCallError. */
export async function appCall<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenOf();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/app${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new AppCallError(null, OFFLINE_FAILURE);
  }
  const data: unknown = await response.json().catch(() => null);
  // A 5xx's words are the server's trouble, not the participant's: shown as a failure to try again.
  if (!response.ok) throw new AppCallError(response.status, (response.status < 500 ? messageOf(data) : null) ?? OTHER_FAILURE);
  return data as T;
}

/** GETs /api/app{path} as a file (My data's zip); rejects as appCall does. */
export async function appDownload(path: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/zip' };
  const token = tokenOf();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/app${path}`, { method: 'GET', headers });
  } catch {
    throw new AppCallError(null, OFFLINE_FAILURE);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw new AppCallError(response.status, (response.status < 500 ? messageOf(data) : null) ?? OTHER_FAILURE);
  }
  return response.blob();
}

/** Any error as a RequestFailure: an AppCallError as it is; another (a browser's, a library's) without its text. */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error instanceof AppCallError) return { status: error.status, message: error.message };
  return { status: null, message: OTHER_FAILURE };
}
