import { CanceledError } from 'axios';
import { toApiError } from '../../../../src/client/api/errors';
import { downloadsApi, type DownloadProgress } from '../../../../src/client/features/downloads/downloadsApi';
import { makeStore } from '../../../../src/client/app/store';
import { TEXT_DOWNLOAD_TIMEOUT_MS } from '../../../../src/shared/limits';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { signedIn, siteState } from '../../testUtils';
import { ANALYSIS, fileAnswer, TEXT, TIMES, XLSX, ZIP } from './support';

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  // The store hands the client the lab user's token.
  makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
  net = mockApi();
});
afterEach(() => net.restore());

describe('downloadsApi', () => {
  it('asks for the text responses as a zip stream, with the 300000 ms timeout and the lab user’s token', async () => {
    net.on('POST', TEXT, fileAnswer(ZIP, { bytes: 12, disposition: 'attachment; filename="t.zip"' }));
    const file = await downloadsApi.textResponses({ studyId: 's1', stageId: 'stage2', groupId: 'group2-1', excludedParticipantsIds: ['p1'] });
    expect(file.fileName).toBe('t.zip');
    expect(file.blob.size).toBe(12);
    const [sent] = net.sentTo('POST', TEXT);
    expect(sent.body).toEqual({ stageId: 'stage2', groupId: 'group2-1', excludedParticipantsIds: ['p1'] });
    expect(sent.accept).toBe(ZIP);
    expect(sent.responseType).toBe('blob');
    expect(sent.timeout).toBe(TEXT_DOWNLOAD_TIMEOUT_MS);
    expect(TEXT_DOWNLOAD_TIMEOUT_MS).toBe(300000);
    expect(sent.authorization).toBe('Bearer lab-token');
  });

  it('asks for response times as a spreadsheet and the analysis data as a zip, without a timeout', async () => {
    net.on('POST', TIMES, fileAnswer(XLSX)).on('POST', ANALYSIS, fileAnswer(ZIP));
    const times = await downloadsApi.responseTimes({ studyId: 's1', stageId: 'stage2', includeEma: false });
    await downloadsApi.analysis({ studyId: 's1', stageId: 'stage2', groupId: 'group2-2' });
    expect(times.fileName).toBeNull();
    const [timesSent] = net.sentTo('POST', TIMES);
    expect(timesSent.body).toEqual({ stageId: 'stage2', includeEma: false });
    expect(timesSent.accept).toBe(XLSX);
    expect(timesSent.timeout).toBe(0);
    const [analysisSent] = net.sentTo('POST', ANALYSIS);
    expect(analysisSent.body).toEqual({ stageId: 'stage2', groupId: 'group2-2' });
    expect(analysisSent.accept).toBe(ZIP);
    expect(analysisSent.timeout).toBe(0);
  });

  it('reports the bytes received, with the size when the server gave one', async () => {
    net.on('POST', TIMES, fileAnswer(XLSX, { progress: [{ loaded: 100 }, { loaded: 400, total: 1000 }] }));
    const seen: DownloadProgress[] = [];
    await downloadsApi.responseTimes({ studyId: 's1', stageId: 'stage1' }, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { received: 100, total: null },
      { received: 400, total: 1000 },
    ]);
  });

  it('reads the server’s message out of a failed blob answer', async () => {
    net.on('POST', TEXT, { status: 404, data: { message: 'Study not found' } });
    const failure = await downloadsApi.textResponses({ studyId: 's1', stageId: 'x', excludedParticipantsIds: [] }).catch((e: unknown) => e);
    expect(toApiError(failure)).toEqual({ status: 404, message: 'Study not found' });
  });

  it('falls back to the status text when a failed answer holds no JSON message', async () => {
    net.on('POST', ANALYSIS, { status: 502, data: '<html>Bad gateway</html>' });
    const failure = await downloadsApi.analysis({ studyId: 's1', stageId: 'x' }).catch((e: unknown) => e);
    expect(toApiError(failure)).toEqual({ status: 502, message: 'Request failed with status code 502' });
  });

  it('stops the request when its signal aborts', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const controller = new AbortController();
    const pending = downloadsApi.textResponses({ studyId: 's1', stageId: 'x', excludedParticipantsIds: [] }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CanceledError);
  });
});
