// The lab forms and the permissions dialog never lose typed work silently (the shared unsaved-changes guard).
import { screen, waitFor, within } from '@testing-library/react';
import { ACCESS } from '../../../../src/shared/access';
import { portalMessages } from '../../../../src/shared/messages';
import { lab, labInfo, manager, managerSession, member, memberWithAccess, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';

const LEAVE = portalMessages.unsavedLeavePage;
const DISCARD = portalMessages.unsavedDiscard;
const asOwner = { auth: signedIn({ systemOwner: ownerSession() }) };

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/labs', { status: 200, data: { labs: [lab] } })
    .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo })
    .on('GET', '/api/users/systemowner/users/u1', { status: 200, data: memberWithAccess })
    .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [member, manager] } })
    .on('GET', '/api/users/lm/users/u1', { status: 200, data: memberWithAccess });
});
afterEach(() => net.restore());

const answer = async (question: string, button: string) =>
  within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: button });

describe('Create New Lab', () => {
  it('goes back without a question when nothing was typed', async () => {
    const { user } = renderWithProviders(undefined, { route: '/systemowner/createLab', preloadedState: asOwner });
    await user.click(await screen.findByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/home'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it(`asks '${LEAVE}' before Go Back or the menu loses typed fields`, async () => {
    const { user } = renderWithProviders(undefined, { route: '/systemowner/createLab', preloadedState: asOwner });
    await user.type(await screen.findByLabelText('Lab Name'), 'Sleep Lab');
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await user.click(await answer(LEAVE, 'Stay'));
    expect(currentLocation()).toBe('/systemowner/createLab');
    expect(screen.getByLabelText('Lab Name')).toHaveValue('Sleep Lab');
    await user.click(screen.getByRole('link', { name: 'Studies' }));
    await user.click(await answer(LEAVE, 'Leave'));
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/studies/1'));
  });
});

describe('Register New Admin User and Edit User', () => {
  it('asks before leaving a registration with a ticked Is Lab Manager', async () => {
    const { user } = renderWithProviders(undefined, { route: '/systemowner/register/lab1', preloadedState: asOwner });
    await user.click(await screen.findByRole('checkbox', { name: 'Is Lab Manager' }));
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await user.click(await answer(LEAVE, 'Stay'));
    expect(screen.getByRole('checkbox', { name: 'Is Lab Manager' })).toBeChecked();
  });

  it('asks before leaving a changed permission of a user, and not once it is changed back', async () => {
    const { user } = renderWithProviders(undefined, { route: '/systemowner/user/u1/edit?labId=lab1', preloadedState: asOwner });
    await screen.findByDisplayValue('member@example.org');
    const box = screen.getByRole('checkbox', { name: ACCESS.createStudy.label });
    await user.click(box);
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await user.click(await answer(LEAVE, 'Stay'));
    await user.click(box);
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/systemowner/lab/lab1'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });
});

describe('the Permissions dialog of Lab Members', () => {
  async function openPermissions() {
    const rendered = renderWithProviders(undefined, { route: '/lm/get_users', preloadedState: { auth: signedIn({ labUser: managerSession() }) } });
    await rendered.user.click(await screen.findByRole('button', { name: 'Permissions of member@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions' });
    const box = await within(dialog).findByRole('checkbox', { name: ACCESS.createStudy.label });
    return { ...rendered, dialog, box };
  }

  it(`asks '${DISCARD}' before Escape or Cancel lose a changed permission`, async () => {
    const { user, dialog, box } = await openPermissions();
    await user.click(box);
    await user.keyboard('{Escape}');
    await user.click(await answer(DISCARD, 'Keep Editing'));
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await answer(DISCARD, 'Discard'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Permissions' })).not.toBeInTheDocument());
    expect(net.sentTo('PUT', '/api/users/lm/users/u1/access')).toEqual([]);
  });

  it('closes without a question when the permissions are as saved', async () => {
    const { user, box } = await openPermissions();
    await user.click(box);
    await user.click(box);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Permissions' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });
});
