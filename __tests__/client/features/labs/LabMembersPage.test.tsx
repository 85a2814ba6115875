import { screen, waitFor, within } from '@testing-library/react';
import { ACCESS, ALL_ACCESS, accessKey, type AccessEntry } from '../../../../src/shared/access';
import { portalMessages } from '../../../../src/shared/messages';
import { manager, managerSession, member, memberWithAccess } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [member, manager] } })
    .on('GET', '/api/users/lm/users/u1', { status: 200, data: memberWithAccess });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, {
    route: '/lm/get_users',
    preloadedState: { auth: signedIn({ labUser: managerSession() }) },
  });
  await screen.findByRole('cell', { name: 'member@example.org' });
  return rendered;
}

const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr') as HTMLElement;

describe('LabMembersPage (/lm/get_users)', () => {
  it('lists the lab’s users with ID, EMAIL, MANAGER and CREATED AT', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Lab Users' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['ID', 'EMAIL', 'MANAGER', 'CREATED AT']);
    expect(within(rowOf('member@example.org')).getByText('2024-03-05')).toBeInTheDocument();
    expect(within(rowOf('manager@example.org')).getByText('✓')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a new user' })).toHaveAttribute('href', '/lm/register');
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('offers Permissions for lab users but not for managers', async () => {
    await open();
    expect(within(rowOf('member@example.org')).getByRole('button', { name: 'Permissions of member@example.org' })).toBeInTheDocument();
    expect(within(rowOf('manager@example.org')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits a lab user’s permission entries in a dialog', async () => {
    let saved: AccessEntry[] = [];
    net.on('PUT', '/api/users/lm/users/u1/access', (request) => {
      saved = (request.body as { access: AccessEntry[] }).access;
      return { status: 200, data: { ...memberWithAccess, access: saved } };
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Permissions of member@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions' });
    await user.click(await within(dialog).findByRole('checkbox', { name: ACCESS.createStudy.label }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(portalMessages.accessUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toHaveLength(ALL_ACCESS.length - 1);
    expect(saved.map(accessKey)).not.toContain(accessKey(ACCESS.createStudy));
  });

  it('says so when the lab has no users', async () => {
    net.on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [] } });
    renderWithProviders(undefined, { route: '/lm/get_users', preloadedState: { auth: signedIn({ labUser: managerSession() }) } });
    expect(await screen.findByText('Your lab has no users yet.')).toBeInTheDocument();
  });
});
