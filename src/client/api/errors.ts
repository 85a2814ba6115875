// Every failed call becomes {status, message}: the server's own message when it sent one, otherwise the
// network error's own message (part 1 section 8 "Generic handling").
import type { AxiosError } from 'axios';
import { generalMessages } from '../../shared/messages';
import type { RequestFailure } from '../../ui/state/requestState';

export interface ApiError extends RequestFailure {
  /** What the server listed beside its message (a refused activation's problems), when it did. */
  problems?: string[];
}

function serverProblems(data: unknown): { problems: string[] } | Record<string, never> {
  if (typeof data !== 'object' || data === null || !('problems' in data)) return {};
  const { problems } = data;
  return Array.isArray(problems) && problems.every((p) => typeof p === 'string') ? { problems } : {};
}

function serverMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** A failed answer to a call made with the browser's fetch (the site configuration, before axios loads). */
export class FetchAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status code ${status}`);
  }
}

/** axios marks its errors so; checked here so that this module does not load axios (api/client.ts). */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

export function toApiError(error: unknown): ApiError {
  if (isAxiosError(error)) {
    const status = error.response?.status ?? null;
    return { status, message: serverMessage(error.response?.data) ?? error.message, ...serverProblems(error.response?.data) };
  }
  if (error instanceof FetchAnswerError) return { status: error.status, message: serverMessage(error.data) ?? error.message };
  if (error instanceof Error && error.message) return { status: null, message: error.message };
  return { status: null, message: generalMessages.networkError };
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ApiError>;
  return typeof candidate.message === 'string' && (candidate.status === null || typeof candidate.status === 'number');
}
