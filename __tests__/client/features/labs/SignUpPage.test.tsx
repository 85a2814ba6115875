import { screen, within } from '@testing-library/react';
import { ACCESS, NEW_LAB_USER_ACCESS, accessKey } from '../../../../src/shared/access';
import { authMessages } from '../../../../src/shared/messages';
import { manager, managerSession, member } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [member, manager] } });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, {
    route: '/lm/register',
    preloadedState: { auth: signedIn({ labUser: managerSession() }) },
  });
  await screen.findByRole('heading', { name: 'Sign Up' });
  return rendered;
}

async function fill(user: Awaited<ReturnType<typeof open>>['user'], email: string, password: string, confirmation: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignUpPage (/lm/register)', () => {
  it('shows the required messages', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.confirmPasswordRequired)).toBeInTheDocument();
  });

  it('shows “Passwords do not match”, a short password and an invalid email', async () => {
    const { user } = await open();
    await fill(user, 'someone', 'short', 'other');
    expect(screen.getByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/users/lm/register')).toHaveLength(0);
  });

  it('registers into the manager’s lab, shows “Registration Success!” and returns to the list', async () => {
    net.on('POST', '/api/users/lm/register', { status: 201, data: { message: authMessages.registrationSuccess, user: member } });
    const { user } = await open();
    await fill(user, 'member@example.org', 'password1', 'password1');
    expect(await screen.findByText(authMessages.registrationSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lab Users' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/lm/get_users');
    expect(net.sentTo('POST', '/api/users/lm/register')[0]).toMatchObject({
      body: { email: 'member@example.org', password: 'password1', lab: 'lab1' },
      authorization: 'Bearer lab-token',
    });
  });

  it('shows the permission entries a new user will get, the defaults ticked, and sends the ones chosen', async () => {
    net.on('POST', '/api/users/lm/register', { status: 201, data: { message: authMessages.registrationSuccess, user: member } });
    const { user } = await open();
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    expect(within(permissions).getAllByRole('checkbox')).toHaveLength(Object.keys(ACCESS).length);
    const defaults = new Set(NEW_LAB_USER_ACCESS.map(accessKey));
    for (const entry of Object.values(ACCESS)) {
      expect((within(permissions).getByRole('checkbox', { name: entry.label }) as HTMLInputElement).checked).toBe(defaults.has(accessKey(entry)));
    }
    await user.click(within(permissions).getByRole('checkbox', { name: ACCESS.createStudy.label }));
    await fill(user, 'member@example.org', 'password1', 'password1');
    expect(await screen.findByText(authMessages.registrationSuccess)).toBeInTheDocument();
    const { area, modifier, task } = ACCESS.createStudy;
    expect(net.sentTo('POST', '/api/users/lm/register')[0].body).toEqual({
      email: 'member@example.org',
      password: 'password1',
      lab: 'lab1',
      access: [...NEW_LAB_USER_ACCESS, { area, modifier, task }],
    });
  });

  it('shows the server’s refusal in the red alert', async () => {
    net.on('POST', '/api/users/lm/register', { status: 409, data: { message: authMessages.emailTaken } });
    const { user } = await open();
    await fill(user, 'member@example.org', 'password1', 'password1');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
    expect(currentLocation()).toBe('/lm/register');
  });
});
