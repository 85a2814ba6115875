// The Participant List's download panel with 'Include pilot data' (issue 20): unticked, the calls leave pilot
// data out as the server does unasked; ticked, the response times and the text responses ask for it.
import { screen, within } from '@testing-library/react';
import { ParticipantListDownloads } from '../../../../src/client/features/downloads/ParticipantListDownloads';
import { initialParticipantsState } from '../../../../src/client/features/participants/participantsSlice';
import { dataDownloadTexts } from '../../../../src/shared/dataDownloadTexts';
import { pilotTexts } from '../../../../src/shared/pilotTexts';
import { labUserSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { participant, twoStageStudy } from '../participants/participantFixtures';
import { answerParticipants } from '../participants/support';
import { captureSaves, fileAnswer, TEXT, TIMES, XLSX, ZIP } from './support';

let net: MockApi;
let capture: ReturnType<typeof captureSaves>;
beforeEach(() => {
  net = answerParticipants(mockApi(), () => [participant({ id: 'p1', code: 'AAA111' })])
    .on('POST', TIMES, fileAnswer(XLSX))
    .on('POST', TEXT, fileAnswer(ZIP));
  capture = captureSaves();
});
afterEach(() => {
  capture.restore();
  net.restore();
});

const preloadedState = { auth: signedIn({ labUser: labUserSession() }), participants: { ...initialParticipantsState, studyId: 's1', study: twoStageStudy } };

describe("ParticipantListDownloads: 'Include pilot data'", () => {
  it('asks for pilot data only while ticked', async () => {
    const { user } = renderWithProviders(<ParticipantListDownloads study={twoStageStudy} stageId="stage2" groupId="group2-1" />, { preloadedState });
    const box = screen.getByRole('checkbox', { name: pilotTexts.includePilot });
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: dataDownloadTexts.responseTimeButton }));
    await screen.findByText(/^Saved /);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: dataDownloadTexts.responseTimeButton }));
    await user.click(screen.getByRole('button', { name: dataDownloadTexts.textResponseButton }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: dataDownloadTexts.download }));
    await within(dialog).findByText(/^Saved /);
    expect(net.sentTo('POST', TIMES).map((r) => (r.body as { includePilot?: boolean }).includePilot)).toEqual([undefined, true]);
    expect(net.sentTo('POST', TEXT).map((r) => (r.body as { includePilot?: boolean }).includePilot)).toEqual([true]);
  });
});
