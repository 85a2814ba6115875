import { createTestApp, databases, json, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { STORAGE_QUOTA_BYTES } from '../../../src/shared/limits';
import type { Lab, LabInfo, LabUser, LabWithUsers } from '../../../src/shared/types/identity';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe.each(databases)('labs (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;

  beforeAll(async () => {
    t = await createTestApp(database, { PORTAL_ORG_NAMES: 'Alpha University, Beta Hospital' });
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    labB = await seedLab(t.app, owner, 2);
  });
  afterAll(async () => t.close());

  async function labs(): Promise<Lab[]> {
    const res = await send(t.app, { method: 'GET', url: '/api/labs', token: owner });
    expect(res.statusCode).toBe(200);
    return json<{ labs: Lab[] }>(res).labs;
  }

  async function labWithUsers(labId: string): Promise<LabWithUsers> {
    const res = await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${labId}`, token: owner });
    expect(res.statusCode).toBe(200);
    return json<LabWithUsers>(res);
  }

  describe('GET /api/labs', () => {
    it('lists every lab, newest first, with its organization name', async () => {
      const list = await labs();
      const ids = list.map((l) => l._id);
      expect(ids.indexOf(labB.labId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(labB.labId)).toBeLessThan(ids.indexOf(labA.labId));
      const a = list.find((l) => l._id === labA.labId);
      const b = list.find((l) => l._id === labB.labId);
      expect(a).toEqual({ _id: labA.labId, name: expect.any(String), organization: 1, organizationName: 'Alpha University', createdAt: expect.stringMatching(ISO) });
      expect(b).toMatchObject({ organization: 2, organizationName: 'Beta Hospital' });
      const created = list.map((l) => l.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
    });
  });

  describe('POST /api/labs/systemowner/createlab', () => {
    it('creates the lab with its first manager, who can sign in on the organization host', async () => {
      const email = uniqueEmail('New.Manager').toUpperCase();
      const before = await labs();
      const res = await send(t.app, {
        method: 'POST',
        url: '/api/labs/systemowner/createlab',
        token: owner,
        payload: { labName: '  Sleep Lab  ', email: `  ${email}  `, password: 'manager-secret', organization: 2 },
      });
      expect(res.statusCode).toBe(201);
      const body = json<{ message: string; lab: Lab; manager: LabUser }>(res);
      expect(body.message).toBe(authMessages.labCreated);
      expect(body.lab).toEqual({ _id: expect.any(String), name: 'Sleep Lab', organization: 2, organizationName: 'Beta Hospital', createdAt: expect.stringMatching(ISO) });
      expect(body.manager).toEqual({ _id: expect.any(String), email: email.toLowerCase(), isLabManager: true, lab: body.lab._id, createdAt: expect.stringMatching(ISO) });

      const after = await labs();
      expect(after).toHaveLength(before.length + 1);
      expect(after[0]).toEqual(body.lab);
      expect(await labWithUsers(body.lab._id)).toEqual({ lab: body.lab, users: [body.manager] });
      const token = await labUserToken(t.app, email, 'manager-secret', 2);
      const users = await send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token, headers: { host: 'dark.localhost' } });
      expect(json<{ users: LabUser[] }>(users).users.map((u) => u._id)).toEqual([body.manager._id]);
    });

    const valid = { labName: 'Valid Lab', password: USER_PASSWORD, organization: 1 };
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ['an empty lab name', { labName: '' }, authMessages.labNameRequired],
      ['a blank lab name', { labName: '   ' }, authMessages.labNameRequired],
      ['an empty email', { email: '' }, authMessages.emailRequired],
      ['an email without a domain', { email: 'someone@lab' }, authMessages.invalidEmail],
      ['an email with a space', { email: 'some one@lab.org' }, authMessages.invalidEmail],
      ['an empty password', { password: '' }, authMessages.passwordRequired],
      ['a 7-character password', { password: '1234567' }, authMessages.passwordTooShort],
      ['a 129-character password', { password: 'p'.repeat(129) }, authMessages.passwordTooLong],
      ['no organization', { organization: null }, authMessages.organizationRequired],
      ['an unknown organization', { organization: 3 }, authMessages.organizationRequired],
    ];
    it.each(refusals)('refuses %s with 400 and creates nothing', async (_what, change, message) => {
      const email = uniqueEmail('refused');
      const before = await labs();
      const res = await send(t.app, {
        method: 'POST',
        url: '/api/labs/systemowner/createlab',
        token: owner,
        payload: { ...valid, email, ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await labs()).toHaveLength(before.length);
    });

    it('refuses an email already registered, in any case, with 409 and creates nothing', async () => {
      const before = await labs();
      const res = await send(t.app, {
        method: 'POST',
        url: '/api/labs/systemowner/createlab',
        token: owner,
        payload: { ...valid, email: labA.managerEmail.toUpperCase() },
      });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(authMessages.emailTaken);
      expect(await labs()).toHaveLength(before.length);
    });

    it('refuses a body without the required fields with 400', async () => {
      const res = await send(t.app, { method: 'POST', url: '/api/labs/systemowner/createlab', token: owner, payload: { labName: 'x' } });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('GET /api/labs/systemowner/{labId}', () => {
    it('answers the lab and its users, newest first', async () => {
      const member = await registerUser(t.app, owner, labA.labId);
      const { lab, users } = await labWithUsers(labA.labId);
      expect(lab).toMatchObject({ _id: labA.labId, organization: 1, organizationName: 'Alpha University' });
      expect(users.map((u) => u._id).slice(0, 2)).toEqual([member._id, labA.managerId]);
      expect(users.every((u) => u.lab === labA.labId)).toBe(true);
      expect(users[0]).toEqual({ _id: member._id, email: member.email, isLabManager: false, lab: labA.labId, createdAt: expect.stringMatching(ISO) });
    });

    it('answers 404 for an unknown lab', async () => {
      const res = await send(t.app, { method: 'GET', url: '/api/labs/systemowner/000000000000000000000000', token: owner });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(authMessages.labNotFound);
    });
  });

  describe('GET /api/labs/labinfo/{labId}', () => {
    it('answers the storage a new lab uses (none) and the quota to the system owner', async () => {
      const res = await send(t.app, { method: 'GET', url: `/api/labs/labinfo/${labB.labId}`, token: owner });
      expect(res.statusCode).toBe(200);
      expect(json<LabInfo>(res)).toEqual({ _id: labB.labId, name: expect.any(String), organization: 2, storageUsed: 0, storageQuota: STORAGE_QUOTA_BYTES });
    });

    it("answers a lab's own manager and member", async () => {
      const member = await registerUser(t.app, owner, labA.labId);
      for (const token of [
        await labUserToken(t.app, labA.managerEmail, labA.managerPassword),
        await labUserToken(t.app, member.email, member.password),
      ]) {
        const res = await send(t.app, { method: 'GET', url: `/api/labs/labinfo/${labA.labId}`, token });
        expect(res.statusCode).toBe(200);
        expect(json<LabInfo>(res)).toMatchObject({ _id: labA.labId, organization: 1, storageUsed: 0 });
      }
    });

    it("answers another lab's user 404, exactly as for a lab that does not exist", async () => {
      const other = await seedLab(t.app, owner, 1);
      const token = await labUserToken(t.app, other.managerEmail, other.managerPassword);
      const foreign = await send(t.app, { method: 'GET', url: `/api/labs/labinfo/${labA.labId}`, token });
      const missing = await send(t.app, { method: 'GET', url: '/api/labs/labinfo/000000000000000000000000', token });
      expect(foreign.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect(messageOf(foreign)).toBe(authMessages.labNotFound);
    });
  });
});
