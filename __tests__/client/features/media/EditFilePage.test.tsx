import { screen, waitFor, within } from '@testing-library/react';
import { mediaMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders, signedIn } from '../../testUtils';
import { audio, image, video } from './mediaFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi()
    .on('GET', '/api/files/mediafile/f1', { status: 200, data: image })
    .on('GET', '/api/files/mediafile/f2', { status: 200, data: video })
    .on('GET', '/api/files/mediafile/f3', { status: 200, data: audio })
    .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image], pages: 1, page: 1 } })
    .on('GET', '/api/labs/labinfo/lab1', { status: 404, data: { message: 'Lab not found' } });
});
afterEach(() => net.restore());

function open(id: string) {
  return renderWithProviders(undefined, { route: `/media/files/edit/${id}`, preloadedState: { auth: signedIn({ labUser: labUserSession() }) } });
}

describe('EditFilePage (/media/files/edit/{id})', () => {
  it('previews an image with <img>', async () => {
    open('f1');
    const img = await screen.findByRole('img', { name: 'Forest picture' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', image.url);
    expect(screen.getByRole('heading', { name: 'Update Filename' })).toBeInTheDocument();
  });

  it('previews a video with <video controls>', async () => {
    open('f2');
    await screen.findByLabelText('Name');
    const player = document.querySelector('video');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', video.url);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('previews audio with <audio controls>', async () => {
    open('f3');
    await screen.findByLabelText('Name');
    const player = document.querySelector('audio');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', audio.url);
  });

  it(`refuses an empty name with '${mediaMessages.fileNameRequired}'`, async () => {
    const { user } = open('f1');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(mediaMessages.fileNameRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(net.sentTo('PUT', '/api/files/mediafile/f1')).toEqual([]);
  });

  it('renames the file, toasts and returns to the list', async () => {
    net.on('PUT', '/api/files/mediafile/f1', { status: 200, data: { ...image, name: 'Lake picture' } });
    const { user } = open('f1');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Lake picture');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(mediaMessages.fileRenamed)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/files/mediafile/f1')[0].body).toEqual({ name: 'Lake picture' });
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
  });

  it('shows a missing file’s message in the red alert', async () => {
    net.on('GET', '/api/files/mediafile/zz', { status: 404, data: { message: mediaMessages.fileNotFound } });
    open('zz');
    expect(await screen.findByRole('alert')).toHaveTextContent(mediaMessages.fileNotFound);
    expect(within(document.body).getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/media/files');
  });
});
