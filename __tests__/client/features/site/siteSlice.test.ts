import { makeStore } from '../../../../src/client/app/store';
import { fetchSiteConfig } from '../../../../src/client/features/site/siteSlice';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { siteConfig } from '../../support/fixtures';
import { actionTypes, mockStore } from '../../support/mockStore';

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

describe('site slice', () => {
  it('holds no configuration and a reset request at first', () => {
    expect(makeStore().getState().site).toEqual({ config: null, requests: { config: { status: 'reset', message: null } } });
  });

  it('tracks GET /api/config through request and success, without a token', async () => {
    const answer = deferred();
    net.on('GET', '/api/config', answer.responder);
    const store = makeStore();
    const loading = store.dispatch(fetchSiteConfig());
    expect(store.getState().site.requests.config.status).toBe('request');
    answer.release({ status: 200, data: siteConfig });
    await loading;
    expect(store.getState().site.requests.config.status).toBe('success');
    expect(store.getState().site.config).toEqual(siteConfig);
    expect(net.sent[0].authorization).toBeNull();
  });

  it('records a failure with its message', async () => {
    net.on('GET', '/api/config', 'network-error');
    const store = makeStore();
    await store.dispatch(fetchSiteConfig());
    expect(store.getState().site.requests.config).toEqual({ status: 'fail', message: 'Network Error' });
  });

  it('dispatches pending then fulfilled', async () => {
    net.on('GET', '/api/config', { status: 200, data: siteConfig });
    const store = mockStore({});
    await store.dispatch(fetchSiteConfig());
    expect(actionTypes(store)).toEqual(['site/fetchConfig/pending', 'site/fetchConfig/fulfilled']);
  });
});
