import { screen, waitFor, within } from '@testing-library/react';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { authMessages } from '../../../../src/shared/messages';
import { labUserSession, PAST, siteConfig } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, siteState } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

async function fillAndSubmit(user: ReturnType<typeof renderWithProviders>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage (/login)', () => {
  it('shows the sign-in heading with the site name, the fields, Sign In and the privacy link', async () => {
    renderWithProviders(undefined, { route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in to the Research Study Admin Portal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', siteConfig.privacyPolicyUrl);
  });

  it('uses the dark site name of the host it is served from', async () => {
    renderWithProviders(undefined, {
      route: '/login',
      preloadedState: { site: siteState({ ...siteConfig, siteName: 'Green Portal', theme: 'dark', organization: 2 }) },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to the Green Portal Admin Portal' })).toBeInTheDocument();
  });

  it('asks for the email and the password before calling the server', async () => {
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, '', '');
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(net.sent).toHaveLength(0);
  });

  it('signs in with the organization of the host, fetches the permission entries and follows the redirect target', async () => {
    net
      .on('POST', '/api/users/login', { status: 200, data: labUserSession() })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: ALL_ACCESS } });
    const { user, store } = renderWithProviders(undefined, { route: '/login?redirect=%2Fqx%2Fqx_list%2F1' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, 'member@example.org', 'correct-horse');
    expect(await screen.findByRole('link', { name: 'Questionnaires' })).toHaveAttribute('aria-current', 'page');
    expect(currentLocation()).toBe('/qx/qx_list/1');
    expect(net.sentTo('POST', '/api/users/login')[0]).toMatchObject({
      body: { email: 'member@example.org', password: 'correct-horse', organization: 1 },
      authorization: null,
    });
    await waitFor(() => expect(store.getState().auth.allAccess).toHaveLength(ALL_ACCESS.length));
    expect(net.sentTo('GET', '/api/access/get_all_access')[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to / (the study list) when there is no redirect target, and ignores targets on other sites', async () => {
    net
      .on('POST', '/api/users/login', { status: 200, data: labUserSession() })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: [] } });
    const { user } = renderWithProviders(undefined, { route: '/login?redirect=%2F%2Fevil.example' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, 'member@example.org', 'correct-horse');
    expect(await screen.findByRole('link', { name: 'Studies' })).toHaveAttribute('aria-current', 'page');
    expect(currentLocation()).toBe('/studies/1');
  });

  it('stays on the sign-in page when the server hands out an already expired session', async () => {
    net.on('POST', '/api/users/login', { status: 200, data: labUserSession({ expires: PAST }) });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, 'member@example.org', 'correct-horse');
    await waitFor(() => expect(net.sent).toHaveLength(1));
    expect(currentLocation()).toBe('/login');
  });

  it.each([
    [401, authMessages.invalidCredentials],
    [403, authMessages.wrongOrganization],
    [429, authMessages.tooManyAttempts],
  ])('shows the server message of a %i in a red alert', async (status, message) => {
    net.on('POST', '/api/users/login', { status, data: { message } });
    const { user, store } = renderWithProviders(undefined, { route: '/login' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, 'member@example.org', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(alert).toHaveClass('alert-danger');
    expect(currentLocation()).toBe('/login');
    expect(store.getState().auth.requests.login).toEqual({ status: 'fail', message });
  });

  it('shows the network error’s own message when no answer arrives', async () => {
    net.on('POST', '/api/users/login', 'network-error');
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await screen.findByLabelText('Email');
    await fillAndSubmit(user, 'member@example.org', 'whatever-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });
});
