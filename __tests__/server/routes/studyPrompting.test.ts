// GET/PUT /api/studies/{id}/prompting and the system owner's equivalent (issue 33): the defaults, a change of
// the fields named (kept on a second identical call), the rule's message for each number out of range, the
// audit entry, and who may read and change it.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { appSignup } from '../support/participants';
import { ACCESS, ALL_ACCESS, accessKey, type AccessEntry } from '../../../src/shared/access';
import { promptingMessages } from '../../../src/shared/messages';
import type { PromptingSettings } from '../../../src/shared/prompting';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(30_000);

const DEFAULTS: PromptingSettings = { emailFallback: true, emailAfterMinutes: 2, adherenceAlerts: true, alertResponseRate: 50, alertPrompts: 6, alertSilentHours: 24 };

describe.each(databases)('study prompting (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let managerA: string;
  let managerB: string;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    const labB = await seedLab(t.app, owner, 1);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: 'GET' | 'PUT' | 'POST', url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  async function createStudy(): Promise<Study> {
    const res = await api('POST', '/api/studies', managerA, { chin_name: 'Prompting study' });
    expect(res.statusCode).toBe(201);
    return json<Study>(res);
  }

  async function member(access: readonly AccessEntry[]): Promise<string> {
    const email = uniqueEmail('member');
    const reg = await api('POST', '/api/users/lm/register', managerA, { email, password: USER_PASSWORD });
    const { user } = json<{ user: { _id: string } }>(reg);
    expect((await api('PUT', `/api/users/lm/users/${user._id}/access`, managerA, { access: [...access] })).statusCode).toBe(200);
    return labUserToken(t.app, email, USER_PASSWORD);
  }

  async function promptingEntries(studyId: string) {
    return t.app.ctx.db.selectFrom('audit_entries').selectAll().where('study_id', '=', studyId).where('kind', '=', 'study.prompting.changed').execute();
  }

  it('answers the defaults of a new study: email on after 2 minutes, alerts on at 50% over 6 prompts or 24 hours', async () => {
    const study = await createStudy();
    const res = await api('GET', `/api/studies/${study._id}/prompting`, managerA);
    expect([res.statusCode, json(res)]).toEqual([200, DEFAULTS]);
  });

  it('changes the fields named, keeps the others, records one audit entry, and a second identical call changes nothing', async () => {
    const study = await createStudy();
    const change = { emailFallback: false, emailAfterMinutes: 15 };
    const first = await api('PUT', `/api/studies/${study._id}/prompting`, managerA, change);
    expect([first.statusCode, json(first)]).toEqual([200, { ...DEFAULTS, ...change }]);
    const again = await api('PUT', `/api/studies/${study._id}/prompting`, managerA, change);
    expect([again.statusCode, json(again)]).toEqual([200, json(first)]);
    expect(json(await api('GET', `/api/studies/${study._id}/prompting`, managerA))).toEqual({ ...DEFAULTS, ...change });
    const entries = await promptingEntries(study._id);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].changes)).toEqual(
      expect.arrayContaining([
        { field: 'emailFallback', before: true, after: false },
        { field: 'emailAfterMinutes', before: 2, after: 15 },
      ]),
    );
  });

  it.each([
    ['minutes over 60', { emailAfterMinutes: 61 }, promptingMessages.emailAfterMinutesRange],
    ['negative minutes', { emailAfterMinutes: -1 }, promptingMessages.emailAfterMinutesRange],
    ['minutes not whole', { emailAfterMinutes: 2.5 }, promptingMessages.emailAfterMinutesRange],
    ['a rate over 100', { alertResponseRate: 101 }, promptingMessages.alertResponseRateRange],
    ['no prompts', { alertPrompts: 0 }, promptingMessages.alertPromptsRange],
    ['prompts over 50', { alertPrompts: 51 }, promptingMessages.alertPromptsRange],
    ['hours over a week', { alertSilentHours: 169 }, promptingMessages.alertSilentHoursRange],
  ])('refuses %s with 400 and the rule\'s message, changing nothing', async (_what, payload, message) => {
    const study = await createStudy();
    const res = await api('PUT', `/api/studies/${study._id}/prompting`, managerA, { emailFallback: false, ...payload });
    expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    expect(json(await api('GET', `/api/studies/${study._id}/prompting`, managerA))).toEqual(DEFAULTS);
  });

  it('refuses a value of the wrong type with 400', async () => {
    const study = await createStudy();
    expect((await api('PUT', `/api/studies/${study._id}/prompting`, managerA, { emailAfterMinutes: 'soon' })).statusCode).toBe(400);
    expect((await api('PUT', `/api/studies/${study._id}/prompting`, managerA, { emailFallback: 'perhaps' })).statusCode).toBe(400);
  });

  it('lets a member read it, and change it only with the basic-information permission', async () => {
    const study = await createStudy();
    const refused = ALL_ACCESS.filter((e) => accessKey(e) !== accessKey(ACCESS.editBasicInfo));
    const without = await member(refused);
    expect((await api('GET', `/api/studies/${study._id}/prompting`, without)).statusCode).toBe(200);
    const denied = await api('PUT', `/api/studies/${study._id}/prompting`, without, { emailFallback: false });
    expect(denied.statusCode).toBe(403);
    const withIt = await member([ACCESS.editBasicInfo]);
    expect((await api('PUT', `/api/studies/${study._id}/prompting`, withIt, { emailFallback: false })).statusCode).toBe(200);
  });

  it("answers 404 for another lab's study, 401 without a session or with a participant's token", async () => {
    const study = await createStudy();
    const url = `/api/studies/${study._id}/prompting`;
    expect((await api('GET', url, managerB)).statusCode).toBe(404);
    expect((await api('PUT', url, managerB, { emailFallback: false })).statusCode).toBe(404);
    expect((await api('GET', url, undefined)).statusCode).toBe(401);
    const { token } = await appSignup(t.app);
    expect((await api('GET', url, token)).statusCode).toBe(401);
    expect((await api('PUT', url, token, { emailFallback: false })).statusCode).toBe(401);
    expect((await api('POST', '/api/users/logout', managerB)).statusCode).toBe(200);
    expect((await api('GET', url, managerB)).statusCode).toBe(401);
    expect(json(await api('GET', url, managerA))).toEqual(DEFAULTS);
  });

  it("lets the system owner read and change any lab's study under /api/studies/systemowner, and no one else", async () => {
    const study = await createStudy();
    const url = `/api/studies/systemowner/${study._id}/prompting`;
    expect(json(await api('GET', url, owner))).toEqual(DEFAULTS);
    const res = await api('PUT', url, owner, { adherenceAlerts: false, alertSilentHours: 48 });
    expect([res.statusCode, json(res)]).toEqual([200, { ...DEFAULTS, adherenceAlerts: false, alertSilentHours: 48 }]);
    expect(json(await api('GET', `/api/studies/${study._id}/prompting`, managerA))).toMatchObject({ adherenceAlerts: false, alertSilentHours: 48 });
    expect((await promptingEntries(study._id))[0].actor_kind).toBe('system_owner');
    const wrong = await api('PUT', url, owner, { alertSilentHours: 0 });
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, promptingMessages.alertSilentHoursRange]);
    expect([401, 403]).toContain((await api('GET', url, managerA)).statusCode);
    expect([401, 403]).toContain((await api('PUT', url, managerA, { emailFallback: false })).statusCode);
    expect((await api('GET', `/api/studies/systemowner/000000000000000000000000/prompting`, owner)).statusCode).toBe(404);
  });
});
