import { makeStore } from '../../../src/client/app/store';
import type { Navigation } from '../../../src/client/app/navigation';
import { login, logout } from '../../../src/client/features/auth/authSlice';
import { createLab, fetchLabs, fetchMembers } from '../../../src/client/features/labs/labsSlice';
import { authMessages } from '../../../src/shared/messages';
import { managerSession, ownerSession } from '../support/fixtures';
import { mockApi, type MockApi } from '../support/mockApi';
import { signedIn, siteState } from '../testUtils';

const expired = { status: 401, data: { message: authMessages.sessionExpired } };

function setup(path: string) {
  const navigate = jest.fn<void, [string]>();
  const navigation: Navigation = { navigate, currentPath: () => path };
  const store = makeStore(
    { site: siteState(), auth: signedIn({ labUser: managerSession(), systemOwner: ownerSession() }) },
    { navigation },
  );
  return { store, navigate };
}

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

describe('the 401 middleware', () => {
  it('signs the lab user out and sends them to /login with the page they were on', async () => {
    net.on('GET', '/api/users/lm/getUsers', expired);
    const { store, navigate } = setup('/lm/get_users?sort=new');
    await store.dispatch(fetchMembers());
    expect(store.getState().auth.labUser).toBeNull();
    expect(store.getState().auth.systemOwner).not.toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Flm%2Fget_users%3Fsort%3Dnew');
    expect(store.getState().notifications.alert).toEqual({ message: authMessages.sessionExpired, keepOnNextPage: true });
  });

  it('signs the system owner out and sends them to the system owner sign-in', async () => {
    net.on('GET', '/api/labs', expired);
    const { store, navigate } = setup('/systemowner/home');
    await store.dispatch(fetchLabs());
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(store.getState().auth.labUser).not.toBeNull();
    expect(navigate).toHaveBeenCalledWith('/systemowner/login?redirect=%2Fsystemowner%2Fhome');
  });

  it('leaves the exempt calls alone: a wrong password or a refused lab registration is only shown', async () => {
    net
      .on('POST', '/api/users/login', { status: 401, data: { message: authMessages.invalidCredentials } })
      .on('POST', '/api/labs/systemowner/createlab', expired)
      .on('POST', '/api/users/logout', expired);
    const { store, navigate } = setup('/systemowner/createLab');
    await store.dispatch(login({ email: 'a@b.co', password: 'x', organization: 1 }));
    await store.dispatch(createLab({ labName: 'L', email: 'a@b.co', password: 'password1', organization: 1 }));
    expect(store.getState().auth.systemOwner).not.toBeNull();
    expect(store.getState().notifications.alert?.message).toBe(authMessages.sessionExpired);
    await store.dispatch(logout('labUser'));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().auth.labUser).toBeNull();
  });

  it('does nothing for other failures', async () => {
    net.on('GET', '/api/labs', { status: 500, data: { message: 'Down' } });
    const { store, navigate } = setup('/systemowner/home');
    await store.dispatch(fetchLabs());
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().auth.systemOwner).toEqual(ownerSession());
    expect(store.getState().auth.labUser).toEqual(managerSession());
  });
});

