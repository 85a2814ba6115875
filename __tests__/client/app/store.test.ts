import { waitFor } from '@testing-library/react';
import { makeStore } from '../../../src/client/app/store';
import { sessionEnded } from '../../../src/client/features/auth/authSlice';
import { fetchLabs } from '../../../src/client/features/labs/labsSlice';
import { toastShown } from '../../../src/client/app/notifications/notificationsSlice';
import { snapshotLoaded } from '../../../src/client/app/qa/qaSlice';
import { lab, labUserSession, ownerSession } from '../support/fixtures';
import { mockApi, type MockApi } from '../support/mockApi';
import { signedIn, siteState } from '../testUtils';

const KEY = 'persist:auth';

function stored(): Record<string, unknown> {
  const raw = window.localStorage.getItem(KEY);
  if (!raw) return {};
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([k, v]) => [k, JSON.parse(v)]));
}

async function bootstrapped(store: ReturnType<typeof makeStore>) {
  await waitFor(() => expect(store.persistor.getState().bootstrapped).toBe(true));
}

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

describe('persistence', () => {
  it('saves the auth slice’s sessions, and neither the permission entries nor anything of the other slices', async () => {
    net.on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
    const store = makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession(), systemOwner: ownerSession() }) });
    await bootstrapped(store);
    await store.dispatch(fetchLabs());
    store.dispatch(toastShown('Hello'));
    await store.persistor.flush();
    expect(Object.keys(window.localStorage)).toEqual([KEY]);
    const saved = stored();
    expect(saved.labUser).toEqual(labUserSession());
    expect(saved.systemOwner).toEqual(ownerSession());
    expect(saved).not.toHaveProperty('allAccess');
    expect(saved).not.toHaveProperty('requests');
    expect(JSON.stringify(saved)).not.toContain('Sleep Lab');
  });

  it('restores the saved sessions in a new store (a reload)', async () => {
    const first = makeStore({ auth: signedIn({ labUser: labUserSession() }) });
    await bootstrapped(first);
    await first.persistor.flush();

    const second = makeStore();
    await bootstrapped(second);
    expect(second.getState().auth.labUser).toEqual(labUserSession());
    expect(second.getState().labs.labs).toEqual([]);
  });

  it('does not restore the permission entries of a copy saved before they stopped being persisted', async () => {
    const old = { labUser: labUserSession(), systemOwner: null, allAccess: [], _persist: { version: -1, rehydrated: true } };
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.entries(old).map(([k, v]) => [k, JSON.stringify(v)]))));
    const store = makeStore();
    await bootstrapped(store);
    expect(store.getState().auth.labUser).toEqual(labUserSession());
    expect(store.getState().auth.allAccess).toBeNull();
  });

  it('forgets an ended session', async () => {
    const store = makeStore({ auth: signedIn({ labUser: labUserSession(), systemOwner: ownerSession() }) });
    await bootstrapped(store);
    store.dispatch(sessionEnded('systemOwner'));
    await store.persistor.flush();
    expect(stored().systemOwner).toBeNull();
    expect(stored().labUser).toEqual(labUserSession());
  });
});

describe('qa/loadSnapshot', () => {
  it('replaces the whole state with the snapshot but keeps the current token', async () => {
    const store = makeStore({ site: siteState(), auth: signedIn({ systemOwner: ownerSession({ token: 'mine' }) }) });
    await bootstrapped(store);
    store.dispatch(
      snapshotLoaded({
        auth: { labUser: null, systemOwner: { _id: 'o', email: 'qa@example.org', expires: '2099-05-05T00:00:00.000Z' }, allAccess: [] },
        labs: { labs: [lab], lab: null, labInfo: null, user: null, members: [], member: null, requests: store.getState().labs.requests },
        notifications: { toasts: [], alert: { message: 'Lab not found', keepOnNextPage: false } },
      }),
    );
    const state = store.getState();
    expect(state.labs.labs).toEqual([lab]);
    expect(state.auth.systemOwner).toMatchObject({ email: 'qa@example.org', token: 'mine' });
    expect(state.notifications.alert?.message).toBe('Lab not found');
    expect(state.site.config?.siteName).toBe('Research Study');
    expect(state.qa.replaying).toBe(true);
    expect(state.auth._persist.rehydrated).toBe(true);
  });

  it('ignores a snapshot that is not an object', () => {
    const store = makeStore({ site: siteState() });
    const before = store.getState().labs;
    store.dispatch(snapshotLoaded('nonsense'));
    expect(store.getState().labs).toBe(before);
  });
});
