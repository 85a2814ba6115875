// Renaming and creating media files never lose typed work silently (the shared unsaved-changes guard).
import { screen, waitFor, within } from '@testing-library/react';
import { mediaMessages, portalMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { image } from './mediaFixtures';

const LEAVE = portalMessages.unsavedLeavePage;
const asLabUser = { auth: signedIn({ labUser: labUserSession() }) };

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/files/mediafile/f1', { status: 200, data: image })
    .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image], pages: 1, page: 1 } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 404, data: { message: 'Lab not found' } });
});
afterEach(() => net.restore());

const leaveQuestion = () => screen.findByRole('dialog', { name: LEAVE });

describe('Update Filename (/media/files/edit/{id})', () => {
  it('goes back without a question when the name is unchanged', async () => {
    const { user } = renderWithProviders(undefined, { route: '/media/files/edit/f1', preloadedState: asLabUser });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it(`asks '${LEAVE}' before a changed name is lost: Stay keeps it, Leave goes`, async () => {
    const { user } = renderWithProviders(undefined, { route: '/media/files/edit/f1', preloadedState: asLabUser });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lake picture');
    await user.click(screen.getByRole('link', { name: 'Studies' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Stay' }));
    expect(currentLocation()).toBe('/media/files/edit/f1');
    expect(name).toHaveValue('Lake picture');
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
  });

  it('returns to the list after a successful rename without a question', async () => {
    net.on('PUT', '/api/files/mediafile/f1', { status: 200, data: { ...image, name: 'Lake picture' } });
    const { user } = renderWithProviders(undefined, { route: '/media/files/edit/f1', preloadedState: asLabUser });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lake picture');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(mediaMessages.fileRenamed)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });
});

describe('Create File (/media/createfile)', () => {
  it('asks before Cancel loses a typed name', async () => {
    const { user } = renderWithProviders(undefined, { route: '/media/createfile', preloadedState: asLabUser });
    await user.type(await screen.findByLabelText('Name'), 'Breathing');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await leaveQuestion()).getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Breathing');
    expect(currentLocation()).toBe('/media/createfile');
  });
});
