import { screen, within } from '@testing-library/react';
import { labUserSession, managerSession, ownerSession, siteConfig } from '../support/fixtures';
import { mockApi, type MockApi } from '../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('POST', '/api/users/logout', { status: 200, data: { message: 'Signed out' } })
    .on('GET', '/api/labs', { status: 200, data: { labs: [] } })
    .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [] } });
});
afterEach(() => net.restore());

describe('the lab-user layout', () => {
  it('offers Studies, Questionnaires and Uploaded Files to a lab user, and the footer', async () => {
    renderWithProviders(undefined, { route: '/studies/1', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    expect(await screen.findByRole('link', { name: 'Research Study Admin Portal' })).toHaveAttribute('href', '/studies/1');
    expect(screen.getByRole('link', { name: 'Studies' })).toHaveAttribute('href', '/studies/1');
    expect(screen.getByRole('link', { name: 'Questionnaires' })).toHaveAttribute('href', '/qx/qx_list/1');
    expect(screen.getByRole('link', { name: 'Uploaded Files' })).toHaveAttribute('href', '/media/files');
    expect(screen.queryByRole('link', { name: 'Lab Members' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', siteConfig.privacyPolicyUrl);
    expect(within(footer).getByText(siteConfig.poweredBy)).toBeInTheDocument();
  });

  it('adds Lab Members for a lab manager', async () => {
    renderWithProviders(undefined, { route: '/lm/get_users', preloadedState: { auth: signedIn({ labUser: managerSession() }) } });
    expect(await screen.findByRole('link', { name: 'Lab Members' })).toHaveAttribute('href', '/lm/get_users');
    expect(screen.getByRole('link', { name: 'Lab Members' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the user’s email in the Account menu and logs out to /login', async () => {
    const { user, store } = renderWithProviders(undefined, {
      route: '/studies/1',
      preloadedState: { auth: signedIn({ labUser: labUserSession() }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByText('member@example.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(store.getState().auth.labUser).toBeNull();
    expect(net.sentTo('POST', '/api/users/logout')[0].authorization).toBe('Bearer lab-token');
  });
});

describe('the system owner layout', () => {
  it('has its own header with Labs, Studies and an Account menu with Logout', async () => {
    const { user, store } = renderWithProviders(undefined, {
      route: '/systemowner/home',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
    });
    expect(await screen.findByRole('heading', { name: 'Labs' })).toBeInTheDocument();
    expect(screen.getByText('System Owner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Labs' })).toHaveAttribute('href', '/systemowner/home');
    expect(screen.getByRole('link', { name: 'Studies' })).toHaveAttribute('href', '/systemowner/studies/1');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('owner@example.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'System Owner Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/login');
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(net.sentTo('POST', '/api/users/logout')[0].authorization).toBe('Bearer owner-token');
  });
});
