import { makeStore } from '../../../../src/client/app/store';
import { filterGroupChosen, filterStageChosen, participantStudyOpened, participantsRequestReset, fetchEmaTasks, fetchParticipants } from '../../../../src/client/features/participants/participantsSlice';
import { participantMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { signedIn, siteState, sliceState } from '../../testUtils';
import { participant } from './participantFixtures';
import { FILTERED, LIST } from './support';


let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

const store = () => makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
const listOf = (...codes: string[]) => codes.map((code) => participant({ id: code.toLowerCase(), code }));

describe('participants slice', () => {
  it('goes request -> success for the list, with the lab user’s token', async () => {
    const answer = deferred();
    net.on('GET', LIST, answer.responder);
    const s = store();
    s.dispatch(participantStudyOpened('s1'));
    const loading = s.dispatch(fetchParticipants({ studyId: 's1', stageId: null, groupId: null }));
    expect(sliceState(s, 'participants').requests.list).toEqual({ status: 'request', message: null });
    answer.release({ status: 200, data: { participantsData: { participants: listOf('AAA111') } } });
    await loading;
    expect(sliceState(s, 'participants').requests.list).toEqual({ status: 'success', message: null });
    expect(sliceState(s, 'participants').participants?.map((p) => p.participant_code)).toEqual(['AAA111']);
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to fail with the server’s message, then back to reset', async () => {
    net.on('GET', '/api/ema_tasks/s1/p9?scope=all', { status: 404, data: { message: participantMessages.participantNotFound } });
    const s = store();
    await s.dispatch(fetchEmaTasks({ studyId: 's1', participantId: 'p9' }));
    expect(sliceState(s, 'participants').requests.emaTasks).toEqual({ status: 'fail', message: participantMessages.participantNotFound });
    s.dispatch(participantsRequestReset('emaTasks'));
    expect(sliceState(s, 'participants').requests.emaTasks).toEqual({ status: 'reset', message: null });
  });

  it('keeps the rows of the latest filter when an earlier list call answers last', async () => {
    const slow = deferred();
    net.on('GET', LIST, slow.responder).on('POST', FILTERED, { status: 200, data: { participants: listOf('BBB222') } });
    const s = store();
    s.dispatch(participantStudyOpened('s1'));
    const first = s.dispatch(fetchParticipants({ studyId: 's1', stageId: null, groupId: null }));
    s.dispatch(filterStageChosen('stage2'));
    await s.dispatch(fetchParticipants({ studyId: 's1', stageId: 'stage2', groupId: null }));
    slow.release({ status: 200, data: { participantsData: { participants: listOf('AAA111', 'BBB222') } } });
    await first;
    expect(sliceState(s, 'participants').participants?.map((p) => p.participant_code)).toEqual(['BBB222']);
    expect(sliceState(s, 'participants').participantsFor).toEqual({ studyId: 's1', stageId: 'stage2', groupId: null });
  });

  it('resets the group when a stage is chosen, and forgets the filter when another study opens', () => {
    const s = store();
    s.dispatch(participantStudyOpened('s1'));
    s.dispatch(filterGroupChosen('group2-1'));
    expect(sliceState(s, 'participants').filter).toEqual({ stageId: null, groupId: null });
    s.dispatch(filterStageChosen('stage2'));
    s.dispatch(filterGroupChosen('group2-1'));
    expect(sliceState(s, 'participants').filter).toEqual({ stageId: 'stage2', groupId: 'group2-1' });
    s.dispatch(filterStageChosen('stage3'));
    expect(sliceState(s, 'participants').filter).toEqual({ stageId: 'stage3', groupId: null });
    s.dispatch(participantStudyOpened('s1'));
    expect(sliceState(s, 'participants').filter).toEqual({ stageId: 'stage3', groupId: null });
    s.dispatch(participantStudyOpened('s2'));
    expect(sliceState(s, 'participants').filter).toEqual({ stageId: null, groupId: null });
  });
});
