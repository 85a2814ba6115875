// GET/PUT /api/studies/{id}/data_rights (issue 36 part 3): the defaults, a change of the fields named (kept on a
// second identical call), the date rule's message, the refusal to change keepAnswersOnErasure once the study was
// activated or anyone joined, the choice shown in the app's participation (its consent), the audit entry, and
// who may read and change it.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { appSignup, markActive, setConsent } from '../support/participants';
import { ACCESS, ALL_ACCESS, accessKey, type AccessEntry } from '../../../src/shared/access';
import { dataRightsMessages } from '../../../src/shared/messages';
import type { DataRights } from '../../../src/shared/dataRights';
import type { Study } from '../../../src/shared/types/study';
import type { AppParticipation } from '../../../src/shared/types/participantApp';

jest.setTimeout(30_000);

const DEFAULTS: DataRights = { keepAnswersOnErasure: false, retentionUntil: null };

describe.each(databases)('study data rights (%s)', (database) => {
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
    const res = await api('POST', '/api/studies', managerA, { chin_name: 'Data rights study' });
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

  const url = (study: Study) => `/api/studies/${study._id}/data_rights`;

  it('answers the defaults of a new study: answers deleted on erasure, no retention date', async () => {
    const study = await createStudy();
    const res = await api('GET', url(study), managerA);
    expect([res.statusCode, json(res)]).toEqual([200, DEFAULTS]);
  });

  it('changes the fields named, records one audit entry, and a second identical call changes nothing', async () => {
    const study = await createStudy();
    const change = { keepAnswersOnErasure: true, retentionUntil: '2030-06-30' };
    const first = await api('PUT', url(study), managerA, change);
    expect([first.statusCode, json(first)]).toEqual([200, change]);
    const again = await api('PUT', url(study), managerA, change);
    expect([again.statusCode, json(again)]).toEqual([200, change]);
    const onlyDate = await api('PUT', url(study), managerA, { retentionUntil: null });
    expect(json(onlyDate)).toEqual({ keepAnswersOnErasure: true, retentionUntil: null });
    const entries = await t.app.ctx.db.selectFrom('audit_entries').selectAll().where('study_id', '=', study._id).where('kind', '=', 'study.dataRights.changed').execute();
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0].changes)).toEqual(
      expect.arrayContaining([
        { field: 'keepAnswersOnErasure', before: false, after: true },
        { field: 'retentionUntil', before: null, after: '2030-06-30' },
      ]),
    );
  });

  it.each([['not a date', 'soon'], ['no such day', '2030-02-30'], ['another format', '30/06/2030']])(
    'refuses a retention date %s with 400 and the rule\'s message, changing nothing',
    async (_what, retentionUntil) => {
      const study = await createStudy();
      const res = await api('PUT', url(study), managerA, { keepAnswersOnErasure: true, retentionUntil });
      expect([res.statusCode, messageOf(res)]).toEqual([400, dataRightsMessages.retentionDateInvalid]);
      expect(json(await api('GET', url(study), managerA))).toEqual(DEFAULTS);
    },
  );

  it('refuses a value of the wrong type or a date too long with 400', async () => {
    const study = await createStudy();
    expect((await api('PUT', url(study), managerA, { keepAnswersOnErasure: 'perhaps' })).statusCode).toBe(400);
    expect((await api('PUT', url(study), managerA, { retentionUntil: 20300630 })).statusCode).toBe(400);
    expect((await api('PUT', url(study), managerA, { retentionUntil: '2'.repeat(41) })).statusCode).toBe(400);
  });

  it('refuses to change keepAnswersOnErasure once the study is active (409, the message) but still takes a retention date', async () => {
    const study = await createStudy();
    await markActive(t.app.ctx.db, study._id);
    const res = await api('PUT', url(study), managerA, { keepAnswersOnErasure: true });
    expect([res.statusCode, messageOf(res)]).toEqual([409, dataRightsMessages.keepAnswersLocked]);
    const date = await api('PUT', url(study), managerA, { keepAnswersOnErasure: false, retentionUntil: '2031-01-01' });
    expect([date.statusCode, json(date)]).toEqual([200, { keepAnswersOnErasure: false, retentionUntil: '2031-01-01' }]);
  });

  it('refuses it once anyone joined, even after deactivation, and shows the choice in the app at consent', async () => {
    const study = await createStudy();
    expect((await api('PUT', url(study), managerA, { keepAnswersOnErasure: true })).statusCode).toBe(200);
    await setConsent(t.app.ctx.db, study._id, true);
    await markActive(t.app.ctx.db, study._id);
    const session = await appSignup(t.app);
    const joined = await api('POST', '/api/app/studies/join', session.token, { studyCode: study.study_code });
    expect(joined.statusCode).toBe(201);
    expect(json<AppParticipation>(joined).consent).toEqual({ consent_needed: true, chin_content: '<p>I agree</p>', keep_answers_on_erasure: true });
    await t.app.ctx.db.updateTable('studies').set({ active_status: 'inactive' }).where('id', '=', study._id).execute();
    const res = await api('PUT', url(study), managerA, { keepAnswersOnErasure: false });
    expect([res.statusCode, messageOf(res)]).toEqual([409, dataRightsMessages.keepAnswersLocked]);
  });

  it('lets a member read it, and change it only with the basic-information permission', async () => {
    const study = await createStudy();
    const without = await member(ALL_ACCESS.filter((e) => accessKey(e) !== accessKey(ACCESS.editBasicInfo)));
    expect((await api('GET', url(study), without)).statusCode).toBe(200);
    expect((await api('PUT', url(study), without, { keepAnswersOnErasure: true })).statusCode).toBe(403);
    const withIt = await member([ACCESS.editBasicInfo]);
    expect((await api('PUT', url(study), withIt, { keepAnswersOnErasure: true })).statusCode).toBe(200);
  });

  it("answers 404 for another lab's study, 401 without a session or with a participant's token", async () => {
    const study = await createStudy();
    expect((await api('GET', url(study), managerB)).statusCode).toBe(404);
    expect((await api('PUT', url(study), managerB, { keepAnswersOnErasure: true })).statusCode).toBe(404);
    expect((await api('GET', url(study), undefined)).statusCode).toBe(401);
    expect((await api('PUT', url(study), undefined, { keepAnswersOnErasure: true })).statusCode).toBe(401);
    const { token } = await appSignup(t.app);
    expect((await api('GET', url(study), token)).statusCode).toBe(401);
    expect((await api('PUT', url(study), token, { keepAnswersOnErasure: true })).statusCode).toBe(401);
    expect(json(await api('GET', url(study), managerA))).toEqual(DEFAULTS);
  });
});
