import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { SignedInLayout } from '../../../../src/client/app/layout/SignedInLayout';
import { portalMessages } from '../../../../src/shared/messages';
import { study } from '../../features/studies/studyFixtures';
import { labUserSession, managerSession, ownerSession, siteConfig } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('POST', '/api/users/logout', { status: 200, data: { message: 'Signed out' } })
    .on('GET', '/api/labs', { status: 200, data: { labs: [] } })
    .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [] } });
});
afterEach(() => net.restore());

describe('the lab-user layout', () => {
  it('offers Studies, Questionnaires and Media Files to a lab user, and the footer', async () => {
    renderWithProviders(undefined, { route: '/studies/1', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
    expect(await screen.findByRole('link', { name: 'Research Study Admin Portal' })).toHaveAttribute('href', '/studies/1');
    expect(screen.getByRole('link', { name: 'Studies' })).toHaveAttribute('href', '/studies/1');
    expect(screen.getByRole('link', { name: 'Questionnaires' })).toHaveAttribute('href', '/qx/qx_list/1');
    expect(screen.getByRole('link', { name: 'Media Files' })).toHaveAttribute('href', '/media/files');
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
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
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
    // The owner's account page has two-step sign-in (and no API keys, which are a lab user's).
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/systemowner/account');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'System Owner Sign In' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/login');
    expect(store.getState().auth.systemOwner).toBeNull();
    expect(net.sentTo('POST', '/api/users/logout')[0].authorization).toBe('Bearer owner-token');
  });
});

describe('the one signed-in layout', () => {
  it('draws its header from the data it is given', async () => {
    const onLogout = jest.fn();
    const { user } = renderWithProviders(
      <Routes>
        <Route
          element={
            <SignedInLayout
              brandHref="/somewhere"
              badge="Badge Text"
              navigationId="test-navigation"
              entries={[
                { label: 'First', href: '/first/1', section: '/first' },
                { label: 'Second', href: '/second', section: '/second' },
              ]}
              account={{ email: 'someone@example.org', onLogout }}
            />
          }
        >
          <Route path="/first/:page" element={<h1>Inside</h1>} />
        </Route>
      </Routes>,
      { route: '/first/2' },
    );
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Research Study Admin Portal Badge Text' })).toHaveAttribute('href', '/somewhere');
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['First', 'Second', 'Privacy Policy']),
    );
    expect(screen.getByRole('link', { name: 'First' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Second' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('someone@example.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('marks the owner’s Studies entry current on the owner’s study pages', async () => {
    renderWithProviders(undefined, {
      route: '/systemowner/studies/2',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
    });
    expect(await screen.findByRole('heading', { name: 'Study List' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Studies' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Labs' })).not.toHaveAttribute('aria-current');
  });

  it('asks before the owner’s Logout leaves the owner’s editor with changes', async () => {
    net
      .on('GET', '/api/studies/systemowner/s1', { status: 200, data: study() })
      .on('POST', '/api/qx_list/systemowner?pageNumber=1', { status: 200, data: { qx_list: [], pages: 1, page: 1 } });
    const { user, store } = renderWithProviders(undefined, {
      route: '/systemowner/studies/s1/m1/edit',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
    });
    await screen.findByRole('heading', { name: 'Edit Study' }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Contact Person'), 'x');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: portalMessages.unsavedLeavePage })).getByRole('button', { name: 'Stay' }));
    expect(net.sentTo('POST', '/api/users/logout')).toEqual([]);
    expect(store.getState().auth.systemOwner).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: portalMessages.unsavedLeavePage })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'System Owner Sign In' })).toBeInTheDocument();
    expect(store.getState().auth.systemOwner).toBeNull();
  });
});
