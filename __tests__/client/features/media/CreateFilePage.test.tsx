import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCEPT_ATTRIBUTE } from '../../../../src/shared/media';
import { mediaMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { fileOf, mediaFile } from './mediaFixtures';
import { mockStorage, type StorageEdge } from './storageEdge';

const MB = 1024 * 1024;
const grant = { url: 'http://localhost/api/files/upload/g1?expires=9&signature=s', file: 'lab1/videos/1-x.mp4', type: 'video', contentType: 'video/mp4' };

let net: MockApi;
let storage: StorageEdge;
beforeEach(() => {
  storage = mockStorage();
  net = mockApi()
    .on('POST', '/api/files/genLabS3URL', { status: 200, data: grant })
    .on('POST', '/api/files/createfiles', { status: 201, data: mediaFile({ _id: 'n1', type: 'video', name: 'Breathing' }) })
    .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [], pages: 1, page: 1 } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 404, data: { message: 'Lab not found' } });
});
afterEach(() => {
  net.restore();
  storage.restore();
});

function open() {
  return renderWithProviders(undefined, { route: '/media/createfile', preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
}

/** Chooses a file as a browser would when the picker's type filter is switched to "All files". */
function choose(file: File) {
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
}

describe('CreateFilePage (/media/createfile)', () => {
  it('has a labelled name field and a file picker limited to the allowed types', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Create File' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', ACCEPT_ATTRIBUTE);
  });

  it(`requires a name: '${mediaMessages.fileNameRequired}'`, async () => {
    const { user } = open();
    await screen.findByLabelText('File');
    choose(fileOf('forest.png', 100, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(mediaMessages.fileNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(net.sent).toHaveLength(0);
  });

  it('requires a file', async () => {
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Forest');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(mediaMessages.fileRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveFocus();
  });

  it.each([
    ['anim.gif', 100, mediaMessages.wrongExtension],
    ['notes.txt', 100, mediaMessages.wrongExtension],
    ['big.png', 3 * MB, mediaMessages.imageTooLarge],
    ['big.jpg', 2 * MB + 1, mediaMessages.imageTooLarge],
    ['long.mp3', 20 * MB + 1, mediaMessages.audioTooLarge],
    ['film.mp4', 30 * MB + 1, mediaMessages.videoTooLarge],
  ])('refuses %s (%i bytes) on the page: %s', async (name, size, message) => {
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Something');
    choose(fileOf(name, size));
    // Said as soon as the file is chosen, and again on Upload.
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveAttribute('aria-invalid', 'true');
    expect(net.sent).toHaveLength(0);
  });

  it('uploads the file, toasts and returns to the list', async () => {
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Breathing');
    await user.upload(screen.getByLabelText('File'), fileOf('breathing.mp4', 5000, 'video/mp4'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(mediaMessages.fileCreated)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(storage.puts).toHaveLength(1);
    expect(storage.puts[0]).toMatchObject({ contentType: 'video/mp4', authorization: null, size: 5000 });
    expect(net.sentTo('POST', '/api/files/createfiles')[0].body).toEqual({ lab: 'lab1', name: 'Breathing', type: 'video', file: grant.file, size: 5000 });
  });

  it('shows a progress bar while the bytes travel', async () => {
    let release: () => void = () => undefined;
    net.on('POST', '/api/files/createfiles', () => new Promise((resolve) => {
      release = () => resolve({ status: 201, data: mediaFile({ _id: 'n1', type: 'video' }) });
    }));
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Breathing');
    await user.upload(screen.getByLabelText('File'), fileOf('breathing.mp4', 5000, 'video/mp4'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    release();
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
  });

  it('shows the server’s message when the upload fails, and stays on the form', async () => {
    net.on('POST', '/api/files/genLabS3URL', { status: 413, data: { message: mediaMessages.quotaExceeded } });
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Breathing');
    await user.upload(screen.getByLabelText('File'), fileOf('breathing.mp4', 5000, 'video/mp4'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mediaMessages.quotaExceeded);
    expect(currentLocation()).toBe('/media/createfile');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('shows the server’s refusal of a file that is not what its name says, and stays on the form', async () => {
    net.on('POST', '/api/files/createfiles', { status: 400, data: { message: mediaMessages.contentNotAsNamed } });
    const { user } = open();
    await user.type(await screen.findByLabelText('Name'), 'Notes');
    await user.upload(screen.getByLabelText('File'), fileOf('notes.png', 50, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The content of this file does not match its extension. Files must be in .JPG .JPEG .PNG .MP3 or .MP4 format',
    );
    expect(currentLocation()).toBe('/media/createfile');
  });
});
