import { api, setTokenGetter } from '../../../src/client/api/client';
import { mockApi, type MockApi } from '../support/mockApi';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/x', { status: 200, data: {} })
    .on('POST', '/api/x', { status: 200, data: {} })
    .on('PUT', '/api/x', { status: 200, data: {} })
    .on('DELETE', '/api/x', { status: 200, data: {} });
  setTokenGetter((kind) => (kind === 'systemOwner' ? 'owner-token' : 'lab-token'));
});
afterEach(() => {
  net.restore();
  setTokenGetter(() => null);
});

describe('the API client', () => {
  it('sends the lab user’s bearer token by default', async () => {
    await api.get('/api/x');
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('sends the system owner’s token when the call says so', async () => {
    await api.get('/api/x', { session: 'systemOwner' });
    expect(net.sent[0].authorization).toBe('Bearer owner-token');
  });

  it('sends no token for the calls that need none', async () => {
    await api.get('/api/x', { session: 'none' });
    expect(net.sent[0].authorization).toBeNull();
  });

  it('sends no header when nobody is signed in', async () => {
    setTokenGetter(() => null);
    await api.get('/api/x');
    expect(net.sent[0].authorization).toBeNull();
  });

  it.each([
    ['POST without a body', () => api.post('/api/x')],
    ['POST with a null body (logout)', () => api.post('/api/x', null, { session: 'systemOwner' })],
    ['PUT without a body (add_stage)', () => api.put('/api/x')],
    ['DELETE', () => api.delete('/api/x')],
    ['GET', () => api.get('/api/x')],
  ])('sends no content type for a %s', async (_what, send) => {
    await send();
    expect(net.sent[0].contentType).toBeNull();
    expect(net.sent[0].body).toBeNull();
  });

  it('labels a body that is there as JSON', async () => {
    await api.post('/api/x', { name: 'Study' });
    expect(net.sent[0]).toMatchObject({ contentType: 'application/json', body: { name: 'Study' } });
    await api.put('/api/x', {});
    expect(net.sent[1]).toMatchObject({ contentType: 'application/json', body: {} });
  });
});
