// Download Image Data on the Participant List: chosen in the row's Actions menu (NotStart), then a button beside
// the menu says Downloading... (Started), Click To Save File (ReadyDownload) or No image is found (NoResponse);
// back to NotStart, the menu offering it again, after saving or on error, the error in the red alert. The link
// is polled every IMAGE_LINK_POLL_MS, and no longer once the row is gone.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { IMAGE_LINK_POLL_MS, imageDownloadMessages } from '../../../../src/shared/imageDownloads';
import type { ImageDownloadAnswer, ImageLinkReady } from '../../../../src/shared/types/imageDownloads';
import type { Participant } from '../../../../src/shared/types/participant';
import { alertShown } from '../../../../src/client/app/notifications/notificationsSlice';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { participant } from '../participants/participantFixtures';
import { answerParticipants, chooseRowAction, rowMenuItems } from '../participants/support';

const START = '/api/data/s1/p2/download_img_resp';
const LINK = '/api/data/get_img_resp_link';

const rows: Participant[] = [participant({ id: 'p2', code: 'BBB222', stageNum: 2, groupNum: 1 })];

const started: ImageDownloadAnswer = {
  s3ZipperToken: 'token-of-the-build',
  streamZipResp: { status: 'Started', message: imageDownloadMessages.started, photoCount: 3, fileName: 'ABC234_BBB222_images_20300101-000000.zip' },
};
const pending = { status: 'Started', message: imageDownloadMessages.started };
const ready: ImageLinkReady = {
  status: 'ReadyDownload',
  message: imageDownloadMessages.ready,
  link: '/api/files/object/image-downloads/abc.zip?expires=1&signature=s&name=x.zip',
  fileName: 'ABC234_BBB222_images_20300101-000000.zip',
  expiresAt: '2030-01-01T01:00:00.000Z',
  photoCount: 3,
};

let net: MockApi;
let saved: Array<{ href: string; download: string }>;
beforeEach(() => {
  jest.useFakeTimers();
  net = answerParticipants(mockApi(), () => rows);
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** The Participant List of stage 2, group 1 (the row actions show). */
async function openList() {
  const rendered = renderWithProviders(undefined, {
    route: '/participants/s1',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess: [...ALL_ACCESS] } },
    advanceTimers: (ms) => jest.advanceTimersByTime(ms),
  });
  await screen.findByRole('cell', { name: 'BBB222' });
  await rendered.user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await rendered.user.selectOptions(await screen.findByLabelText('Group'), 'Group 1: Diary');
  await screen.findByRole('button', { name: 'Actions BBB222' });
  return rendered;
}

const button = () => {
  const row = screen.getByRole('cell', { name: 'BBB222' }).closest('tr') as HTMLElement;
  // The row's image button, whichever of its states it is in (none before a download is asked for).
  const states = /^(Downloading\.\.\.|Click To Save File|No image is found)/;
  return within(row).queryAllByRole('button').find((b) => states.test(b.textContent ?? ''));
};

const startImages = (user: UserEvent) => chooseRowAction(user, 'BBB222', 'Download Image Data');
/** Back to NotStart: no state button, and the menu offers the download again. */
async function expectNotStarted(user: UserEvent) {
  await waitFor(() => expect(button()).toBeUndefined());
  expect(await rowMenuItems(user, 'BBB222')).toContain('Download Image Data');
}

const poll = () => act(async () => jest.advanceTimersByTime(IMAGE_LINK_POLL_MS));

describe('Download Image Data', () => {
  it('starts the zip, shows Downloading... while polling, then Click To Save File, which saves and resets', async () => {
    const start = deferred();
    let linkAnswers = [{ status: 202, data: pending }, { status: 200, data: ready }];
    net.on('GET', START, start.responder).on('POST', LINK, () => {
      const [next, ...rest] = linkAnswers;
      linkAnswers = rest;
      return next;
    });
    const { user } = await openList();

    await startImages(user);
    expect(button()).toHaveTextContent('Downloading...');
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    await act(async () => start.release({ status: 200, data: started }));
    expect(net.sentTo('POST', LINK)).toHaveLength(0);

    // Clicking while it is being built starts nothing more, and the menu does not offer another start.
    await user.click(button() as HTMLElement);
    expect(net.sentTo('GET', START)).toHaveLength(1);
    expect(await rowMenuItems(user, 'BBB222')).not.toContain('Download Image Data');

    await poll();
    await waitFor(() => expect(net.sentTo('POST', LINK)).toHaveLength(1));
    expect(net.sentTo('POST', LINK)[0].body).toEqual(started);
    expect(button()).toHaveTextContent('Downloading...');

    await poll();
    await screen.findByRole('button', { name: 'Click To Save File BBB222' });
    expect(net.sentTo('POST', LINK)).toHaveLength(2);
    await poll();
    expect(net.sentTo('POST', LINK)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Click To Save File BBB222' }));
    expect(saved).toEqual([{ href: ready.link, download: ready.fileName }]);
    // The button goes; the focus it had moves to the row's menu, which offers the download again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions BBB222' })).toHaveFocus());
    await expectNotStarted(user);
  });

  it('says No image is found for a participant without photo answers, and asks again when clicked', async () => {
    net.on('GET', START, { status: 200, data: { s3ZipperToken: null, streamZipResp: { status: 'NoResponse', message: imageDownloadMessages.noImage, photoCount: 0, fileName: null } } });
    const { user } = await openList();
    await startImages(user);
    await screen.findByRole('button', { name: 'No image is found BBB222' });
    await poll();
    expect(net.sentTo('POST', LINK)).toHaveLength(0);
    await user.click(button() as HTMLElement);
    await waitFor(() => expect(net.sentTo('GET', START)).toHaveLength(2));
    await screen.findByRole('button', { name: 'No image is found BBB222' });
  });

  it('goes back to NotStart with the server’s message in the red alert when the build fails or the start is refused', async () => {
    net.on('GET', START, { status: 200, data: started }).on('POST', LINK, { status: 500, data: { message: imageDownloadMessages.failed } });
    const { user } = await openList();
    await startImages(user);
    await poll();
    expect(await screen.findByRole('alert')).toHaveTextContent(imageDownloadMessages.failed);
    await expectNotStarted(user);

    net.on('GET', START, { status: 429, data: { message: imageDownloadMessages.tooMany } });
    await startImages(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(imageDownloadMessages.tooMany);
    await expectNotStarted(user);
  });

  it('polls without clearing the red alert, and stops polling once the list is gone', async () => {
    net.on('GET', START, { status: 200, data: started }).on('POST', LINK, { status: 202, data: pending });
    const { user, store, unmount } = await openList();
    await startImages(user);
    await waitFor(() => expect(button()).toHaveTextContent('Downloading...'));
    act(() => {
      store.dispatch(alertShown('Something else went wrong'));
    });
    await poll();
    await waitFor(() => expect(net.sentTo('POST', LINK)).toHaveLength(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Something else went wrong');
    await poll();
    await waitFor(() => expect(net.sentTo('POST', LINK)).toHaveLength(2));

    unmount();
    await act(async () => jest.advanceTimersByTime(IMAGE_LINK_POLL_MS * 5));
    expect(net.sentTo('POST', LINK)).toHaveLength(2);
    // Still building: coming back resumes asking.
    renderWithProviders(undefined, { route: '/participants/s1', store, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await screen.findByRole('button', { name: 'Downloading... BBB222' });
    await poll();
    await waitFor(() => expect(net.sentTo('POST', LINK)).toHaveLength(3));
  });
});
