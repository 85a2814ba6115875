import { screen, waitFor } from '@testing-library/react';
import { ACCESS, ALL_ACCESS, accessKey } from '../../../../src/shared/access';
import { authMessages } from '../../../../src/shared/messages';
import type { UpdateUserBody } from '../../../../src/shared/types/identity';
import { lab, labInfo, manager, member, memberWithAccess, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/users/systemowner/users/u1', { status: 200, data: memberWithAccess })
    .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, {
    route: '/systemowner/user/u1/edit?labId=lab1',
    preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
  });
  await screen.findByRole('heading', { name: 'Edit User' });
  await screen.findByDisplayValue('member@example.org');
  return rendered;
}

const sentBody = () => net.sentTo('PUT', '/api/users/systemowner/users/u1')[0]?.body as UpdateUserBody;

describe('EditUserPage (/systemowner/user/{id}/edit?labId=)', () => {
  it('shows the user’s email, an empty password that keeps the old one, Is Lab Manager and the permissions', async () => {
    await open();
    expect(screen.getByLabelText('Email')).toHaveValue('member@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText('Leave empty to keep the current password.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Is Lab Manager' })).not.toBeChecked();
    for (const entry of Object.values(ACCESS)) {
      expect(screen.getByRole('checkbox', { name: entry.label })).toBeChecked();
    }
  });

  it('sends the chosen permission entries in the PUT and returns to the lab page', async () => {
    net.on('PUT', '/api/users/systemowner/users/u1', { status: 200, data: memberWithAccess });
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: ACCESS.deleteStudy.label }));
    await user.click(screen.getByRole('checkbox', { name: ACCESS.createParticipant.label }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Sleep Lab' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/lab/lab1');
    expect(screen.getByText(authMessages.userUpdated)).toBeInTheDocument();
    const body = sentBody();
    expect(body).toMatchObject({ _id: 'u1', email: 'member@example.org', password: '', isLabManager: false });
    const sent = new Set(body.access?.map(accessKey));
    expect(sent.has(accessKey(ACCESS.deleteStudy))).toBe(false);
    expect(sent.has(accessKey(ACCESS.createParticipant))).toBe(false);
    expect(sent.size).toBe(ALL_ACCESS.length - 2);
  });

  it('checks and locks every permission for a lab manager, and sends them all', async () => {
    net.on('PUT', '/api/users/systemowner/users/u1', { status: 200, data: { ...memberWithAccess, isLabManager: true } });
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: ACCESS.activateStudy.label }));
    await user.click(screen.getByRole('checkbox', { name: 'Is Lab Manager' }));
    const box = screen.getByRole('checkbox', { name: ACCESS.activateStudy.label });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sentBody()).toBeDefined());
    expect(sentBody()).toMatchObject({ isLabManager: true, access: ALL_ACCESS });
  });

  it('checks a new password and the email before saving', async () => {
    const { user } = await open();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordTooShort)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/users/systemowner/users/u1')).toHaveLength(0);
  });

  it('sends a new password when one is typed', async () => {
    net.on('PUT', '/api/users/systemowner/users/u1', { status: 200, data: memberWithAccess });
    const { user } = await open();
    await user.type(screen.getByLabelText('Password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sentBody()).toMatchObject({ password: 'new-password' }));
  });

  it('shows the server’s refusal in the red alert', async () => {
    net.on('PUT', '/api/users/systemowner/users/u1', { status: 409, data: { message: authMessages.emailTaken } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.emailTaken);
    expect(currentLocation()).toBe('/systemowner/user/u1/edit?labId=lab1');
  });
});
