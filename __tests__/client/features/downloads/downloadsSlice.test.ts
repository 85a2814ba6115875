// What the download thunks dispatch, in order (redux-mock-store), and how the slice keeps each request's state.
import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../../../src/client/app/store';
import { downloadsRequestReset, downloadAnalysisData, downloadResponseTimes, downloadTextResponses, fetchDownloadCandidates } from '../../../../src/client/features/downloads/downloadsSlice';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { signedIn, siteState, sliceState } from '../../testUtils';
import { participant } from '../participants/participantFixtures';
import { FILTERED } from '../participants/support';
import { ANALYSIS, captureSaves, fileAnswer, TEXT, TIMES, XLSX, ZIP } from './support';

let net: MockApi;
let capture: ReturnType<typeof captureSaves>;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
  capture = captureSaves();
});
afterEach(() => {
  capture.restore();
  net.restore();
});

const store = () => makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
const textArg = { request: { studyId: 's1', stageId: 'stage2', excludedParticipantsIds: [] }, fallbackTitle: 'fallback.zip' };

describe('download thunks', () => {
  it('dispatch pending, each progress step and fulfilled with the saved name, and save the file', async () => {
    net.on('POST', TEXT, fileAnswer(ZIP, { bytes: 8, disposition: 'attachment; filename="s.zip"', progress: [{ loaded: 4 }, { loaded: 8 }] }));
    const mock = mockStore({});
    await mock.dispatch(downloadTextResponses(textArg));
    expect(actionTypes(mock)).toEqual([
      'downloads/textResponses/pending',
      'downloads/progressed',
      'downloads/progressed',
      'downloads/textResponses/fulfilled',
    ]);
    const actions = mock.getActions() as (UnknownAction & { payload: unknown })[];
    expect(actions[1].payload).toEqual({ kind: 'textResponses', progress: { received: 4, total: null } });
    expect(actions[3].payload).toEqual({ fileName: 's.zip', bytes: 8 });
    expect(capture.saves.map((s) => s.fileName)).toEqual(['s.zip']);
  });

  it('save under the fallback title when the answer names no file', async () => {
    net.on('POST', TIMES, fileAnswer(XLSX));
    await mockStore({}).dispatch(downloadResponseTimes({ request: { studyId: 's1', stageId: 'stage2' }, fallbackTitle: 'S1_times.xlsx' }));
    expect(capture.saves.map((s) => s.fileName)).toEqual(['S1_times.xlsx']);
  });

  it('reject with the server’s message and save nothing', async () => {
    net.on('POST', ANALYSIS, { status: 404, data: { message: 'Stage not found' } });
    const mock = mockStore({});
    await mock.dispatch(downloadAnalysisData({ request: { studyId: 's1', stageId: 'nope' }, fallbackTitle: 'a.zip' }));
    expect(actionTypes(mock)).toEqual(['downloads/analysis/pending', 'downloads/analysis/rejected']);
    expect((mock.getActions()[1] as UnknownAction & { payload: unknown }).payload).toEqual({ status: 404, message: 'Stage not found' });
    expect(capture.saves).toEqual([]);
  });
});

describe('downloads slice', () => {
  it('goes request (with progress) -> success with the saved name', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const s = store();
    const running = s.dispatch(downloadTextResponses(textArg));
    expect(sliceState(s, 'downloads').requests.textResponses).toEqual({ status: 'request', message: null });
    expect(sliceState(s, 'downloads').progress.textResponses).toEqual({ received: 0, total: null });
    answer.release(fileAnswer(ZIP, { bytes: 10, progress: [{ loaded: 10, total: 10 }] }));
    await running;
    const state = sliceState(s, 'downloads');
    expect(state.requests.textResponses).toEqual({ status: 'success', message: null });
    expect(state.progress.textResponses).toBeNull();
    expect(state.saved.textResponses).toBe('fallback.zip');
    s.dispatch(downloadsRequestReset('textResponses'));
    expect(sliceState(s, 'downloads').requests.textResponses).toEqual({ status: 'reset', message: null });
    expect(sliceState(s, 'downloads').saved.textResponses).toBeNull();
  });

  it('goes to fail with the server’s message', async () => {
    net.on('POST', TIMES, { status: 400, data: { message: 'body/stageId must be string' } });
    const s = store();
    await s.dispatch(downloadResponseTimes({ request: { studyId: 's1', stageId: 'stage2' }, fallbackTitle: 't.xlsx' }));
    expect(sliceState(s, 'downloads').requests.responseTimes).toEqual({ status: 'fail', message: 'body/stageId must be string' });
    expect(sliceState(s, 'downloads').progress.responseTimes).toBeNull();
  });

  it('goes back to reset, not fail, when a download is cancelled, and stops the request', async () => {
    const answer = deferred();
    net.on('POST', TEXT, answer.responder);
    const s = store();
    const running = s.dispatch(downloadTextResponses(textArg));
    running.abort();
    const result = await running;
    expect(downloadTextResponses.rejected.match(result) && result.meta.aborted).toBe(true);
    expect(sliceState(s, 'downloads').requests.textResponses).toEqual({ status: 'reset', message: null });
    expect(sliceState(s, 'downloads').progress.textResponses).toBeNull();
    answer.release(fileAnswer(ZIP));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(capture.saves).toEqual([]);
  });

  it('keeps the candidates of the latest query when an earlier one answers last', async () => {
    const slow = deferred();
    let calls = 0;
    net.on('POST', FILTERED, () => {
      calls += 1;
      return calls === 1 ? slow.responder() : { status: 200, data: { participants: [participant({ id: 'ccc333', stageNum: 2, groupNum: 2 })] } };
    });
    const s = store();
    const first = s.dispatch(fetchDownloadCandidates({ studyId: 's1', stageId: 'stage2', groupId: null }));
    await s.dispatch(fetchDownloadCandidates({ studyId: 's1', stageId: 'stage2', groupId: 'group2-2' }));
    slow.release({ status: 200, data: { participants: [participant({ id: 'bbb222', stageNum: 2 })] } });
    await first;
    const candidates = sliceState(s, 'downloads').candidates;
    expect(candidates?.query).toEqual({ studyId: 's1', stageId: 'stage2', groupId: 'group2-2' });
    expect(candidates?.participants.map((p) => p._id)).toEqual(['ccc333']);
  });
});
