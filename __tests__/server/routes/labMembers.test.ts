import { createTestApp, databases, json, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send, sortedKeys, uniqueEmail, userAsOwner, USER_PASSWORD } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { ACCESS, ALL_ACCESS, NEW_LAB_USER_ACCESS, type AccessEntry } from '../../../src/shared/access';
import type { LabUser, LabUserWithAccess, LabWithUsers } from '../../../src/shared/types/identity';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

const ALL_KEYS = sortedKeys(ALL_ACCESS);
const MISSING_ID = '000000000000000000000000';

function entries(...names: Array<keyof typeof ACCESS>): AccessEntry[] {
  return names.map((n) => ({ area: ACCESS[n].area, modifier: ACCESS[n].modifier, task: ACCESS[n].task }));
}

describe.each(databases)('lab manager: lab members (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let otherLab: SeededLab;
  let manager: string;
  let otherMember: LabUser;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    otherLab = await seedLab(t.app, owner, 1);
    otherMember = await registerUser(t.app, owner, otherLab.labId);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
  });
  afterAll(async () => t.close());

  async function usersOf(labId: string): Promise<LabUser[]> {
    const res = await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${labId}`, token: owner });
    return json<LabWithUsers>(res).users;
  }

  function register(payload: Record<string, unknown>, token = manager) {
    return send(t.app, { method: 'POST', url: '/api/users/lm/register', token, payload });
  }

  describe('GET /api/users/lm/getUsers', () => {
    it("answers the manager's own lab users only, newest first", async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const res = await send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token: manager });
      expect(res.statusCode).toBe(200);
      const { users } = json<{ users: LabUser[] }>(res);
      expect(users).toEqual(await usersOf(lab.labId));
      expect(users.map((u) => u._id).slice(0, 1)).toEqual([member._id]);
      expect(users.map((u) => u._id)).toContain(lab.managerId);
      expect(users.every((u) => u.lab === lab.labId)).toBe(true);
      expect(users.map((u) => u._id)).not.toContain(otherMember._id);
    });

    it('serves a manager of organization 2 on its own host', async () => {
      const dark = await seedLab(t.app, owner, 2);
      const token = await labUserToken(t.app, dark.managerEmail, dark.managerPassword, 2);
      const res = await send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token, headers: { host: 'dark.localhost' } });
      expect(res.statusCode).toBe(200);
      expect(json<{ users: LabUser[] }>(res).users.map((u) => u._id)).toEqual([dark.managerId]);
    });
  });

  describe('POST /api/users/lm/register', () => {
    it('registers a lab user in the own lab, with the default entries (none), who can sign in', async () => {
      const email = uniqueEmail('Signed.Up');
      // A manager cannot make a manager: a stray isLabManager is ignored.
      const res = await register({ email: email.toUpperCase(), password: USER_PASSWORD, lab: lab.labId, isLabManager: true });
      expect(res.statusCode).toBe(201);
      const body = json<{ message: string; user: LabUser }>(res);
      expect(body.message).toBe(authMessages.registrationSuccess);
      expect(body.user).toEqual({ _id: expect.any(String), email: email.toLowerCase(), isLabManager: false, lab: lab.labId, createdAt: expect.any(String) });
      expect((await usersOf(lab.labId))[0]).toEqual(body.user);
      expect(sortedKeys((await userAsOwner(t.app, owner, body.user._id)).access)).toEqual(sortedKeys(NEW_LAB_USER_ACCESS));
      await expect(labUserToken(t.app, email, USER_PASSWORD)).resolves.toEqual(expect.any(String));
    });

    it('registers in the own lab when the payload names no lab', async () => {
      const res = await register({ email: uniqueEmail(), password: USER_PASSWORD });
      expect(res.statusCode).toBe(201);
      expect(json<{ user: LabUser }>(res).user.lab).toBe(lab.labId);
    });

    it("answers 404 for another lab's id and registers nobody anywhere", async () => {
      const [mine, theirs] = [await usersOf(lab.labId), await usersOf(otherLab.labId)];
      const res = await register({ email: uniqueEmail(), password: USER_PASSWORD, lab: otherLab.labId });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.labNotFound);
      expect(await usersOf(lab.labId)).toEqual(mine);
      expect(await usersOf(otherLab.labId)).toEqual(theirs);
    });

    it.each([
      ['an empty email', { email: '' }, authMessages.emailRequired],
      ['an invalid email', { email: 'someone@' }, authMessages.invalidEmail],
      ['an empty password', { password: '' }, authMessages.passwordRequired],
      ['a short password', { password: 'abc' }, authMessages.passwordTooShort],
    ])('refuses %s with 400 and registers nobody', async (_what, change, message) => {
      const before = await usersOf(lab.labId);
      const res = await register({ email: uniqueEmail(), password: USER_PASSWORD, lab: lab.labId, ...change });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await usersOf(lab.labId)).toEqual(before);
    });

    it('refuses an email already registered, in any case, with 409', async () => {
      const before = await usersOf(lab.labId);
      const res = await register({ email: otherMember.email.toUpperCase(), password: USER_PASSWORD, lab: lab.labId });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(authMessages.emailTaken);
      expect(await usersOf(lab.labId)).toEqual(before);
    });
  });

  describe('GET /api/users/lm/users/{id}', () => {
    it('answers a member of the own lab with their entries', async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const res = await send(t.app, { method: 'GET', url: `/api/users/lm/users/${member._id}`, token: manager });
      expect(res.statusCode).toBe(200);
      const body = json<LabUserWithAccess>(res);
      expect(body).toEqual(await userAsOwner(t.app, owner, member._id));
      expect(sortedKeys(body.access)).toEqual(ALL_KEYS);
    });

    it("answers 404 for another lab's user, exactly as for one that does not exist", async () => {
      const foreign = await send(t.app, { method: 'GET', url: `/api/users/lm/users/${otherMember._id}`, token: manager });
      const missing = await send(t.app, { method: 'GET', url: `/api/users/lm/users/${MISSING_ID}`, token: manager });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect(messageOf(foreign)).toBe(authMessages.userNotFound);
    });
  });

  describe('PUT /api/users/lm/users/{id}/access', () => {
    function putAccess(id: string, access: unknown, token = manager) {
      return send(t.app, { method: 'PUT', url: `/api/users/lm/users/${id}/access`, token, payload: { access } });
    }

    it("replaces a member's entries, which the member then holds", async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const memberToken = await labUserToken(t.app, member.email, member.password);
      const res = await putAccess(member._id, entries('activateStudy', 'deactivateStudy'));
      expect(res.statusCode).toBe(200);
      const body = json<LabUserWithAccess>(res);
      expect(body).toMatchObject({ _id: member._id, email: member.email, isLabManager: false, lab: lab.labId });
      expect(sortedKeys(body.access)).toEqual(sortedKeys(entries('activateStudy', 'deactivateStudy')));
      expect(await userAsOwner(t.app, owner, member._id)).toEqual(body);
      const own = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: memberToken });
      expect(sortedKeys(json<{ allAccess: AccessEntry[] }>(own).allAccess)).toEqual(sortedKeys(entries('activateStudy', 'deactivateStudy')));

      expect(json<LabUserWithAccess>(await putAccess(member._id, [])).access).toEqual([]);
      expect((await userAsOwner(t.app, owner, member._id)).access).toEqual([]);
    });

    it('refuses an unknown entry with 400 and changes nothing', async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const res = await putAccess(member._id, [...entries('createStudy'), { area: 'MEDIA', modifier: 'CREATE', task: 'NEW_FILE' }]);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(`${authMessages.accessEntryUnknown}: MEDIA/CREATE/NEW_FILE`);
      expect(sortedKeys((await userAsOwner(t.app, owner, member._id)).access)).toEqual(ALL_KEYS);
    });

    it('refuses an entry that is not area/modifier/task with 400', async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const res = await putAccess(member._id, [{ area: 'STUDY', modifier: 'CREATE' }]);
      expect(res.statusCode).toBe(400);
      expect(sortedKeys((await userAsOwner(t.app, owner, member._id)).access)).toEqual(ALL_KEYS);
    });

    it("answers 404 for another lab's user and leaves their entries alone", async () => {
      const res = await putAccess(otherMember._id, []);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.userNotFound);
      expect(sortedKeys((await userAsOwner(t.app, owner, otherMember._id)).access)).toEqual(ALL_KEYS);
    });

    it('cannot narrow a manager: a manager always holds every entry', async () => {
      const res = await putAccess(lab.managerId, entries('createStudy'));
      expect(res.statusCode).toBe(200);
      expect(sortedKeys(json<LabUserWithAccess>(res).access)).toEqual(ALL_KEYS);
      const own = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: manager });
      expect(sortedKeys(json<{ allAccess: AccessEntry[] }>(own).allAccess)).toEqual(ALL_KEYS);
    });
  });

  describe('a lab user who is not a manager', () => {
    it('is refused every lab manager call with 403, and nothing changes', async () => {
      const member = await registerUser(t.app, owner, lab.labId);
      const token = await labUserToken(t.app, member.email, member.password);
      const before = await usersOf(lab.labId);
      const calls = [
        { method: 'GET' as const, url: '/api/users/lm/getUsers' },
        { method: 'POST' as const, url: '/api/users/lm/register', payload: { email: uniqueEmail(), password: USER_PASSWORD, lab: lab.labId } },
        { method: 'GET' as const, url: `/api/users/lm/users/${member._id}` },
        { method: 'PUT' as const, url: `/api/users/lm/users/${member._id}/access`, payload: { access: [] } },
      ];
      for (const c of calls) {
        const res = await send(t.app, { ...c, token });
        expect([c.url, res.statusCode]).toEqual([c.url, 403]);
        expect(messageOf(res)).toBe(authMessages.labManagerOnly);
      }
      expect(await usersOf(lab.labId)).toEqual(before);
      expect(sortedKeys((await userAsOwner(t.app, owner, member._id)).access)).toEqual(ALL_KEYS);
    });
  });
});
