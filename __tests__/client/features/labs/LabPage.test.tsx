import { screen, within } from '@testing-library/react';
import { authMessages, generalMessages } from '../../../../src/shared/messages';
import { lab, labInfo, manager, member, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo })
    .on('GET', '/api/labs/systemowner/lab1/second_factor', { status: 200, data: { required: false } })
    .on('GET', '/api/labs', { status: 200, data: { labs: [lab] } });
});
afterEach(() => net.restore());

async function open() {
  const rendered = renderWithProviders(undefined, {
    route: '/systemowner/lab/lab1',
    preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
  });
  await screen.findByRole('heading', { name: 'Sleep Lab' });
  return rendered;
}

const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr') as HTMLElement;

describe('LabPage (/systemowner/lab/{id})', () => {
  it('shows the lab users with the specification’s columns', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Lab Users' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'EMAIL', 'MANAGER', 'CREATED AT', 'EDIT']);
    const managerRow = rowOf('manager@example.org');
    expect(within(managerRow).getByText('m1')).toBeInTheDocument();
    expect(within(managerRow).getByText('✓')).toBeInTheDocument();
    expect(within(managerRow).getByText('Yes')).toHaveClass('visually-hidden');
    const memberRow = rowOf('member@example.org');
    expect(within(memberRow).getByText('✗')).toBeInTheDocument();
    expect(within(memberRow).getByText('No')).toBeInTheDocument();
    expect(within(memberRow).getByText('2024-03-05')).toBeInTheDocument();
    expect(within(memberRow).getByRole('link', { name: 'Edit member@example.org' })).toHaveAttribute(
      'href',
      '/systemowner/user/u1/edit?labId=lab1',
    );
  });

  it('links to Register a new user and Go Back', async () => {
    await open();
    expect(screen.getByRole('link', { name: 'Register a new user' })).toHaveAttribute('href', '/systemowner/register/lab1');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/systemowner/home');
  });

  it('shows the storage used against the 2 GiB quota', async () => {
    await open();
    const bar = await screen.findByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('512 MB of 2 GB used (25%)')).toBeInTheDocument();
  });

  it('asks “Are you sure?” before deleting, and deletes only on Confirm', async () => {
    net.on('DELETE', '/api/users/systemowner/users/u1', { status: 200, data: { message: authMessages.userDeleted } });
    const { user } = await open();
    await user.click(within(rowOf('member@example.org')).getByRole('button', { name: 'Delete member@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: generalMessages.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('DELETE', '/api/users/systemowner/users/u1')).toHaveLength(0);

    net.on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager] } });
    await user.click(within(rowOf('member@example.org')).getByRole('button', { name: 'Delete member@example.org' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(authMessages.userDeleted)).toBeInTheDocument();
    expect(net.sentTo('DELETE', '/api/users/systemowner/users/u1')[0].authorization).toBe('Bearer owner-token');
    expect(screen.queryByRole('cell', { name: 'member@example.org' })).not.toBeInTheDocument();
  });

  it('shows a refused deletion in the red alert', async () => {
    net.on('DELETE', '/api/users/systemowner/users/m1', { status: 409, data: { message: 'The last lab manager cannot be deleted' } });
    const { user } = await open();
    await user.click(within(rowOf('manager@example.org')).getByRole('button', { name: 'Delete manager@example.org' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The last lab manager cannot be deleted');
  });

  it('shows an unknown lab’s error and the way back', async () => {
    net
      .on('GET', '/api/labs/systemowner/nope', { status: 404, data: { message: authMessages.labNotFound } })
      .on('GET', '/api/labs/labinfo/nope', { status: 404, data: { message: authMessages.labNotFound } });
    const { user } = renderWithProviders(undefined, {
      route: '/systemowner/lab/nope',
      preloadedState: { auth: signedIn({ systemOwner: ownerSession() }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.labNotFound);
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Labs' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/systemowner/home');
  });
});
