import { screen, waitFor, within } from '@testing-library/react';
import { generalMessages, mediaMessages } from '../../../../src/shared/messages';
import { labInfo, labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { audio, image, video } from './mediaFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image, video, audio], pages: 2, page: 1 } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: { ...labInfo, storageUsed: 12.3 * 1024 * 1024 } });
});
afterEach(() => net.restore());

function open(route = '/media/files') {
  return renderWithProviders(undefined, { route, preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('MediaFilesPage (/media/files)', () => {
  it('lists the files with NAME, TYPE, CREATED AT and EDIT, and the Create File button', async () => {
    open();
    await screen.findByRole('cell', { name: 'Forest picture' });
    expect(screen.getByRole('heading', { name: 'Media Files' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'TYPE', 'CREATED AT', 'EDIT']);
    const row = rowOf('Breathing video');
    expect(within(row).getByText('Video')).toBeInTheDocument();
    expect(within(row).getByText('2024-04-02')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Breathing video' })).toHaveAttribute('href', '/media/files/edit/f2');
    expect(within(row).getByRole('button', { name: 'Delete Breathing video' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create File' })[0]).toHaveAttribute('href', '/media/createfile');
    expect(screen.getByRole('navigation', { name: 'Media file pages' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('href', '/media/files/2');
  });

  it('shows page 1 when the files fit on one page', async () => {
    net.on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image], pages: 1, page: 1 } });
    open();
    await screen.findByRole('cell', { name: 'Forest picture' });
    const pages = screen.getByRole('navigation', { name: 'Media file pages' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the lab’s storage use against the 2 GB quota', async () => {
    open();
    const bar = await screen.findByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuenow', '0.6');
    expect(screen.getByText('12.3 MB of 2 GB used (0.6%)')).toBeInTheDocument();
  });

  it('asks ‘Are you sure?’ before deleting, then toasts the server’s message and reloads', async () => {
    let deleted = false;
    net
      .on('DELETE', '/api/files/mediafile/f1', () => {
        deleted = true;
        return { status: 200, data: { message: mediaMessages.fileDeleted } };
      })
      .on('GET', '/api/files/userFiles?pageNumber=1', () => ({
        status: 200,
        data: { files: deleted ? [video, audio] : [image, video, audio], pages: 1, page: 1 },
      }));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Forest picture' }));
    const dialog = await screen.findByRole('dialog', { name: generalMessages.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Forest picture' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(mediaMessages.fileDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Forest picture' })).not.toBeInTheDocument());
    expect(net.sentTo('GET', '/api/files/userFiles?pageNumber=1').length).toBeGreaterThanOrEqual(2);
    expect(net.sentTo('GET', '/api/labs/labinfo/lab1')).toHaveLength(2);
  });

  it('shows a failed deletion’s message in the red alert, and keeps the user signed in on a 401', async () => {
    net.on('DELETE', '/api/files/mediafile/f1', { status: 401, data: { message: 'Your session has ended' } });
    const { user, store } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Forest picture' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended');
    expect(store.getState().auth.labUser).not.toBeNull();
    expect(currentLocation()).toBe('/media/files');
  });

  it('sends an out-of-range page to the last page', async () => {
    net
      .on('GET', '/api/files/userFiles?pageNumber=9', { status: 200, data: { files: [], pages: 2, page: 9 } })
      .on('GET', '/api/files/userFiles?pageNumber=2', { status: 200, data: { files: [audio], pages: 2, page: 2 } });
    open('/media/files/9');
    await screen.findByRole('cell', { name: 'Calm sound' });
    expect(currentLocation()).toBe('/media/files/2');
  });

  it('sends a page that is not a number to the first page', async () => {
    open('/media/files/abc');
    await screen.findByRole('cell', { name: 'Forest picture' });
    expect(currentLocation()).toBe('/media/files/1');
  });

  it('says so when the lab has no files', async () => {
    net.on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [], pages: 1, page: 1 } });
    open();
    expect(await screen.findByText(mediaMessages.noFiles)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the list’s failure in the red alert', async () => {
    net.on('GET', '/api/files/userFiles?pageNumber=1', 'network-error');
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });
});
