import { makeStore } from '../../../../src/client/app/store';
import { fetchSiteConfig } from '../../../../src/client/app/site/siteSlice';
import { siteConfig } from '../../support/fixtures';
import { actionTypes, mockStore } from '../../support/mockStore';

// The site configuration is fetched with the browser's fetch before axios loads: these tests answer fetch.
type Fetch = typeof globalThis.fetch;
const realFetch: Fetch | undefined = globalThis.fetch;
let calls: { url: string; init?: RequestInit }[];

function answerFetch(answer: () => Promise<Response>) {
  calls = [];
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return answer();
  }) as Fetch;
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  if (realFetch) globalThis.fetch = realFetch;
  else delete (globalThis as { fetch?: Fetch }).fetch;
});

describe('site slice', () => {
  it('holds no configuration and a reset request at first', () => {
    expect(makeStore().getState().site).toEqual({ config: null, requests: { config: { status: 'reset', message: null } } });
  });

  it('tracks GET /api/config through request and success, without a token', async () => {
    let release: (r: Response) => void = () => undefined;
    answerFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const store = makeStore();
    const loading = store.dispatch(fetchSiteConfig());
    expect(store.getState().site.requests.config.status).toBe('request');
    release(jsonResponse(200, siteConfig));
    await loading;
    expect(store.getState().site.requests.config.status).toBe('success');
    expect(store.getState().site.config).toEqual(siteConfig);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/config');
    expect(new Headers(calls[0].init?.headers).get('Authorization')).toBeNull();
  });

  it("records a network failure with the error's own message", async () => {
    answerFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await store.dispatch(fetchSiteConfig());
    expect(store.getState().site.requests.config).toEqual({ status: 'fail', message: 'Failed to fetch' });
  });

  it("records a refused answer with the server's message and status", async () => {
    answerFetch(async () => jsonResponse(503, { message: 'Down for maintenance' }));
    const store = makeStore();
    const result = await store.dispatch(fetchSiteConfig());
    expect(store.getState().site.requests.config).toEqual({ status: 'fail', message: 'Down for maintenance' });
    expect(result.payload).toEqual({ status: 503, message: 'Down for maintenance' });
  });

  it('dispatches pending then fulfilled', async () => {
    answerFetch(async () => jsonResponse(200, siteConfig));
    const store = mockStore({});
    await store.dispatch(fetchSiteConfig());
    expect(actionTypes(store)).toEqual(['site/fetchConfig/pending', 'site/fetchConfig/fulfilled']);
  });
});
