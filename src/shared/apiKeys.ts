// Analysts' API keys (issue 36 part 2): their limits and the rules of a new key, shared by the account page and
// the server, which enforces them (services/identity/apiKeys.ts).
import { apiKeyMessages } from './messages/apiKeys';

/** Every key starts with this, so that a key is told apart from a session token (a JWT) before any lookup. */
export const API_KEY_PREFIX = 'rsp_';
/** How many of the key's first characters are kept and listed, to tell keys apart. */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 100;
export const API_KEY_STUDIES_MAX = 50;
/** Bounds of the request schema, past the rules' own limits so that their messages answer. */
export const API_KEY_NAME_INPUT_MAX = 1000;
export const API_KEY_STUDIES_INPUT_MAX = 1000;

export interface NewApiKey {
  name: string;
  studyIds: string[];
  /** ISO 8601 date-time. */
  expiresAt: string;
}

export interface CreatedApiKey {
  id: string;
  /** The whole key, answered once. */
  key: string;
}

export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key's first characters. */
  prefix: string;
  studyIds: string[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A study a key may be given (one whose data the user may download). */
export interface ApiKeyStudy {
  id: string;
  name: string;
  code: string;
}

/** The latest expiry a key made at `now` may have: one calendar year on. */
export function latestApiKeyExpiry(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

export function apiKeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return apiKeyMessages.nameRequired;
  if (trimmed.length > API_KEY_NAME_MAX) return apiKeyMessages.nameTooLong;
  return null;
}

export function apiKeyStudiesProblem(studyIds: readonly string[]): string | null {
  const distinct = new Set(studyIds);
  if (distinct.size === 0) return apiKeyMessages.studiesRequired;
  if (distinct.size > API_KEY_STUDIES_MAX) return apiKeyMessages.tooManyStudies;
  return null;
}

export function apiKeyExpiryProblem(expiresAt: string, now: Date): string | null {
  if (!expiresAt) return apiKeyMessages.expiryRequired;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return apiKeyMessages.expiryRequired;
  if (at <= now.getTime()) return apiKeyMessages.expiryInPast;
  if (at > latestApiKeyExpiry(now).getTime()) return apiKeyMessages.expiryTooFar;
  return null;
}

export function newApiKeyProblem(input: NewApiKey, now: Date): string | null {
  return apiKeyNameProblem(input.name) ?? apiKeyStudiesProblem(input.studyIds) ?? apiKeyExpiryProblem(input.expiresAt, now);
}

/** Whether a bearer credential is an API key rather than a session token. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
