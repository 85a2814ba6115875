// Calls for the route tests: every answer they get is scanned for secrets, and the catalogue of the API's
// authenticated routes drives the tests that every route refuses the wrong caller.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { call, json } from './testApp';
import { ALL_ACCESS, type AccessEntry } from '../../../src/shared/access';
import type { LabUser, LabUserWithAccess } from '../../../src/shared/types/identity';

type CallOptions = InjectOptions & { token?: string };

function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.push(key);
      keysOf(v, into);
    }
  }
  return into;
}

/**
 * No answer carries a password hash or a field that names a password. A successful answer does not even
 * mention one (error messages may: 'Password is required').
 */
export function expectNoSecrets(res: LightMyRequestResponse): void {
  expect(res.body).not.toContain('$argon2');
  if (res.statusCode < 400) expect(res.body).not.toMatch(/password/i);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json') && res.body) {
    const keys = keysOf(JSON.parse(res.body));
    expect(keys.filter((k) => /password|hash/i.test(k))).toEqual([]);
  }
}

/** An injected call whose answer is scanned for secrets. */
export async function send(app: FastifyInstance, options: CallOptions): Promise<LightMyRequestResponse> {
  const res = await call(app, options);
  expectNoSecrets(res);
  return res;
}

export function messageOf(res: LightMyRequestResponse): string {
  return json<{ message: string }>(res).message;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@lab.org`;
}

export const USER_PASSWORD = 'user-password-1';

/**
 * A lab user registered by the system owner, with every permission entry unless `access` names others (a new user
 * gets none unless the registering person chooses them; the tests that need a user who may do everything say so).
 */
export async function registerUser(
  app: FastifyInstance,
  owner: string,
  labId: string,
  options: { email?: string; password?: string; isLabManager?: boolean; access?: readonly AccessEntry[] } = {},
): Promise<LabUser & { password: string }> {
  const password = options.password ?? USER_PASSWORD;
  const res = await send(app, {
    method: 'POST',
    url: `/api/users/systemOwner/register/${labId}`,
    token: owner,
    payload: { email: options.email ?? uniqueEmail(), password, isLabManager: options.isLabManager ?? false, access: options.access ?? ALL_ACCESS },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return { ...json<LabUser>(res), password };
}

export async function userAsOwner(app: FastifyInstance, owner: string, id: string): Promise<LabUserWithAccess> {
  const res = await send(app, { method: 'GET', url: `/api/users/systemowner/users/${id}`, token: owner });
  if (res.statusCode !== 200) throw new Error(`read user failed: ${res.body}`);
  return json<LabUserWithAccess>(res);
}

export function sortedKeys(entries: readonly AccessEntry[]): string[] {
  return entries.map((e) => `${e.area}/${e.modifier}/${e.task}`).sort();
}

export type Caller = 'session' | 'owner' | 'manager' | 'labUser' | 'ownerOrLabUser';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as documented, with {labId} and {id} in it. */
  path: string;
  who: Caller;
  /** A valid body, so that only the caller decides the answer. */
  body?: () => Record<string, unknown>;
}

/** Every call of docs/api.md that needs a session. */
export const authenticatedRoutes: RouteCase[] = [
  { method: 'POST', path: '/api/users/logout', who: 'session' },
  { method: 'GET', path: '/api/users/me/second_factor', who: 'session' },
  { method: 'GET', path: '/api/users/lm/getUsers', who: 'manager' },
  { method: 'POST', path: '/api/users/lm/register', who: 'manager', body: () => ({ email: uniqueEmail('refused'), password: USER_PASSWORD }) },
  { method: 'GET', path: '/api/users/lm/users/{id}', who: 'manager' },
  { method: 'PUT', path: '/api/users/lm/users/{id}/access', who: 'manager', body: () => ({ access: [] }) },
  { method: 'GET', path: '/api/access/get_all_access', who: 'labUser' },
  { method: 'GET', path: '/api/labs', who: 'owner' },
  {
    method: 'POST',
    path: '/api/labs/systemowner/createlab',
    who: 'owner',
    body: () => ({ labName: 'Refused lab', email: uniqueEmail('refused'), password: USER_PASSWORD, organization: 1 }),
  },
  { method: 'GET', path: '/api/labs/systemowner/{labId}', who: 'owner' },
  { method: 'GET', path: '/api/labs/labinfo/{labId}', who: 'ownerOrLabUser' },
  {
    method: 'POST',
    path: '/api/users/systemOwner/register/{labId}',
    who: 'owner',
    body: () => ({ email: uniqueEmail('refused'), password: USER_PASSWORD, isLabManager: false }),
  },
  { method: 'GET', path: '/api/users/systemowner/users/{id}', who: 'owner' },
  {
    method: 'PUT',
    path: '/api/users/systemowner/users/{id}',
    who: 'owner',
    body: () => ({ email: uniqueEmail('refused'), password: 'changed-password', isLabManager: true, access: [] }),
  },
  { method: 'DELETE', path: '/api/users/systemowner/users/{id}', who: 'owner' },
];

/** The calls anyone may make without a session. */
export const publicRoutes: Array<Pick<RouteCase, 'method' | 'path'>> = [
  { method: 'GET', path: '/api/config' },
  { method: 'POST', path: '/api/users/login' },
  { method: 'POST', path: '/api/users/systemowner/login' },
  { method: 'POST', path: '/api/users/login/second_factor' },
  { method: 'POST', path: '/api/users/systemowner/login/second_factor' },
];

export function urlOf(route: RouteCase, ids: { labId: string; id: string }): string {
  return route.path.replace('{labId}', ids.labId).replace('{id}', ids.id);
}

export function routeName(route: Pick<RouteCase, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
