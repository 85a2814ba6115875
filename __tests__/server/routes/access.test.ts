import { createTestApp, databases, json, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send, sortedKeys, uniqueEmail, USER_PASSWORD } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { ACCESS, ALL_ACCESS, NEW_LAB_USER_ACCESS, type AccessEntry } from '../../../src/shared/access';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

describe.each(databases)('GET /api/access/get_all_access (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
  });
  afterAll(async () => t.close());

  async function allAccess(token: string, host = 'localhost'): Promise<AccessEntry[]> {
    const res = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token, headers: { host } });
    expect(res.statusCode).toBe(200);
    return json<{ allAccess: AccessEntry[] }>(res).allAccess;
  }

  it('gives a user registered by the system owner the entries chosen, each once, as area/modifier/task', async () => {
    const chosen = [ACCESS.editEma, ACCESS.createParticipant, ACCESS.editEma].map(({ area, modifier, task }) => ({ area, modifier, task }));
    const user = await registerUser(t.app, owner, lab.labId, { access: chosen });
    const entries = await allAccess(await labUserToken(t.app, user.email, user.password));
    expect(sortedKeys(entries)).toEqual(sortedKeys(chosen.slice(0, 2)));
    for (const e of entries) expect(Object.keys(e).sort()).toEqual(['area', 'modifier', 'task']);
  });

  it('gives a user registered without a choice the defaults (NEW_LAB_USER_ACCESS), by the owner and by a lab manager', async () => {
    const byOwner = uniqueEmail();
    const owned = await send(t.app, { method: 'POST', url: `/api/users/systemOwner/register/${lab.labId}`, token: owner, payload: { email: byOwner, password: USER_PASSWORD } });
    expect(owned.statusCode).toBe(201);
    expect(sortedKeys(await allAccess(await labUserToken(t.app, byOwner, USER_PASSWORD)))).toEqual(sortedKeys(NEW_LAB_USER_ACCESS));
    const byManager = uniqueEmail();
    const res = await send(t.app, { method: 'POST', url: '/api/users/lm/register', token: manager, payload: { email: byManager, password: USER_PASSWORD } });
    expect(res.statusCode).toBe(201);
    expect(sortedKeys(await allAccess(await labUserToken(t.app, byManager, USER_PASSWORD)))).toEqual(sortedKeys(NEW_LAB_USER_ACCESS));
  });

  it('gives a user registered by a lab manager the entries chosen', async () => {
    const email = uniqueEmail();
    const chosen = [ACCESS.createStudy, ACCESS.editBasicInfo].map(({ area, modifier, task }) => ({ area, modifier, task }));
    const res = await send(t.app, { method: 'POST', url: '/api/users/lm/register', token: manager, payload: { email, password: USER_PASSWORD, access: chosen } });
    expect(res.statusCode).toBe(201);
    expect(sortedKeys(await allAccess(await labUserToken(t.app, email, USER_PASSWORD)))).toEqual(sortedKeys(chosen));
  });

  it('refuses an unknown entry on registration, registering nobody', async () => {
    for (const [url, token] of [
      [`/api/users/systemOwner/register/${lab.labId}`, owner],
      ['/api/users/lm/register', manager],
    ] as const) {
      const email = uniqueEmail();
      const res = await send(t.app, { method: 'POST', url, token, payload: { email, password: USER_PASSWORD, access: [{ area: 'STUDY', modifier: 'OWN', task: 'EVERYTHING' }] } });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(`${authMessages.accessEntryUnknown}: STUDY/OWN/EVERYTHING`);
      expect((await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email, password: USER_PASSWORD, organization: 1 } })).statusCode).toBe(401);
    }
  });

  it('gives a lab manager registered by the owner every entry, whatever was chosen', async () => {
    const user = await registerUser(t.app, owner, lab.labId, { isLabManager: true, access: [] });
    expect(sortedKeys(await allAccess(await labUserToken(t.app, user.email, user.password)))).toEqual(sortedKeys(ALL_ACCESS));
  });

  it('gives a lab manager every entry', async () => {
    expect(sortedKeys(await allAccess(manager))).toEqual(sortedKeys(ALL_ACCESS));
  });

  it("answers only the caller's entries once narrowed, on the caller's next call", async () => {
    const user = await registerUser(t.app, owner, lab.labId);
    const token = await labUserToken(t.app, user.email, user.password);
    const { area, modifier, task } = ACCESS.editBasicInfo;
    const put = await send(t.app, { method: 'PUT', url: `/api/users/lm/users/${user._id}/access`, token: manager, payload: { access: [{ area, modifier, task }] } });
    expect(put.statusCode).toBe(200);
    expect(await allAccess(token)).toEqual([{ area, modifier, task }]);
    // The manager's own entries are not affected.
    expect(sortedKeys(await allAccess(manager))).toEqual(sortedKeys(ALL_ACCESS));
  });

  it('answers a user of organization 2 on its host', async () => {
    const dark = await seedLab(t.app, owner, 2);
    const token = await labUserToken(t.app, dark.managerEmail, dark.managerPassword, 2);
    expect(sortedKeys(await allAccess(token, 'dark.localhost'))).toEqual(sortedKeys(ALL_ACCESS));
  });

  it('refuses the system owner with 403', async () => {
    const res = await send(t.app, { method: 'GET', url: '/api/access/get_all_access', token: owner });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe(authMessages.labUserOnly);
  });
});
