import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MediaPicker, type MediaFile } from '../../../../src/client/features/media';
import { mediaMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { audio, image, video } from './mediaFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const search = (keyword: string, type: string) => `/api/files/targetfiles?keyword=${encodeURIComponent(keyword)}&type=${type}`;

function Harness({ type, onPick }: { type?: 'image' | 'audio' | 'video' | ''; onPick: (file: MediaFile) => void }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Choose media
      </button>
      <MediaPicker
        show={show}
        type={type}
        onHide={() => setShow(false)}
        onPick={(file) => {
          onPick(file);
          setShow(false);
        }}
      />
    </>
  );
}

function open(type?: 'image' | 'audio' | 'video' | '') {
  const onPick = jest.fn();
  const rendered = renderWithProviders(<Harness type={type} onPick={onPick} />, {
    preloadedState: { auth: signedIn({ labUser: labUserSession() }) },
  });
  return { ...rendered, onPick };
}

describe('MediaPicker', () => {
  it('lists the uploaded files and hands the chosen one to onPick', async () => {
    net.on('GET', search('', ''), { status: 200, data: { files: [image, video, audio] } });
    const { user, onPick } = open();
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a Media File' });
    const list = await within(dialog).findByRole('list', { name: 'Media files' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    await user.click(within(list).getByRole('button', { name: /Breathing video/ }));
    expect(onPick).toHaveBeenCalledWith(video);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('searches by keyword and filters by type', async () => {
    net
      .on('GET', search('', ''), { status: 200, data: { files: [image, video, audio] } })
      .on('GET', search('', 'video'), { status: 200, data: { files: [video] } })
      .on('GET', search('breath', 'video'), { status: 200, data: { files: [video] } });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: /Calm sound/ });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'video');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Calm sound/ })).not.toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('Keyword'), 'breath');
    await waitFor(() => expect(net.sentTo('GET', search('breath', 'video'))).toHaveLength(1));
    // Typing waits for a pause: one search for the whole word, not one per letter.
    expect(net.sent.filter((r) => r.url.includes('keyword=b'))).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: /Breathing video/ })).toBeInTheDocument();
  });

  it('opens on the type it is given', async () => {
    net.on('GET', search('', 'audio'), { status: 200, data: { files: [audio] } });
    const { user } = open('audio');
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: /Calm sound/ })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Type')).toHaveValue('audio');
    expect(net.sent.map((r) => r.url)).toEqual([search('', 'audio')]);
  });

  it(`says '${mediaMessages.pickerEmpty}' when the lab has no files`, async () => {
    net.on('GET', search('', ''), { status: 200, data: { files: [] } });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    expect(await screen.findByText(mediaMessages.pickerEmpty)).toBeInTheDocument();
  });

  it(`says '${mediaMessages.pickerEmpty}' when it opens filtered by type on a lab with no file at all`, async () => {
    net
      .on('GET', search('', 'image'), { status: 200, data: { files: [] } })
      .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [], pages: 1, page: 1 } });
    const { user } = open('image');
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(mediaMessages.pickerEmpty)).toBeInTheDocument();
    expect(within(dialog).queryByText(mediaMessages.pickerNoMatch)).not.toBeInTheDocument();
  });

  it(`says '${mediaMessages.pickerNoMatch}' when the lab has files but none of the type or keyword`, async () => {
    net
      .on('GET', search('', 'video'), { status: 200, data: { files: [] } })
      .on('GET', '/api/files/userFiles?pageNumber=1', { status: 200, data: { files: [image], pages: 1, page: 1 } });
    const { user } = open('video');
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(mediaMessages.pickerNoMatch)).toBeInTheDocument();
    expect(within(dialog).queryByText(mediaMessages.pickerEmpty)).not.toBeInTheDocument();
  });

  it('shows the server’s message when the search fails', async () => {
    net.on('GET', search('', ''), { status: 500, data: { message: 'Something went wrong on the server. Please try again.' } });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Choose media' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
  });
});
