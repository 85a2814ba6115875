import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { downloadProgressed } from '../../../../src/client/features/downloads/downloadsSlice';
import { dataDownloadTexts } from '../../../../src/shared/dataDownloadTexts';
import type { Participant } from '../../../../src/shared/types/participant';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { participant } from '../participants/participantFixtures';
import { answerParticipants, openPage } from '../participants/support';
import { captureSaves, fileAnswer, TEXT, ZIP } from './support';
import { sliceState } from '../../testUtils';

const rows: Participant[] = [
  participant({ id: 'p1', code: 'AAA111', email: 'ann@example.org' }),
  participant({ id: 'p2', code: 'BBB222', email: 'ben@example.org', stageNum: 2, groupNum: 1 }),
  participant({ id: 'p3', code: 'CCC333', email: 'cat@example.org', stageNum: 2, groupNum: 2 }),
  participant({ id: 'p4', code: 'DDD444', email: 'dan@example.org', stageNum: 2, groupNum: 1, status: 'withdrawn' }),
];

let net: MockApi;
let capture: ReturnType<typeof captureSaves>;
beforeEach(() => {
  net = answerParticipants(mockApi(), () => rows);
  capture = captureSaves();
});
afterEach(() => {
  capture.restore();
  net.restore();
});

/** Chooses stage 2, group 1 on the page and opens the dialog from the download panel. */
async function openDialog(user: UserEvent) {
  await screen.findByRole('cell', { name: 'AAA111' });
  expect(screen.queryByRole('button', { name: dataDownloadTexts.textResponseButton })).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
  await user.click(await screen.findByRole('button', { name: dataDownloadTexts.textResponseButton }));
  const dialog = await screen.findByRole('dialog', { name: dataDownloadTexts.textResponseTitle });
  await within(dialog).findByRole('checkbox', { name: /BBB222/ });
  return dialog;
}

const listed = (dialog: HTMLElement) => within(dialog).queryAllByRole('checkbox').map((c) => c.closest('.form-check')?.textContent);
const sentBodies = () => net.sentTo('POST', TEXT).map((r) => r.body);

describe('Download Text Response', () => {
  it('starts at the page’s stage and group, leaves out the checked participants and saves the zip under the server’s name', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const { user, store } = openPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Stage')).toHaveValue('stage2');
    expect(within(dialog).getByLabelText('Group')).toHaveValue('group2-1');
    expect(listed(dialog)).toEqual(['BBB222 ben@example.org', 'DDD444 dan@example.org']);

    await user.type(within(dialog).getByRole('searchbox', { name: dataDownloadTexts.searchLabel }), 'dan@');
    expect(listed(dialog)).toEqual(['DDD444 dan@example.org']);
    await user.click(within(dialog).getByRole('checkbox', { name: /DDD444/ }));
    await user.clear(within(dialog).getByRole('searchbox'));
    expect(within(dialog).getByRole('checkbox', { name: /DDD444/ })).toBeChecked();
    expect(within(dialog).getByText('1 of 2 excluded')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(dataDownloadTexts.preparing);
    expect(within(dialog).getByRole('checkbox', { name: /BBB222/ })).toBeDisabled();
    store.dispatch(downloadProgressed({ kind: 'textResponses', progress: { received: 1536, total: null } }));
    expect(await within(dialog).findByText('Downloading… 1.5 KB received')).toBeInTheDocument();
    store.dispatch(downloadProgressed({ kind: 'textResponses', progress: { received: 512, total: 2048 } }));
    expect(await within(dialog).findByRole('progressbar', { name: dataDownloadTexts.textResponseTitle })).toHaveAttribute('aria-valuenow', '25');

    answer.release(fileAnswer(ZIP, { bytes: 2048, disposition: 'attachment; filename="ABC234_stage2_group1_text_responses.zip"' }));
    expect(await within(dialog).findByText('Saved ABC234_stage2_group1_text_responses.zip')).toBeInTheDocument();
    expect(capture.saves.map((s) => [s.fileName, s.blob.size])).toEqual([['ABC234_stage2_group1_text_responses.zip', 2048]]);
    const [sent] = net.sentTo('POST', TEXT);
    expect(sent.body).toEqual({ stageId: 'stage2', groupId: 'group2-1', excludedParticipantsIds: ['p4'] });
    expect(sent.accept).toBe(ZIP);
    expect(sent.timeout).toBe(300000);
    expect(sent.authorization).toBe('Bearer lab-token');
  });

  it('omits the group for all groups, and sends only exclusions of the chosen stage and group', async () => {
    net.on('POST', TEXT, fileAnswer(ZIP));
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /DDD444/ }));

    await user.selectOptions(within(dialog).getByLabelText('Group'), dataDownloadTexts.allGroups);
    await waitFor(() => expect(listed(dialog)).toEqual(['BBB222 ben@example.org', 'CCC333 cat@example.org', 'DDD444 dan@example.org']));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await within(dialog).findByText(/^Saved /);

    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Group 2: Control');
    await waitFor(() => expect(listed(dialog)).toEqual(['CCC333 cat@example.org']));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(2));

    await user.selectOptions(within(dialog).getByLabelText('Stage'), 'Stage 1: Baseline');
    expect(within(dialog).getByLabelText('Group')).toHaveValue('');
    await waitFor(() => expect(listed(dialog)).toEqual(['AAA111 ann@example.org']));

    expect(sentBodies()).toEqual([
      { stageId: 'stage2', excludedParticipantsIds: ['p4'] },
      { stageId: 'stage2', groupId: 'group2-2', excludedParticipantsIds: [] },
    ]);
    // With no server name the file is saved under the shared title rule.
    await waitFor(() => expect(capture.saves).toHaveLength(2));
    expect(capture.saves.map((s) => s.fileName)).toEqual([
      expect.stringMatching(/^ABC234_stage2_allGroups_text_responses_\d{8}-\d{4}\.zip$/),
      expect.stringMatching(/^ABC234_stage2_group2_text_responses_\d{8}-\d{4}\.zip$/),
    ]);
  });

  it('shows the server’s message in a red alert and saves nothing', async () => {
    net.on('POST', TEXT, { status: 404, data: { message: 'Stage not found' } });
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Stage not found');
    expect(within(dialog).getByRole('alert')).toHaveClass('alert-danger');
    expect(capture.saves).toEqual([]);
  });

  it('can be cancelled: no alert, nothing saved, and Download works again', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const { user, store } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await user.click(within(dialog).getByRole('button', { name: dataDownloadTexts.cancel }));
    await waitFor(() => expect(sliceState(store, 'downloads').requests.textResponses.status).toBe('reset'));
    answer.release(fileAnswer(ZIP));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    // The footer's Close is back in place of Cancel download.
    expect(within(dialog).getByText('Close', { selector: 'button' })).toBeInTheDocument();

    net.on('POST', TEXT, fileAnswer(ZIP, { disposition: 'attachment; filename="again.zip"' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Saved again.zip')).toBeInTheDocument();
    expect(capture.saves.map((s) => s.fileName)).toEqual(['again.zip']);
  });

  it('cancels a running download when the dialog is closed', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const { user, store } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    // While it runs, the header's close button (labelled Close) is the way out.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    answer.release(fileAnswer(ZIP));
    await waitFor(() => expect(sliceState(store, 'downloads').requests.textResponses.status).toBe('reset'));
    expect(capture.saves).toEqual([]);
  });

  it('is usable from the keyboard: search, then the checklist, then the buttons', async () => {
    net.on('POST', TEXT, fileAnswer(ZIP));
    const { user } = openPage();
    const dialog = await openDialog(user);
    const search = within(dialog).getByRole('searchbox');
    search.focus();
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: /BBB222/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: /BBB222/ })).toBeChecked();
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: /DDD444/ })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByText('Close', { selector: 'button' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await within(dialog).findByText(/^Saved /);
    expect(net.sentTo('POST', TEXT).map((r) => r.body)).toEqual([{ stageId: 'stage2', groupId: 'group2-1', excludedParticipantsIds: ['p2'] }]);
    // The button kept the focus through the download.
    expect(within(dialog).getByRole('button', { name: 'Download' })).toHaveFocus();
  });
});
