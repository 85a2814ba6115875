import { screen, waitFor } from '@testing-library/react';
import { AnalysisDownloadButton } from '../../../../src/client/features/downloads/AnalysisDownloadButton';
import { downloadProgressed } from '../../../../src/client/features/downloads/downloadsSlice';
import { ResponseTimeDownloadButton } from '../../../../src/client/features/downloads/ResponseTimeDownloadButton';
import { dataDownloadTexts } from '../../../../src/shared/dataDownloadTexts';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn, sliceState } from '../../testUtils';
import { twoStageStudy } from '../participants/participantFixtures';
import { ANALYSIS, captureSaves, fileAnswer, TIMES, XLSX, ZIP } from './support';

let net: MockApi;
let capture: ReturnType<typeof captureSaves>;
beforeEach(() => {
  net = mockApi();
  capture = captureSaves();
});
afterEach(() => {
  capture.restore();
  net.restore();
});

const auth = signedIn({ labUser: labUserSession() });
/** The page's study, as the Participant List and Study Progress pass it (its code names a fallback file). */
const study = twoStageStudy;

describe('ResponseTimeDownloadButton', () => {
  it('on the Participant List reads Download Response Time and asks for EMA too', async () => {
    net.on('POST', TIMES, fileAnswer(XLSX, { bytes: 30, disposition: 'attachment; filename="times.xlsx"' }));
    const { user } = renderWithProviders(<ResponseTimeDownloadButton studyId="s1" stageId="stage2" groupId="group2-1" includeEma />, {
      preloadedState: { auth },
    });
    await user.click(screen.getByRole('button', { name: 'Download Response Time' }));
    expect(await screen.findByText('Saved times.xlsx')).toBeInTheDocument();
    expect(screen.queryByText(dataDownloadTexts.emaNote)).not.toBeInTheDocument();
    const [sent] = net.sentTo('POST', TIMES);
    expect(sent.body).toEqual({ stageId: 'stage2', groupId: 'group2-1', includeEma: true });
    expect(sent.accept).toBe(XLSX);
    expect(sent.responseType).toBe('blob');
    expect(capture.saves.map((s) => [s.fileName, s.blob.size])).toEqual([['times.xlsx', 30]]);
  });

  it('without EMA reads the specification’s label, notes where EMA is, and leaves out a group not given', async () => {
    net.on('POST', TIMES, fileAnswer(XLSX));
    const { user } = renderWithProviders(<ResponseTimeDownloadButton studyId="s1" stageId="stage2" includeEma={false} study={study} />, {
      preloadedState: { auth },
    });
    const button = screen.getByRole('button', { name: 'Download Questionnaire Response Time (Not Include EMA Response)' });
    expect(button).toHaveAccessibleDescription(dataDownloadTexts.emaNote);
    await user.click(button);
    await screen.findByText(/^Saved /);
    expect(net.sentTo('POST', TIMES).map((r) => r.body)).toEqual([{ stageId: 'stage2', includeEma: false }]);
    expect(capture.saves.map((s) => s.fileName)).toEqual([expect.stringMatching(/^ABC234_stage2_allGroups_response_times_\d{8}-\d{4}\.xlsx$/)]);
  });

  it('shows progress while waiting, then the server’s message in a red alert', async () => {
    const answer = deferred();
    net.on('POST', TIMES, answer.responder);
    const { user, store } = renderWithProviders(<ResponseTimeDownloadButton studyId="s1" stageId="stage2" groupId="group2-1" includeEma />, {
      preloadedState: { auth },
    });
    const button = screen.getByRole('button', { name: 'Download Response Time' });
    await user.click(button);
    expect(screen.getByRole('status')).toHaveTextContent(dataDownloadTexts.preparing);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(net.sentTo('POST', TIMES)).toHaveLength(1);
    store.dispatch(downloadProgressed({ kind: 'responseTimes', progress: { received: 3 * 1024 * 1024, total: 4 * 1024 * 1024 } }));
    expect(await screen.findByText('Downloading… 3 MB of 4 MB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Download Response Time' })).toHaveAttribute('aria-valuenow', '75');

    answer.release({ status: 404, data: { message: 'Group not found' } });
    // The page's one red alert shows it (the layout draws store's alert; layouts' tests show that drawing).
    await waitFor(() => expect(store.getState().notifications.alert?.message).toBe('Group not found'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(capture.saves).toEqual([]);
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('can be cancelled, and cancels when the page leaves it', async () => {
    const first = deferred();
    net.on('POST', TIMES, first.responder);
    const { user, store, unmount } = renderWithProviders(<ResponseTimeDownloadButton studyId="s1" stageId="stage2" includeEma />, {
      preloadedState: { auth },
    });
    await user.click(screen.getByRole('button', { name: 'Download Response Time' }));
    await user.click(screen.getByRole('button', { name: dataDownloadTexts.cancel }));
    await waitFor(() => expect(sliceState(store, 'downloads').requests.responseTimes.status).toBe('reset'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: dataDownloadTexts.cancel })).not.toBeInTheDocument();

    const second = deferred();
    net.on('POST', TIMES, second.responder);
    await user.click(screen.getByRole('button', { name: 'Download Response Time' }));
    unmount();
    first.release(fileAnswer(XLSX));
    second.release(fileAnswer(XLSX));
    await waitFor(() => expect(sliceState(store, 'downloads').requests.responseTimes.status).toBe('reset'));
    expect(capture.saves).toEqual([]);
  });
});

describe('AnalysisDownloadButton', () => {
  it('asks for the analysis zip, shows progress and saves it', async () => {
    const answer = deferred();
    net.on('POST', ANALYSIS, answer.responder);
    const { user, store } = renderWithProviders(<AnalysisDownloadButton studyId="s1" stageId="stage2" groupId="group2-2" study={study} />, {
      preloadedState: { auth },
    });
    await user.click(screen.getByRole('button', { name: 'Download analysis data' }));
    expect(screen.getByRole('status')).toHaveTextContent(dataDownloadTexts.preparing);
    store.dispatch(downloadProgressed({ kind: 'analysis', progress: { received: 2048, total: null } }));
    expect(await screen.findByText('Downloading… 2 KB received')).toBeInTheDocument();
    answer.release(fileAnswer(ZIP, { bytes: 2048 }));
    expect(await screen.findByText(/^Saved ABC234_stage2_group2_analysis_\d{8}-\d{4}\.zip$/)).toBeInTheDocument();
    const [sent] = net.sentTo('POST', ANALYSIS);
    expect(sent.body).toEqual({ stageId: 'stage2', groupId: 'group2-2' });
    expect(sent.accept).toBe(ZIP);
    expect(sent.timeout).toBe(0);
    expect(capture.saves.map((s) => s.fileName)).toEqual([expect.stringMatching(/^ABC234_stage2_group2_analysis_\d{8}-\d{4}\.zip$/)]);
  });

  it('shows the server’s message in a red alert', async () => {
    net
      .on('POST', ANALYSIS, { status: 403, data: { message: 'You cannot download this study’s data' } })
      .on('GET', '/api/access/get_all_access', { status: 200, data: { allAccess: [] } });
    const { user, store } = renderWithProviders(<AnalysisDownloadButton studyId="s1" stageId="stage2" />, { preloadedState: { auth } });
    await user.click(screen.getByRole('button', { name: 'Download analysis data' }));
    await waitFor(() => expect(store.getState().notifications.alert?.message).toBe('You cannot download this study’s data'));
    expect(net.sentTo('POST', ANALYSIS).map((r) => r.body)).toEqual([{ stageId: 'stage2' }]);
  });
});
