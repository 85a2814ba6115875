// Renders the participant app as the phone would: the real store, the real texts and router, at an address,
// with the server answered by a table of calls (fetch replaced) that records what the app asked.
import { act, render } from '@testing-library/react';
import { App } from '../../src/participant/App';
import { createI18n, LANGUAGE_KEY } from '../../src/participant/i18n';
import { navigate } from '../../src/participant/routing/history';
import { createAppStore } from '../../src/participant/state/store';
import type { AppSession } from '../../src/shared/types/participantApp';

// A journey through several screens takes seconds on a loaded 2-core machine; jest's own limit is five.
jest.setTimeout(20_000);

export interface Answer {
  status: number;
  body: unknown;
}

/** "METHOD /api/app/path" -> the answer (a function may look at the request's body, or hold the answer back). */
export type Calls = Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>;

export interface Made {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export const SITE = { siteName: 'Research Study', organization: 1, theme: 'light', color: '#c2410c' };

export const SESSION: AppSession = {
  token: 'participant-token',
  expires: new Date(Date.now() + 3_600_000).toISOString(),
  participant: { _id: 'p1', email: 'pat@example.org' },
};

/** offline: while it answers true, every call fails as fetch does without network (a TypeError, no answer). */
export function renderApp(address: string, calls: Calls, options: { session?: AppSession; language?: string; offline?: () => boolean } = {}) {
  // jsdom does no layout: a new screen's scroll to its top is a no-op here.
  window.scrollTo = jest.fn();
  localStorage.clear();
  if (options.session) localStorage.setItem('participant-session', JSON.stringify(options.session));
  if (options.language) localStorage.setItem(LANGUAGE_KEY, options.language);
  const made: Made[] = [];
  const table: Calls = { 'GET /api/app/site': { status: 200, body: SITE }, ...calls };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    made.push({ method, path: url.pathname, body, authorization: headers.get('Authorization') });
    if (options.offline?.()) throw new TypeError('Failed to fetch');
    const entry = table[`${method} ${url.pathname}`];
    const answer = typeof entry === 'function' ? await entry(body) : (entry ?? { status: 404, body: { message: 'Not Found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  act(() => navigate(address, { replace: true }));
  const store = createAppStore();
  const i18n = createI18n();
  const view = render(<App store={store} i18n={i18n} />);
  return { ...view, store, i18n, made };
}

export function callsTo(made: Made[], method: string, path: string): Made[] {
  return made.filter((m) => m.method === method && m.path === path);
}
