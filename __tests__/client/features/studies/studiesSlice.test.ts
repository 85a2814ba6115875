import { makeStore } from '../../../../src/client/app/store';
import { studiesOf } from '../../../../src/client/features/studies/studiesSlice';
import { studyMessages } from '../../../../src/shared/messages';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { signedIn, siteState, sliceState } from '../../testUtils';
import { item, mockQuestionnaireList } from './editorHarness';
import { activeStudy, group, inactiveStudy, stage, study } from './studyFixtures';

const {
  studiesRequestReset,
  activateStudy,
  addGroup,
  addStage,
  createStudy,
  deactivateStudy,
  deleteGroup,
  deleteStage,
  deleteStudy,
  editBasicInfo,
  editConsent,
  editExceptConsent,
  fetchQuestionnaireOptions,
  fetchStudies,
  fetchStudy,
} = studiesOf.labUser;

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

const store = () => makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });

describe('studies slice: the four request states', () => {
  it('goes request -> success for the list, with the lab user’s token', async () => {
    const answer = deferred();
    net.on('GET', '/api/studies?pageNumber=3', answer.responder);
    const s = store();
    const loading = s.dispatch(fetchStudies(3));
    expect(sliceState(s, 'studies').requests.list).toEqual({ status: 'request', message: null });
    answer.release({ status: 200, data: { studies: [activeStudy, inactiveStudy], pages: 4, page: 3 } });
    await loading;
    expect(sliceState(s, 'studies').requests.list).toEqual({ status: 'success', message: null });
    expect(sliceState(s, 'studies').list).toEqual({ studies: [activeStudy, inactiveStudy], pages: 4, page: 3 });
    expect(net.sent[0].authorization).toBe('Bearer lab-token');
  });

  it('goes to fail with the server’s message, then back to reset', async () => {
    net.on('GET', '/api/studies/nope', { status: 404, data: { message: studyMessages.studyNotFound } });
    const s = store();
    await s.dispatch(fetchStudy('nope'));
    expect(sliceState(s, 'studies').requests.study).toEqual({ status: 'fail', message: studyMessages.studyNotFound });
    expect(s.getState().notifications.alert?.message).toBe(studyMessages.studyNotFound);
    s.dispatch(studiesRequestReset('study'));
    expect(sliceState(s, 'studies').requests.study).toEqual({ status: 'reset', message: null });
  });

  it('dispatches pending then fulfilled, or pending then rejected with status and message', async () => {
    net
      .on('POST', '/api/studies/s1/activate', { status: 200, data: { message: studyMessages.studyActivated } })
      .on('DELETE', '/api/studies/s2', { status: 409, data: { message: studyMessages.onlyInactiveDelete } });
    const mock = mockStore({});
    await mock.dispatch(activateStudy('s1'));
    await mock.dispatch(deleteStudy('s2'));
    expect(actionTypes(mock)).toEqual([
      'studies/activateStudy/pending',
      'studies/activateStudy/fulfilled',
      'studies/deleteStudy/pending',
      'studies/deleteStudy/rejected',
    ]);
    expect(mock.getActions()[3]).toMatchObject({ payload: { status: 409, message: studyMessages.onlyInactiveDelete }, meta: { signOutOn401: true } });
  });
});

describe('studies slice: the calls of part 1 section 7', () => {
  it('activates, deactivates and deletes studies in the list', async () => {
    net
      .on('GET', '/api/studies?pageNumber=1', { status: 200, data: { studies: [activeStudy, inactiveStudy], pages: 1, page: 1 } })
      .on('POST', '/api/studies/s1/activate', { status: 200, data: { message: studyMessages.studyActivated } })
      .on('POST', '/api/studies/s2/deactivate', { status: 200, data: { message: studyMessages.studyDeactivated } })
      .on('DELETE', '/api/studies/s2', { status: 200, data: { message: studyMessages.studyDeleted } });
    const s = store();
    await s.dispatch(fetchStudies(1));
    await s.dispatch(activateStudy('s1'));
    await s.dispatch(deactivateStudy('s2'));
    expect(sliceState(s, 'studies').list?.studies.map((x) => x.active_status)).toEqual(['inactive', 'active']);
    await s.dispatch(deleteStudy('s2'));
    expect(sliceState(s, 'studies').list?.studies.map((x) => x._id)).toEqual(['s1']);
    expect(net.sentTo('POST', '/api/studies/s1/activate')).toHaveLength(1);
  });

  it('creates a study with its name and keeps it as the open study', async () => {
    net.on('POST', '/api/studies', { status: 201, data: study({ chin_name: 'Sleep' }) });
    const s = store();
    await s.dispatch(createStudy({ chin_name: 'Sleep' }));
    expect(net.sent[0].body).toEqual({ chin_name: 'Sleep' });
    expect(sliceState(s, 'studies').study?._id).toBe('s1');
  });

  it('starts the editor afresh for each study that arrives whole', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 200, data: study() })
      .on('PUT', '/api/studies/s1/add_stage', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) })
      .on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: study({ chin_name: 'Renamed' }) });
    const s = store();
    await s.dispatch(fetchStudy('s1'));
    const loaded = sliceState(s, 'studies').studyLoadId;
    await s.dispatch(addStage('s1'));
    const added = sliceState(s, 'studies').studyLoadId;
    expect(sliceState(s, 'studies').study?.stage_list).toHaveLength(2);
    await s.dispatch(editExceptConsent({ studyId: 's1', body: study({ chin_name: 'Renamed' }) }));
    expect(new Set([loaded, added, sliceState(s, 'studies').studyLoadId]).size).toBe(3);
    expect(net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body).toMatchObject({ _id: 's1', chin_name: 'Renamed', stage_list: [{ _id: 'stage1' }] });
  });

  it('saves the basic information and the consent form with the bodies of the specification', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 200, data: study() })
      .on('PUT', '/api/studies/s1/edit_basic', { status: 200, data: { message: studyMessages.basicInfoChanged } })
      .on('PUT', '/api/studies/s1/edit_consent', { status: 200, data: { message: studyMessages.consentUpdated } });
    const s = store();
    await s.dispatch(fetchStudy('s1'));
    const loadId = sliceState(s, 'studies').studyLoadId;
    const body = { chin_name: 'New name', contact_person_name: 'Dr. Lee', contact_email: 'lee@example.org' };
    await s.dispatch(editBasicInfo({ studyId: 's1', body }));
    await s.dispatch(editConsent({ studyId: 's1', body: { consent: '<p>Agree?</p>', consentNeeded: false } }));
    expect(net.sentTo('PUT', '/api/studies/s1/edit_basic')[0].body).toEqual(body);
    expect(net.sentTo('PUT', '/api/studies/s1/edit_consent')[0].body).toEqual({ consent: '<p>Agree?</p>', consentNeeded: false });
    const saved = sliceState(s, 'studies').study;
    expect(saved).toMatchObject(body);
    expect(saved?.stage_list[0].consent_info).toEqual({ consent_needed: false, chin_content: '<p>Agree?</p>' });
    // Patched in place: unsaved edits elsewhere in the editor survive.
    expect(sliceState(s, 'studies').studyLoadId).toBe(loadId);
  });
});

describe('studies slice: the study structure calls of part 2 section 7', () => {
  it('adds and deletes groups and stages with the paths of the specification, each answer starting the editor afresh', async () => {
    const withGroups = study({ stage_list: [stage(1), stage(2, { participant_group_list: [group(2, 1), group(2, 2)] })] });
    net
      .on('PUT', '/api/studies/stage2/add_group', { status: 200, data: withGroups })
      .on('DELETE', '/api/studies/s1/group2-2/delete_group', { status: 200, data: study({ stage_list: [stage(1), stage(2)] }) })
      .on('DELETE', '/api/studies/s1/2/delete_stage', { status: 400, data: { message: 'Stage 1 cannot be deleted' } });
    const s = store();
    await s.dispatch(addGroup('stage2'));
    const added = sliceState(s, 'studies').studyLoadId;
    expect(sliceState(s, 'studies').study?.stage_list[1].participant_group_list).toHaveLength(2);
    expect(sliceState(s, 'studies').requests.addGroup.status).toBe('success');
    await s.dispatch(deleteGroup({ studyId: 's1', groupId: 'group2-2' }));
    expect(sliceState(s, 'studies').study?.stage_list[1].participant_group_list).toHaveLength(1);
    expect(sliceState(s, 'studies').studyLoadId).not.toBe(added);
    await s.dispatch(deleteStage({ studyId: 's1', stageNum: 2 }));
    expect(sliceState(s, 'studies').requests.deleteStage).toEqual({ status: 'fail', message: 'Stage 1 cannot be deleted' });
    expect(sliceState(s, 'studies').study?.stage_list).toHaveLength(2);
  });

  it('collects every page of the lab’s questionnaires as list items, by name', async () => {
    mockQuestionnaireList(net);
    const s = store();
    await s.dispatch(fetchQuestionnaireOptions());
    const options = sliceState(s, 'studies').questionnaireOptions;
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual(item(1));
    expect(options[11]).toEqual(item(12));
    expect(sliceState(s, 'studies').requests.questionnaireOptions.status).toBe('success');
  });
});
