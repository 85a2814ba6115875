import { makeStore } from '../../../../src/client/app/store';
import { labsRequestReset, createLab, deleteUser, fetchLab, fetchLabInfo, fetchLabs, fetchMember, fetchMembers, registerMember, registerUser, updateMemberAccess, updateUser } from '../../../../src/client/features/labs/labsSlice';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { lab, labInfo, manager, managerSession, member, memberWithAccess, otherLab, ownerSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { actionTypes, mockStore } from '../../support/mockStore';
import { signedIn, siteState } from '../../testUtils';

let net: MockApi;
beforeEach(() => {
  window.localStorage.clear();
  net = mockApi();
});
afterEach(() => net.restore());

const ownerStore = () => makeStore({ site: siteState(), auth: signedIn({ systemOwner: ownerSession() }) });
const managerStore = () => makeStore({ site: siteState(), auth: signedIn({ labUser: managerSession() }) });

describe('labs slice: the four request states', () => {
  it('goes request -> success for the labs list, with the owner’s token', async () => {
    const answer = deferred();
    net.on('GET', '/api/labs', answer.responder);
    const store = ownerStore();
    const loading = store.dispatch(fetchLabs());
    expect(store.getState().labs.requests.labs).toEqual({ status: 'request', message: null });
    answer.release({ status: 200, data: { labs: [lab, otherLab] } });
    await loading;
    expect(store.getState().labs.requests.labs).toEqual({ status: 'success', message: null });
    expect(store.getState().labs.labs).toEqual([lab, otherLab]);
    expect(net.sent[0].authorization).toBe('Bearer owner-token');
  });

  it('goes to fail with the server’s message, then back to reset', async () => {
    net.on('GET', '/api/labs/systemowner/nope', { status: 404, data: { message: 'Lab not found' } });
    const store = ownerStore();
    await store.dispatch(fetchLab('nope'));
    expect(store.getState().labs.requests.lab).toEqual({ status: 'fail', message: 'Lab not found' });
    store.dispatch(labsRequestReset('lab'));
    expect(store.getState().labs.requests.lab).toEqual({ status: 'reset', message: null });
  });

  it('dispatches pending then fulfilled for a lab creation', async () => {
    net.on('POST', '/api/labs/systemowner/createlab', { status: 201, data: { message: 'Lab has been created', lab, manager } });
    const store = mockStore({});
    await store.dispatch(createLab({ labName: 'Sleep Lab', email: 'manager@example.org', password: 'password1', organization: 1 }));
    expect(actionTypes(store)).toEqual(['labs/createLab/pending', 'labs/createLab/fulfilled']);
  });

  it('dispatches pending then rejected (with status and message) for a failed deletion', async () => {
    net.on('DELETE', '/api/users/systemowner/users/u1', { status: 404, data: { message: 'User not found' } });
    const store = mockStore({});
    await store.dispatch(deleteUser('u1'));
    expect(actionTypes(store)).toEqual(['labs/deleteUser/pending', 'labs/deleteUser/rejected']);
    expect(store.getActions()[1]).toMatchObject({ payload: { status: 404, message: 'User not found' }, meta: { session: 'systemOwner' } });
  });
});

describe('labs slice: the system owner’s calls', () => {
  it('loads a lab with its users and its storage', async () => {
    net
      .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
      .on('GET', '/api/labs/labinfo/lab1', { status: 200, data: labInfo });
    const store = ownerStore();
    await store.dispatch(fetchLab('lab1'));
    await store.dispatch(fetchLabInfo('lab1'));
    expect(store.getState().labs.lab).toEqual({ lab, users: [manager, member] });
    expect(store.getState().labs.labInfo).toEqual(labInfo);
  });

  it('puts a created lab first and removes a deleted user', async () => {
    net
      .on('GET', '/api/labs', { status: 200, data: { labs: [otherLab] } })
      .on('POST', '/api/labs/systemowner/createlab', { status: 201, data: { message: 'Lab has been created', lab, manager } })
      .on('GET', '/api/labs/systemowner/lab1', { status: 200, data: { lab, users: [manager, member] } })
      .on('DELETE', '/api/users/systemowner/users/u1', { status: 200, data: { message: 'User has been deleted' } });
    const store = ownerStore();
    await store.dispatch(fetchLabs());
    await store.dispatch(createLab({ labName: 'Sleep Lab', email: 'manager@example.org', password: 'password1', organization: 1 }));
    expect(store.getState().labs.labs.map((l) => l._id)).toEqual(['lab1', 'lab2']);
    await store.dispatch(fetchLab('lab1'));
    await store.dispatch(deleteUser('u1'));
    expect(store.getState().labs.lab?.users).toEqual([manager]);
  });

  it('registers and updates users with the bodies of the specification', async () => {
    net
      .on('POST', '/api/users/systemOwner/register/lab1', { status: 201, data: member })
      .on('PUT', '/api/users/systemowner/users/u1', { status: 200, data: memberWithAccess });
    const store = ownerStore();
    await store.dispatch(registerUser({ labId: 'lab1', body: { email: member.email, password: 'password1', isLabManager: false } }));
    await store.dispatch(updateUser({ userId: 'u1', body: { _id: 'u1', email: member.email, password: '', isLabManager: false, access: [] } }));
    expect(net.sent.map((r) => r.body)).toEqual([
      { email: member.email, password: 'password1', isLabManager: false },
      { _id: 'u1', email: member.email, password: '', isLabManager: false, access: [] },
    ]);
    expect(store.getState().labs.user).toEqual(memberWithAccess);
  });
});

describe('labs slice: the lab manager’s calls', () => {
  it('lists, registers and edits the permissions of lab members with the lab user’s token', async () => {
    net
      .on('GET', '/api/users/lm/getUsers', { status: 200, data: { users: [manager] } })
      .on('POST', '/api/users/lm/register', { status: 201, data: { message: 'Registration Success!', user: member } })
      .on('GET', '/api/users/lm/users/u1', { status: 200, data: memberWithAccess })
      .on('PUT', '/api/users/lm/users/u1/access', { status: 200, data: { ...memberWithAccess, access: [ALL_ACCESS[0]] } });
    const store = managerStore();
    await store.dispatch(fetchMembers());
    await store.dispatch(registerMember({ email: member.email, password: 'password1', lab: 'lab1' }));
    expect(store.getState().labs.members).toEqual([member, manager]);
    await store.dispatch(fetchMember('u1'));
    await store.dispatch(updateMemberAccess({ userId: 'u1', access: [ALL_ACCESS[0]] }));
    expect(store.getState().labs.member?.access).toEqual([ALL_ACCESS[0]]);
    expect(net.sent.every((r) => r.authorization === 'Bearer lab-token')).toBe(true);
    expect(net.sentTo('PUT', '/api/users/lm/users/u1/access')[0].body).toEqual({ access: [ALL_ACCESS[0]] });
  });
});
