// Join Link on the Participant List (issue 19): the link on the researcher's host, its QR code drawn by the
// qrcode library with a text alternative, Copy through the Clipboard API (or the link selected when the browser
// refuses), Print, and the note that an inactive study cannot be joined yet.
import { screen, waitFor, within } from '@testing-library/react';
import { toString as qrSvg } from 'qrcode';
import { joinLinkTexts } from '../../../../src/shared/messages';
import type { Study } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { participant, twoStageStudy } from './participantFixtures';
import { answerParticipants, openPage } from './support';

let net: MockApi;
beforeEach(() => {
  net = answerParticipants(mockApi(), () => [participant({ id: 'p1', code: 'AAA111' })]);
});
afterEach(() => {
  net.restore();
  jest.restoreAllMocks();
});

const LINK = `${window.location.origin}/app/join/ABC234`;

function withStudy(study: Study) {
  net.on('GET', '/api/studies/s1', { status: 200, data: study });
}

async function openDialog(writeText?: (text: string) => Promise<void>) {
  const rendered = openPage();
  // After user-event's setup, which puts a clipboard of its own on navigator.
  if (writeText) clipboard(writeText);
  await screen.findByRole('cell', { name: 'AAA111' });
  await rendered.user.click(screen.getByRole('button', { name: joinLinkTexts.button }));
  const dialog = await screen.findByRole('dialog', { name: joinLinkTexts.title });
  return { ...rendered, dialog };
}

/** Stands in for the browser's clipboard. */
function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('Join Link (Participant List)', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  });

  it('shows the join link on this host and its QR code, drawn by the qrcode library, with a text alternative', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(LINK)).toBeInTheDocument();
    expect(within(dialog).getByText('Sleep Diary Study', { exact: false })).toBeInTheDocument();
    const image = await within(dialog).findByRole('img', { name: 'QR code of the join link of study ABC234' });
    const svg = image.querySelector('svg');
    expect(svg).not.toBeNull();
    // The very code the library makes for the link (not a drawing of some other text).
    const expected = await qrSvg(LINK, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
    const paths = (markup: string) => [...markup.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]);
    expect(paths(image.innerHTML)).toEqual(paths(expected));
    expect(paths(expected)).toHaveLength(2);
    expect(within(dialog).queryByText(joinLinkTexts.inactive)).not.toBeInTheDocument();
  });

  it('copies the link with the Clipboard API and says so', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    const { user, dialog } = await openDialog(writeText);
    await user.click(within(dialog).getByRole('button', { name: joinLinkTexts.copy }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await within(dialog).findByText(joinLinkTexts.copied)).toBeInTheDocument();
  });

  it('selects the link for the researcher to copy when the browser refuses the clipboard', async () => {
    const { user, dialog } = await openDialog(() => Promise.reject(new Error('NotAllowedError')));
    await user.click(within(dialog).getByRole('button', { name: joinLinkTexts.copy }));
    expect(await within(dialog).findByText(joinLinkTexts.copyBySelf)).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe(LINK);
  });

  it('prints once the QR code is drawn', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog();
    await within(dialog).findByRole('img', { name: /QR code/ });
    await user.click(within(dialog).getByRole('button', { name: joinLinkTexts.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says that participants can join an inactive study only once it is active', async () => {
    withStudy({ ...twoStageStudy, active_status: 'inactive' });
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(joinLinkTexts.inactive)).toBeInTheDocument();
    expect(within(dialog).getByText(LINK)).toBeInTheDocument();
  });

  it('closes', async () => {
    const { user, dialog } = await openDialog();
    // The footer's Close (the header's × is named Close too).
    const [, footerClose] = within(dialog).getAllByRole('button', { name: joinLinkTexts.close });
    await user.click(footerClose);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered for a study without a study code', async () => {
    withStudy({ ...twoStageStudy, study_code: '' });
    openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    expect(screen.queryByRole('button', { name: joinLinkTexts.button })).not.toBeInTheDocument();
  });
});
