import { createTestApp, databases, json, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send, sortedKeys, uniqueEmail, userAsOwner, USER_PASSWORD } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { ACCESS, ALL_ACCESS, NEW_LAB_USER_ACCESS, type AccessEntry } from '../../../src/shared/access';
import type { LabUser, LabUserWithAccess, LabWithUsers } from '../../../src/shared/types/identity';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ALL_KEYS = sortedKeys(ALL_ACCESS);
const MISSING_ID = '000000000000000000000000';

function entries(...names: Array<keyof typeof ACCESS>): AccessEntry[] {
  return names.map((n) => ({ area: ACCESS[n].area, modifier: ACCESS[n].modifier, task: ACCESS[n].task }));
}

describe.each(databases)('system owner: lab users (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let otherLab: SeededLab;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    otherLab = await seedLab(t.app, owner, 1);
  });
  afterAll(async () => t.close());

  async function usersOf(labId: string): Promise<LabUser[]> {
    const res = await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${labId}`, token: owner });
    expect(res.statusCode).toBe(200);
    return json<LabWithUsers>(res).users;
  }

  async function signInStatus(email: string, password: string): Promise<number> {
    const res = await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email, password, organization: 1 } });
    return res.statusCode;
  }

  describe('POST /api/users/systemOwner/register/{labId}', () => {
    it('registers a lab user with the default permission entries (none), who can sign in', async () => {
      const email = uniqueEmail('Member').toUpperCase();
      const res = await send(t.app, {
        method: 'POST',
        url: `/api/users/systemOwner/register/${lab.labId}`,
        token: owner,
        payload: { email, password: USER_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      const user = json<LabUser>(res);
      expect(user).toEqual({ _id: expect.any(String), email: email.toLowerCase(), isLabManager: false, lab: lab.labId, createdAt: expect.stringMatching(ISO) });
      expect((await usersOf(lab.labId))[0]).toEqual(user);
      expect(sortedKeys((await userAsOwner(t.app, owner, user._id)).access)).toEqual(sortedKeys(NEW_LAB_USER_ACCESS));
      expect(await signInStatus(email, USER_PASSWORD)).toBe(200);
    });

    it('registers a lab manager, who may run the lab members at once', async () => {
      const manager = await registerUser(t.app, owner, lab.labId, { isLabManager: true });
      expect(manager.isLabManager).toBe(true);
      const token = await labUserToken(t.app, manager.email, manager.password);
      const res = await send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['an empty email', { email: '' }, authMessages.emailRequired],
      ['an invalid email', { email: 'not-an-email' }, authMessages.invalidEmail],
      ['an empty password', { password: '' }, authMessages.passwordRequired],
      ['a short password', { password: 'short' }, authMessages.passwordTooShort],
    ])('refuses %s with 400 and registers nobody', async (_what, change, message) => {
      const before = await usersOf(lab.labId);
      const res = await send(t.app, {
        method: 'POST',
        url: `/api/users/systemOwner/register/${lab.labId}`,
        token: owner,
        payload: { email: uniqueEmail(), password: USER_PASSWORD, isLabManager: false, ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await usersOf(lab.labId)).toEqual(before);
    });

    it("refuses another lab's email, in any case, with 409", async () => {
      const before = await usersOf(lab.labId);
      const res = await send(t.app, {
        method: 'POST',
        url: `/api/users/systemOwner/register/${lab.labId}`,
        token: owner,
        payload: { email: otherLab.managerEmail.toUpperCase(), password: USER_PASSWORD, isLabManager: false },
      });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(authMessages.emailTaken);
      expect(await usersOf(lab.labId)).toEqual(before);
    });

    it('answers 404 for a lab that does not exist', async () => {
      const res = await send(t.app, {
        method: 'POST',
        url: `/api/users/systemOwner/register/${MISSING_ID}`,
        token: owner,
        payload: { email: uniqueEmail(), password: USER_PASSWORD, isLabManager: false },
      });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.labNotFound);
    });
  });

  describe('GET /api/users/systemowner/users/{id}', () => {
    it('answers the user with permission entries; a manager holds every entry', async () => {
      const manager = await userAsOwner(t.app, owner, lab.managerId);
      expect(manager).toEqual({
        _id: lab.managerId,
        email: lab.managerEmail,
        isLabManager: true,
        lab: lab.labId,
        createdAt: expect.stringMatching(ISO),
        access: expect.any(Array),
      });
      expect(sortedKeys(manager.access)).toEqual(ALL_KEYS);
    });

    it('answers 404 for a user that does not exist', async () => {
      const res = await send(t.app, { method: 'GET', url: `/api/users/systemowner/users/${MISSING_ID}`, token: owner });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.userNotFound);
    });
  });

  describe('PUT /api/users/systemowner/users/{id}', () => {
    function put(id: string, payload: Record<string, unknown>) {
      return send(t.app, { method: 'PUT', url: `/api/users/systemowner/users/${id}`, token: owner, payload });
    }

    it('changes email, role and permission entries, and answers what a read answers afterwards', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      const email = uniqueEmail('renamed');
      const res = await put(user._id, {
        _id: user._id,
        email: email.toUpperCase(),
        password: '',
        isLabManager: false,
        access: [...entries('createStudy', 'editConsent'), ...entries('createStudy')],
      });
      expect(res.statusCode).toBe(200);
      const answered = json<LabUserWithAccess>(res);
      expect(answered).toMatchObject({ _id: user._id, email, isLabManager: false, lab: lab.labId });
      expect(sortedKeys(answered.access)).toEqual(sortedKeys(entries('createStudy', 'editConsent')));
      expect(await userAsOwner(t.app, owner, user._id)).toEqual(answered);

      const token = await labUserToken(t.app, email, user.password);
      const mine = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token });
      expect(sortedKeys(json<{ allAccess: AccessEntry[] }>(mine).allAccess)).toEqual(sortedKeys(entries('createStudy', 'editConsent')));
    });

    it('keeps the entries when access is left out, and removes them all with an empty list', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      await put(user._id, { email: user.email, isLabManager: false, access: entries('deleteStudy') });
      expect(sortedKeys((await put(user._id, { email: user.email, isLabManager: false })).json<LabUserWithAccess>().access)).toEqual(
        sortedKeys(entries('deleteStudy')),
      );
      const emptied = await put(user._id, { email: user.email, isLabManager: false, access: [] });
      expect(emptied.json<LabUserWithAccess>().access).toEqual([]);
      expect((await userAsOwner(t.app, owner, user._id)).access).toEqual([]);
    });

    it('lets a user keep their own email in another case', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      const res = await put(user._id, { email: user.email.toUpperCase(), isLabManager: false });
      expect(res.statusCode).toBe(200);
      expect(json<LabUser>(res).email).toBe(user.email);
    });

    it('promotes and demotes at once, for sessions already open', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      const token = await labUserToken(t.app, user.email, user.password);
      const lm = () => send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token });
      expect((await lm()).statusCode).toBe(403);
      expect((await put(user._id, { email: user.email, isLabManager: true })).statusCode).toBe(200);
      expect((await lm()).statusCode).toBe(200);
      expect((await put(user._id, { email: user.email, isLabManager: false })).statusCode).toBe(200);
      const demoted = await lm();
      expect(demoted.statusCode).toBe(403);
      expect(messageOf(demoted)).toBe(authMessages.labManagerOnly);
    });

    it('a manager holds every entry whatever is stored; the first manager of a lab, demoted, keeps the defaults of a new user', async () => {
      const fresh = await seedLab(t.app, owner, 1);
      const asManager = await put(fresh.managerId, { email: fresh.managerEmail, isLabManager: true, access: entries('createStudy') });
      expect(sortedKeys(json<LabUserWithAccess>(asManager).access)).toEqual(ALL_KEYS);
      // Stored entries apply once the user is no longer a manager.
      const demoted = await put(fresh.managerId, { email: fresh.managerEmail, isLabManager: false });
      expect(sortedKeys(json<LabUserWithAccess>(demoted).access)).toEqual(sortedKeys(entries('createStudy')));

      const untouched = await seedLab(t.app, owner, 1);
      const demotedUntouched = await put(untouched.managerId, { email: untouched.managerEmail, isLabManager: false });
      expect(sortedKeys(json<LabUserWithAccess>(demotedUntouched).access)).toEqual(ALL_KEYS);
    });

    describe('passwords and sessions', () => {
      it('an empty or missing password keeps the old one and the session', async () => {
        const user = await registerUser(t.app, owner, lab.labId);
        const token = await labUserToken(t.app, user.email, user.password);
        expect((await put(user._id, { _id: user._id, email: user.email, password: '', isLabManager: false })).statusCode).toBe(200);
        expect((await put(user._id, { email: user.email, password: null, isLabManager: false })).statusCode).toBe(200);
        expect((await put(user._id, { email: user.email, isLabManager: false })).statusCode).toBe(200);
        const still = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token });
        expect(still.statusCode).toBe(200);
        expect(await signInStatus(user.email, user.password)).toBe(200);
      });

      it('a new password replaces the old one and ends every session of the user', async () => {
        const user = await registerUser(t.app, owner, lab.labId);
        const first = await labUserToken(t.app, user.email, user.password);
        const second = await labUserToken(t.app, user.email, user.password);
        const res = await put(user._id, { _id: user._id, email: user.email, password: 'a-brand-new-password', isLabManager: false });
        expect(res.statusCode).toBe(200);
        for (const token of [first, second]) {
          const after = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token });
          expect(after.statusCode).toBe(401);
        }
        expect(await signInStatus(user.email, user.password)).toBe(401);
        expect(await signInStatus(user.email, 'a-brand-new-password')).toBe(200);
      });
    });

    describe('refusals, which change nothing', () => {
      let user: LabUser & { password: string };
      beforeAll(async () => {
        user = await registerUser(t.app, owner, lab.labId);
      });

      it.each([
        ['an empty email', { email: '' }, authMessages.emailRequired],
        ['an invalid email', { email: 'nobody@nowhere' }, authMessages.invalidEmail],
        ['a short password', { password: 'seven77' }, authMessages.passwordTooShort],
      ])('refuses %s with 400 and changes nothing', async (_what, change, message) => {
        const before = await userAsOwner(t.app, owner, user._id);
        const res = await put(user._id, { email: uniqueEmail(), isLabManager: true, access: [], ...change });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(message);
        expect(await userAsOwner(t.app, owner, user._id)).toEqual(before);
        expect(await signInStatus(user.email, user.password)).toBe(200);
      });

      it("refuses another user's email, in any case, with 409 and changes nothing", async () => {
        const before = await userAsOwner(t.app, owner, user._id);
        const res = await put(user._id, { email: otherLab.managerEmail.toUpperCase(), isLabManager: false, access: [] });
        expect(res.statusCode).toBe(409);
        expect(messageOf(res)).toBe(authMessages.emailTaken);
        expect(await userAsOwner(t.app, owner, user._id)).toEqual(before);
      });

      it('refuses an unknown permission entry with 400 and changes nothing', async () => {
        const before = await userAsOwner(t.app, owner, user._id);
        const res = await put(user._id, {
          email: uniqueEmail(),
          isLabManager: true,
          access: [...entries('createStudy'), { area: 'STUDY', modifier: 'LAUNCH', task: 'ROCKET' }],
        });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(`${authMessages.accessEntryUnknown}: STUDY/LAUNCH/ROCKET`);
        expect(await userAsOwner(t.app, owner, user._id)).toEqual(before);
      });
    });

    it('answers 404 for a user that does not exist', async () => {
      const res = await put(MISSING_ID, { email: uniqueEmail(), isLabManager: false });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.userNotFound);
    });
  });

  describe('DELETE /api/users/systemowner/users/{id}', () => {
    it('deletes the user, ends their sessions and frees their email', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      const token = await labUserToken(t.app, user.email, user.password);
      const res = await send(t.app, { method: 'DELETE', url: `/api/users/systemowner/users/${user._id}`, token: owner });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: authMessages.userDeleted });

      expect((await usersOf(lab.labId)).map((u) => u._id)).not.toContain(user._id);
      const read = await send(t.app, { method: 'GET', url: `/api/users/systemowner/users/${user._id}`, token: owner });
      expect(read.statusCode).toBe(404);
      const session = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token });
      expect(session.statusCode).toBe(401);
      expect(await signInStatus(user.email, user.password)).toBe(401);
      const again = await registerUser(t.app, owner, otherLab.labId, { email: user.email });
      expect(again.lab).toBe(otherLab.labId);
    });

    it('answers 404 for a user that does not exist (or no longer does)', async () => {
      const user = await registerUser(t.app, owner, lab.labId);
      expect((await send(t.app, { method: 'DELETE', url: `/api/users/systemowner/users/${user._id}`, token: owner })).statusCode).toBe(200);
      const again = await send(t.app, { method: 'DELETE', url: `/api/users/systemowner/users/${user._id}`, token: owner });
      expect(again.statusCode).toBe(404);
      expect(messageOf(again)).toBe(authMessages.userNotFound);
    });
  });
});
