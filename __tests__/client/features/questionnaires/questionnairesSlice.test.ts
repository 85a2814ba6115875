import { makeStore } from '../../../../src/client/app/store';
import { questionnairesRequestReset, createMcSet, createQuestionnaire, deleteMcSet, deleteQuestionnaire, fetchMcSets, fetchQuestionnaire, fetchQuestionnaires, fetchQuestionnaireVersions, repointQuestionnaire, saveQuestionnaire, updateMcSet } from '../../../../src/client/features/questionnaires/questionnairesSlice';
import { liveEditTexts } from '../../../../src/shared/messages';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { siteState, sliceState } from '../../testUtils';
import { asManager, moodSet, question, questionnaire, summary } from './fixtures';

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

const store = () => makeStore({ site: siteState(), ...asManager });

describe('questionnaires slice: the four request states', () => {
  it('goes request -> success for the list, with the lab user’s token and the page asked for', async () => {
    const answer = deferred();
    net.on('GET', '/api/qx_list?pageNumber=2', answer.responder);
    const s = store();
    const loading = s.dispatch(fetchQuestionnaires(2));
    expect(sliceState(s, 'questionnaires').requests.list).toEqual({ status: 'request', message: null });
    const list = { qx_list: [summary('qx1', 'Sleep Diary', 'SD1')], pages: 3, page: 2 };
    answer.release({ status: 200, data: list });
    await loading;
    expect(sliceState(s, 'questionnaires').requests.list).toEqual({ status: 'success', message: null });
    expect(sliceState(s, 'questionnaires').list).toEqual(list);
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to fail with the server’s message, then back to reset', async () => {
    net.on('GET', '/api/qx_list/nope', { status: 404, data: { message: 'Questionnaire not found' } });
    const s = store();
    await s.dispatch(fetchQuestionnaire('nope'));
    expect(sliceState(s, 'questionnaires').requests.questionnaire).toEqual({ status: 'fail', message: 'Questionnaire not found' });
    expect(s.getState().notifications.alert?.message).toBe('Questionnaire not found');
    s.dispatch(questionnairesRequestReset('questionnaire'));
    expect(sliceState(s, 'questionnaires').requests.questionnaire).toEqual({ status: 'reset', message: null });
  });

  it('dispatches pending then fulfilled for a creation', async () => {
    net.on('POST', '/api/qx_list', { status: 201, data: questionnaire() });
    const s = mockStore({});
    await s.dispatch(createQuestionnaire({ chin_name: 'Sleep Diary', abbrev: 'SD1' }));
    expect(actionTypes(s)).toEqual(['questionnaires/create/pending', 'questionnaires/create/fulfilled']);
    expect(net.sent[0].body).toEqual({ chin_name: 'Sleep Diary', abbrev: 'SD1' });
  });

  it('dispatches pending then rejected with status and message for a set still in use', async () => {
    net.on('DELETE', '/api/qx_list/mc/set1', { status: 409, data: { message: 'This multiple choices set is used by questions: Q1' } });
    const s = mockStore({});
    await s.dispatch(deleteMcSet('set1'));
    expect(actionTypes(s)).toEqual(['questionnaires/deleteMcSet/pending', 'questionnaires/deleteMcSet/rejected']);
    expect(s.getActions()[1]).toMatchObject({ payload: { status: 409, message: 'This multiple choices set is used by questions: Q1' } });
  });

  it('tracks every call under its own key', async () => {
    const saved = questionnaire([question('q1', 'Q1')]);
    net
      .on('GET', '/api/qx_list/qx1', { status: 200, data: questionnaire() })
      .on('PUT', '/api/qx_list/qx1/edit', { status: 200, data: saved })
      .on('DELETE', '/api/qx_list/qx1', { status: 200, data: { message: 'Questionnaire has been deleted' } })
      .on('GET', '/api/qx_list/qx1/mc', { status: 200, data: { sets: [moodSet] } })
      .on('POST', '/api/qx_list/qx1/mc', { status: 201, data: { message: 'A new multiple choices set has been created', set: { ...moodSet, _id: 'set2', name: 'Sleep' } } })
      .on('PUT', '/api/qx_list/mc/set1/edit', { status: 200, data: { message: 'Multiple choices set has been updated', set: { ...moodSet, name: 'Feeling' } } })
      .on('DELETE', '/api/qx_list/mc/set2', { status: 200, data: { message: 'Multiple choices set has been removed' } })
      .on('GET', '/api/qx_list/qx1/versions', { status: 200, data: { versions: [{ number: 1, created_at: '2026-11-01T08:00:00.000Z', participants: 2, current: true }] } })
      .on('POST', '/api/qx_list/qx1/repoint', { status: 200, data: { message: liveEditTexts.repointed, tasks: 0 } });
    const s = store();
    const state = () => sliceState(s, 'questionnaires');

    await s.dispatch(fetchQuestionnaire('qx1'));
    expect(state().questionnaire?._id).toBe('qx1');
    await s.dispatch(saveQuestionnaire({ questionnaireId: 'qx1', body: { chin_name: 'Sleep Diary', abbrev: 'SD1', chin_content: saved.chin_content, scores: [], shuffle_runs: [] } }));
    expect(state().questionnaire).toEqual(saved);
    expect(net.sentTo('PUT', '/api/qx_list/qx1/edit')[0].body).toEqual({ chin_name: 'Sleep Diary', abbrev: 'SD1', chin_content: saved.chin_content, scores: [], shuffle_runs: [] });

    await s.dispatch(fetchMcSets('qx1'));
    expect(state().sets).toEqual([moodSet]);
    expect(state().setsOf).toBe('qx1');
    await s.dispatch(createMcSet({ questionnaireId: 'qx1', body: { name: 'Sleep', choices: [] } }));
    expect(state().sets.map((x) => x.name)).toEqual(['Mood', 'Sleep']);
    await s.dispatch(updateMcSet({ setId: 'set1', body: { name: 'Feeling', choices: [] } }));
    expect(state().sets.map((x) => x.name)).toEqual(['Feeling', 'Sleep']);
    await s.dispatch(deleteMcSet('set2'));
    expect(state().sets.map((x) => x.name)).toEqual(['Feeling']);

    await s.dispatch(fetchQuestionnaireVersions('qx1'));
    expect(state().versions?.map((v) => v.participants)).toEqual([2]);
    expect(state().versionsOf).toBe('qx1');
    await s.dispatch(repointQuestionnaire('qx1'));

    await s.dispatch(deleteQuestionnaire('qx1'));
    expect(state().questionnaire).toBeNull();
    for (const key of ['questionnaire', 'save', 'sets', 'createSet', 'updateSet', 'deleteSet', 'delete', 'versions', 'repoint'] as const) {
      expect(state().requests[key]).toEqual({ status: 'success', message: null });
    }
    expect(state().requests.list).toEqual({ status: 'reset', message: null });
  });

  it('forgets the sets of another questionnaire when a new one is asked for', async () => {
    net.on('GET', '/api/qx_list/qx1/mc', { status: 200, data: { sets: [moodSet] } });
    const second = deferred();
    net.on('GET', '/api/qx_list/qx2/mc', second.responder);
    const s = store();
    await s.dispatch(fetchMcSets('qx1'));
    const loading = s.dispatch(fetchMcSets('qx2'));
    expect(sliceState(s, 'questionnaires').sets).toEqual([]);
    second.release({ status: 200, data: { sets: [] } });
    await loading;
    expect(sliceState(s, 'questionnaires').setsOf).toBe('qx2');
  });
});
