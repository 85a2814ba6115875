import { screen, waitFor } from '@testing-library/react';
import { browser } from '../../../../src/client/app/browser';
import { labUserSession, managerSession, ownerSession, PAST, siteConfig } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn, siteState } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/labs', { status: 200, data: { labs: [] } })
    .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [] } });
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
});

describe('lab-user pages', () => {
  it('send / to the study list', async () => {
    renderWithProviders(undefined, { route: '/', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    expect(await screen.findByRole('link', { name: 'Studies' })).toHaveAttribute('aria-current', 'page');
    expect(currentLocation()).toBe('/studies/1');
  });

  it('send a visitor without a session to /login with the original target', async () => {
    renderWithProviders(undefined, { route: '/qx/qx_list/3' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?redirect=%2Fqx%2Fqx_list%2F3');
  });

  it('refuse an expired session', async () => {
    renderWithProviders(undefined, {
      route: '/studies/2',
      preloadedState: { auth: signedIn({ labUser: labUserSession({ expires: PAST }) }) },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(currentLocation()).toBe('/login?redirect=%2Fstudies%2F2');
  });

  it('refuse a session of the other organization', async () => {
    renderWithProviders(undefined, {
      route: '/media/files',
      preloadedState: { auth: signedIn({ labUser: labUserSession({ organization: 2 }) }) },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(currentLocation()).toBe('/login?redirect=%2Fmedia%2Ffiles');
  });

  it('show the signed-in layout for a valid session', async () => {
    renderWithProviders(undefined, { route: '/media/files/2', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    expect(await screen.findByRole('link', { name: 'Media Files' })).toHaveAttribute('aria-current', 'page');
    expect(currentLocation()).toBe('/media/files/2');
  });
});

describe('lab manager pages', () => {
  it.each(['/lm/get_users', '/lm/register'])('refuse %s to a lab user who is not a manager', async (route) => {
    renderWithProviders(undefined, { route, preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(route)}`);
  });

  it('open for a lab manager', async () => {
    renderWithProviders(undefined, { route: '/lm/get_users', preloadedState: { auth: signedIn({ labUser: managerSession() }) } });
    expect(await screen.findByRole('heading', { name: 'Lab Users' })).toBeInTheDocument();
  });
});

describe('system owner pages', () => {
  it('send an owner without a session to the system owner sign-in', async () => {
    renderWithProviders(undefined, { route: '/systemowner/lab/lab1' });
    expect(await screen.findByRole('heading', { name: 'System Owner Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/login?redirect=%2Fsystemowner%2Flab%2Flab1');
  });

  it('refuse an expired owner session', async () => {
    renderWithProviders(undefined, {
      route: '/systemowner/home',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession({ expires: PAST }) }) },
    });
    await screen.findByRole('heading', { name: 'System Owner Sign In' });
    expect(currentLocation()).toBe('/systemowner/login?redirect=%2Fsystemowner%2Fhome');
  });

  it('do not accept a lab-user session', async () => {
    renderWithProviders(undefined, { route: '/systemowner/home', preloadedState: { auth: signedIn({ labUser: managerSession() }) } });
    await screen.findByRole('heading', { name: 'System Owner Sign In' });
  });

  it.each(['/systemowner/home', '/systemowner/login'])('on another host, %s goes to the parent host’s error page', async (route) => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderWithProviders(undefined, {
      route,
      preloadedState: {
        site: siteState({ ...siteConfig, isMainHost: false }),
        auth: signedIn({ systemOwner: ownerSession() }),
      },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`//${window.location.host}/error`));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('unknown addresses', () => {
  it('show the Page not found page, not the error page', async () => {
    renderWithProviders(undefined, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Something went wrong!')).not.toBeInTheDocument();
  });
});
