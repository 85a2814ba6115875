import { screen, within } from '@testing-library/react';
import { ACCESS, NEW_LAB_USER_ACCESS, accessKey } from '../../../../src/shared/access';
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

  it('shows every permission entry a new user will get, the defaults ticked, and sends the ones chosen', async () => {
    net.on('POST', '/api/users/systemOwner/register/lab1', { status: 201, data: member });
    const { user } = await open();
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    expect(permissions).toHaveAccessibleDescription(authMessages.newUserAccessHelp);
    const boxes = within(permissions).getAllByRole('checkbox');
    expect(boxes.map((b) => (b.closest('.form-check') as HTMLElement).textContent)).toEqual(Object.values(ACCESS).map((a) => a.label));
    const defaults = new Set(NEW_LAB_USER_ACCESS.map(accessKey));
    for (const [i, entry] of Object.values(ACCESS).entries()) expect((boxes[i] as HTMLInputElement).checked).toBe(defaults.has(accessKey(entry)));
    // A lab manager holds every entry: the boxes are ticked and locked while Is Lab Manager is.
    await user.click(screen.getByRole('checkbox', { name: 'Is Lab Manager' }));
    for (const box of within(permissions).getAllByRole('checkbox')) expect(box).toBeChecked();
    for (const box of within(permissions).getAllByRole('checkbox')) expect(box).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Is Lab Manager' }));
    await user.click(within(permissions).getByRole('checkbox', { name: ACCESS.createParticipant.label }));
    await user.click(within(permissions).getByRole('checkbox', { name: ACCESS.editEma.label }));
    await user.type(screen.getByLabelText('Email'), 'new@example.org');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Sleep Lab' })).toBeInTheDocument();
    const entry = (name: keyof typeof ACCESS) => ({ area: ACCESS[name].area, modifier: ACCESS[name].modifier, task: ACCESS[name].task });
    expect(net.sentTo('POST', '/api/users/systemOwner/register/lab1')[0].body).toEqual({
      email: 'new@example.org',
      password: 'password1',
      isLabManager: false,
      // In the catalogue's order, not the order ticked.
      access: [entry('editEma'), entry('createParticipant')],
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
