import { waitFor } from '@testing-library/react';
import { makeStore } from '../../../../src/client/app/store';
import { authRequestReset, sessionEnded, fetchAccess, login, logout, systemOwnerLogin } from '../../../../src/client/features/auth/authSlice';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { authMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { signedIn, siteState } from '../../testUtils';

const credentials = { email: 'member@example.org', password: 'correct-horse', organization: 1 as const };

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

describe('auth slice: login', () => {
  it('goes request -> success and keeps the session', async () => {
    const answer = deferred();
    net.on('POST', '/api/users/login', answer.responder);
    const store = makeStore({ site: siteState() });
    const signingIn = store.dispatch(login(credentials));
    expect(store.getState().auth.requests.login).toEqual({ status: 'request', message: null });
    answer.release({ status: 200, data: labUserSession() });
    await signingIn;
    expect(store.getState().auth.requests.login).toEqual({ status: 'success', message: null });
    expect(store.getState().auth.labUser).toEqual(labUserSession());
  });

  it('goes to fail with the server message, and back to reset', async () => {
    net.on('POST', '/api/users/login', { status: 401, data: { message: authMessages.invalidCredentials } });
    const store = makeStore({ site: siteState() });
    await store.dispatch(login(credentials));
    expect(store.getState().auth.requests.login).toEqual({ status: 'fail', message: authMessages.invalidCredentials });
    expect(store.getState().auth.labUser).toBeNull();
    store.dispatch(authRequestReset('login'));
    expect(store.getState().auth.requests.login).toEqual({ status: 'reset', message: null });
  });

  it('dispatches the request-state actions in order', async () => {
    net.on('POST', '/api/users/login', { status: 401, data: { message: authMessages.invalidCredentials } });
    const store = mockStore({});
    await store.dispatch(login(credentials));
    expect(actionTypes(store)).toEqual(['auth/login/pending', 'auth/login/rejected']);
    expect(store.getActions()[1].payload).toEqual({ status: 401, message: authMessages.invalidCredentials });
  });
});

describe('auth slice: system owner login', () => {
  it('keeps the owner session beside a lab-user session', async () => {
    net.on('POST', '/api/users/systemowner/login', { status: 200, data: ownerSession() });
    const store = makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
    await store.dispatch(systemOwnerLogin({ email: 'owner@example.org', password: 'owner-pass' }));
    expect(store.getState().auth.systemOwner).toEqual(ownerSession());
    expect(store.getState().auth.labUser).toEqual(labUserSession());
    expect(net.sent[0]).toMatchObject({ body: { email: 'owner@example.org', password: 'owner-pass' }, authorization: null });
  });
});

describe('auth slice: permission entries and logout', () => {
  it('loads allAccess with the lab user’s token: unknown, request, then success with the time it arrived', async () => {
    const answer = deferred();
    net.on('GET', '/api/access/get_all_access', answer.responder);
    const store = makeStore({ auth: { ...signedIn({ labUser: labUserSession() }), allAccess: null } });
    const reading = store.dispatch(fetchAccess());
    expect(store.getState().auth.requests.access).toEqual({ status: 'request', message: null });
    expect(store.getState().auth.allAccess).toBeNull();
    const before = Date.now();
    answer.release({ status: 200, data: { allAccess: ALL_ACCESS } });
    await reading;
    expect(store.getState().auth.allAccess).toEqual(ALL_ACCESS);
    expect(store.getState().auth.accessReadAt).toBeGreaterThanOrEqual(before);
    expect(store.getState().auth.requests.access).toEqual({ status: 'success', message: null });
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to fail with the server message and leaves the entries unknown, not empty', async () => {
    net.on('GET', '/api/access/get_all_access', { status: 503, data: { message: 'Try later' } });
    const store = makeStore({ auth: { ...signedIn({ labUser: labUserSession() }), allAccess: null } });
    await store.dispatch(fetchAccess());
    expect(store.getState().auth.requests.access).toEqual({ status: 'fail', message: 'Try later' });
    expect(store.getState().auth.allAccess).toBeNull();
    expect(store.getState().notifications.alert?.message).toBe('Try later');
  });

  it('is a background call: starting it leaves the red alert of the call before', async () => {
    net.on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: ALL_ACCESS } });
    const store = mockStore({});
    await store.dispatch(fetchAccess());
    expect(actionTypes(store)).toEqual(['auth/fetchAccess/pending', 'auth/fetchAccess/fulfilled']);
    expect(store.getActions()[0].meta).toMatchObject({ background: true });
  });

  it('forgets the entries at a new sign-in, and drops an answer to a read started for the session before', async () => {
    const answer = deferred();
    net
      .on('GET', '/api/access/get_all_access', answer.responder)
      .on('POST', '/api/users/login', { status: 200, data: labUserSession({ token: 'next-token', email: 'next@example.org' }) });
    const store = makeStore({ site: siteState(), auth: { ...signedIn({ labUser: labUserSession() }), allAccess: [...ALL_ACCESS], accessReadAt: 1 } });
    const oldRead = store.dispatch(fetchAccess());
    await store.dispatch(login(credentials));
    expect(store.getState().auth.allAccess).toBeNull();
    expect(store.getState().auth.accessReadAt).toBeNull();
    expect(store.getState().auth.requests.access.status).toBe('reset');
    answer.release({ status: 200, data: { allAccess: ALL_ACCESS } });
    await oldRead;
    expect(store.getState().auth.allAccess).toBeNull();
  });

  it('tells the server, then forgets only the session that logged out', async () => {
    net.on('POST', '/api/users/logout', { status: 200, data: { message: 'Signed out' } });
    const store = makeStore({ auth: { ...signedIn({ labUser: labUserSession(), systemOwner: ownerSession() }), allAccess: [...ALL_ACCESS] } });
    await store.dispatch(logout('labUser'));
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
    expect(store.getState().auth.labUser).toBeNull();
    expect(store.getState().auth.allAccess).toBeNull();
    expect(store.getState().auth.systemOwner).toEqual(ownerSession());
  });

  it('signs out locally even when the server cannot be reached', async () => {
    net.on('POST', '/api/users/logout', 'network-error');
    const store = makeStore({ auth: signedIn({ systemOwner: ownerSession() }) });
    await store.dispatch(logout('systemOwner'));
    expect(net.sent[0].authorization).toBe('Bearer owner-token');
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(store.getState().auth.requests.logout.status).toBe('fail');
  });

  it('ends a session without a call', async () => {
    const store = makeStore({ auth: signedIn({ systemOwner: ownerSession() }) });
    await waitFor(() => expect(store.persistor.getState().bootstrapped).toBe(true));
    store.dispatch(sessionEnded('systemOwner'));
    expect(store.getState().auth.systemOwner).toBeNull();
  });
});
