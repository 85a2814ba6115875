import { screen } from '@testing-library/react';
import { authMessages } from '../../../../src/shared/messages';
import { lab, labInfo, manager, member, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, {
    route: '/systemowner/register/lab1',
    preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
  });
  await screen.findByRole('heading', { name: 'Register New Admin User' });
  return rendered;
}

describe('RegisterUserPage (/systemowner/register/{labId})', () => {
  it('has Email, Is Lab Manager, Password and Confirm Password', async () => {
    await open();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Is Lab Manager' })).not.toBeChecked();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/systemowner/lab/lab1');
  });

  it('shows the required and matching messages', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'x@y');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password2');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/users/systemOwner/register/lab1')).toHaveLength(0);
  });

  it('registers a lab manager and returns to the lab page', async () => {
    net.on('POST', '/api/users/systemOwner/register/lab1', { status: 201, data: { ...member, isLabManager: true } });
    const { user } = await open();
    await user.type(screen.getByLabelText('Email'), 'new@example.org');
    await user.click(screen.getByRole('checkbox', { name: 'Is Lab Manager' }));
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Sleep Lab' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/lab/lab1');
    expect(screen.getByText(authMessages.registrationSuccess)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/users/systemOwner/register/lab1')[0].body).toEqual({
      email: 'new@example.org',
      password: 'password1',
      isLabManager: true,
    });
  });

  it('shows the server’s refusal in the red alert', async () => {
    net.on('POST', '/api/users/systemOwner/register/lab1', { status: 409, data: { message: authMessages.emailTaken } });
    const { user } = await open();
    await user.type(screen.getByLabelText('Email'), 'member@example.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
  });
});
