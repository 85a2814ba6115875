import { screen } from '@testing-library/react';
import { authMessages } from '../../../../src/shared/messages';
import { lab, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
});
afterEach(() => net.restore());

async function signIn(route: string, email = 'owner@example.org') {
  const rendered = renderWithProviders(undefined, { route });
  await screen.findByRole('heading', { name: 'System Owner Sign In' });
  await rendered.user.type(screen.getByLabelText('Email'), email);
  await rendered.user.type(screen.getByLabelText('Password'), 'owner-password');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return rendered;
}

describe('SystemOwnerLoginPage (/systemowner/login)', () => {
  it('names the site and asks for the email and password', async () => {
    const { user } = renderWithProviders(undefined, { route: '/systemowner/login' });
    await screen.findByRole('heading', { name: 'System Owner Sign In' });
    expect(screen.getByText('Research Study Admin Portal', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
  });

  it('goes to the labs home after signing in', async () => {
    net.on('POST', '/api/users/systemowner/login', { status: 200, data: ownerSession() });
    await signIn('/systemowner/login', 'owner@localhost');
    expect(await screen.findByRole('heading', { name: 'Sleep Lab' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/home');
    expect(net.sentTo('POST', '/api/users/systemowner/login')[0]).toMatchObject({
      // The default owner account has no dot in its domain; sign-in does not apply the registration pattern.
      body: { email: 'owner@localhost', password: 'owner-password' },
      authorization: null,
    });
  });

  it('returns to the system owner page it was sent from', async () => {
    net
      .on('POST', '/api/users/systemowner/login', { status: 200, data: ownerSession() })
      .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [] } })
      .on('GET', '/api/labs/labinfo/lab1', { status: 404, data: { message: 'Lab not found' } });
    await signIn('/systemowner/login?redirect=%2Fsystemowner%2Flab%2Flab1');
    expect(await screen.findByRole('heading', { name: 'Sleep Lab' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/lab/lab1');
  });

  it('shows a refused sign-in in the red alert', async () => {
    net.on('POST', '/api/users/systemowner/login', { status: 401, data: { message: authMessages.invalidCredentials } });
    await signIn('/systemowner/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCredentials);
  });
});
