import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { ACCESS, ALL_ACCESS, accessKey, type AccessEntry, type AccessName } from '../../../src/shared/access';
import { STUDY_CODE_ALPHABET } from '../../../src/shared/studyRules';
import { authMessages, studyMessages } from '../../../src/shared/messages';
import type { Study, StudyListAnswer, StudySummary } from '../../../src/shared/types/study';

const MISSING_ID = '000000000000000000000000';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const CODE = new RegExp(`^[${STUDY_CODE_ALPHABET}]{6}$`);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function without(...names: AccessName[]): AccessEntry[] {
  const refused = new Set(names.map((n) => accessKey(ACCESS[n])));
  return ALL_ACCESS.filter((e) => !refused.has(accessKey(e)));
}

function refusal(name: AccessName): string {
  const e = ACCESS[name];
  return `You do not have the permission ${e.area}/${e.modifier}/${e.task}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each test makes several calls that hash passwords; the whole suite runs many files at once.
jest.setTimeout(20_000);

describe.each(databases)('studies (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let managerA: string;
  let managerB: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    labB = await seedLab(t.app, owner, 1);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
  }, 30_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  async function createStudy(token = managerA): Promise<Study> {
    const res = await api('POST', '/api/studies', token, { chin_name: 'Sleep study' });
    expect(res.statusCode).toBe(201);
    return json<Study>(res);
  }

  /** Makes a study of lab A one that can be activated: named stages, an assessment in each group, no consent. */
  async function makeRunnable(study: Study): Promise<void> {
    const q = await api('POST', '/api/qx_list', managerA, { chin_name: 'Mood', abbrev: `M${Math.random().toString(36).slice(2, 8)}` });
    expect(q.statusCode).toBe(201);
    const questionnaireId = json<{ _id: string }>(q)._id;
    const current = await readStudy(study._id);
    const stage_list = current.stage_list.map((stage) => ({
      _id: stage._id,
      chin_name: `Stage ${stage.stage_num}`,
      participant_group_list: stage.participant_group_list.map((g) => ({ _id: g._id, no_submission_limit_list: [questionnaireId] })),
    }));
    expect((await api('PUT', `/api/studies/${study._id}/edit_except_consent`, managerA, { stage_list })).statusCode).toBe(200);
    expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent: '', consentNeeded: false })).statusCode).toBe(200);
  }

  async function readStudy(id: string, token = managerA): Promise<Study> {
    const res = await api('GET', `/api/studies/${id}`, token);
    expect(res.statusCode).toBe(200);
    return json<Study>(res);
  }

  async function list(token: string, page?: number | string): Promise<StudyListAnswer> {
    const res = await api('GET', page === undefined ? '/api/studies' : `/api/studies?pageNumber=${page}`, token);
    expect(res.statusCode).toBe(200);
    return json<StudyListAnswer>(res);
  }

  /** A lab user of the lab (not a manager) registered by its manager, holding exactly the entries given. */
  async function member(managerToken: string, access: readonly AccessEntry[]): Promise<string> {
    const email = uniqueEmail('member');
    const reg = await api('POST', '/api/users/lm/register', managerToken, { email, password: USER_PASSWORD });
    expect(reg.statusCode).toBe(201);
    const { user } = json<{ user: { _id: string } }>(reg);
    const set = await api('PUT', `/api/users/lm/users/${user._id}/access`, managerToken, { access: [...access] });
    expect(set.statusCode).toBe(200);
    return labUserToken(t.app, email, USER_PASSWORD);
  }

  async function countRows(table: 'stages' | 'participant_groups', studyId: string): Promise<number> {
    const db = t.app.ctx.db;
    if (table === 'stages') {
      const rows = await db.selectFrom('stages').select('id').where('study_id', '=', studyId).execute();
      return rows.length;
    }
    const rows = await db
      .selectFrom('participant_groups')
      .innerJoin('stages', 'stages.id', 'participant_groups.stage_id')
      .select('participant_groups.id')
      .where('stages.study_id', '=', studyId)
      .execute();
    return rows.length;
  }

  describe('GET /api/studies', () => {
    it('pages the lab studies by 10, newest first; an out-of-range page is empty with the real page count', async () => {
      const lab = await seedLab(t.app, owner, 1);
      const token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      expect(await list(token)).toEqual({ studies: [], pages: 1, page: 1 });

      const created: Study[] = [];
      for (let i = 0; i < 12; i += 1) {
        created.push(await createStudy(token));
        await sleep(3);
      }
      const newestFirst = created.map((s) => s._id).reverse();

      const first = await list(token, 1);
      expect(first.page).toBe(1);
      expect(first.pages).toBe(2);
      expect(first.studies.map((s) => s._id)).toEqual(newestFirst.slice(0, 10));
      const second = await list(token, 2);
      expect(second).toMatchObject({ page: 2, pages: 2 });
      expect(second.studies.map((s) => s._id)).toEqual(newestFirst.slice(10));
      expect(await list(token)).toEqual(first);

      expect(await list(token, 3)).toEqual({ studies: [], pages: 2, page: 3 });
      expect(await list(token, 99)).toEqual({ studies: [], pages: 2, page: 99 });
    });

    it('answers the summary fields of each study only', async () => {
      const study = await createStudy();
      const { studies } = await list(managerA, 1);
      const summary: StudySummary | undefined = studies.find((s) => s._id === study._id);
      expect(summary).toEqual({
        _id: study._id,
        chin_name: 'Sleep study',
        study_code: study.study_code,
        active_status: 'inactive',
        createdAt: study.createdAt,
      });
    });

    it('lists only the own lab studies', async () => {
      const ofB = await createStudy(managerB);
      const { studies } = await list(managerA, 1);
      expect(studies.length).toBeGreaterThan(0);
      expect(studies.map((s) => s._id)).not.toContain(ofB._id);
      expect((await list(managerB, 1)).studies.map((s) => s._id)).toContain(ofB._id);
    });

    it.each(['0', '-1', 'abc', '1.5'])('refuses pageNumber=%s with 400', async (page) => {
      const res = await api('GET', `/api/studies?pageNumber=${page}`, managerA);
      expect(res.statusCode).toBe(400);
      expect(typeof messageOf(res)).toBe('string');
    });
  });

  describe('POST /api/studies', () => {
    it('creates a blank, inactive study with its name: one stage needing consent, with one group', async () => {
      const before = Date.now();
      const study = await createStudy();
      expect(study).toEqual({
        _id: expect.any(String),
        chin_name: 'Sleep study',
        study_code: expect.stringMatching(CODE),
        active_status: 'inactive',
        createdAt: expect.stringMatching(ISO),
        contact_person_name: '',
        contact_email: '',
        lab: labA.labId,
        stage_list: [
          {
            _id: expect.any(String),
            stage_num: 1,
            chin_name: '',
            chin_progress_message: '',
            chin_complete_message: '',
            consent_info: { consent_needed: true, chin_content: '' },
            participant_group_list: [
              {
                _id: expect.any(String),
                name: '',
                group_num: 1,
                stage: study.stage_list[0]._id,
                ema_list: [],
                diary_list: [],
                questionnaire_list: [],
                questionnaire_list_free_to_choose: false,
                no_submission_limit_list: [],
                followup_list: [],
              },
            ],
          },
        ],
      });
      expect(new Date(study.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await readStudy(study._id)).toEqual(study);
    });

    it('draws a unique code from the alphabet for every study', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 40; i += 1) codes.push((await createStudy(i % 2 ? managerA : managerB)).study_code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(CODE);
      // Over 240 characters drawn, more than a handful of the 31 letters and digits appear.
      expect(new Set(codes.join('')).size).toBeGreaterThan(15);
    });

    it('refuses a blank name with 400, making nothing', async () => {
      const lab = await seedLab(t.app, owner, 1);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      for (const payload of [{ chin_name: '' }, { chin_name: '   ' }]) {
        const res = await api('POST', '/api/studies', manager, payload);
        expect([res.statusCode, messageOf(res)]).toEqual([400, studyMessages.studyNameRequired]);
      }
      const long = await api('POST', '/api/studies', manager, { chin_name: 'x'.repeat(501) });
      expect([long.statusCode, messageOf(long)]).toEqual([400, studyMessages.studyNameTooLong]);
      expect(await list(manager, 1)).toEqual({ studies: [], pages: 1, page: 1 });
    });

    it("still answers the specification's empty-body call with a blank study without a name", async () => {
      const res = await api('POST', '/api/studies', managerA);
      expect(res.statusCode).toBe(201);
      expect(json<Study>(res)).toMatchObject({ chin_name: '', active_status: 'inactive' });
    });

    it('takes only the name from the body: the study is otherwise blank whatever is sent', async () => {
      const res = await api('POST', '/api/studies', managerA, { chin_name: '  Injected  ', active_status: 'active', study_code: 'AAAAAA' });
      expect(res.statusCode).toBe(201);
      const study = json<Study>(res);
      expect(study).toMatchObject({ chin_name: 'Injected', active_status: 'inactive' });
      expect(study.study_code).not.toBe('AAAAAA');
    });
  });

  describe('GET /api/studies/{id}', () => {
    it('answers 404 for a study that does not exist', async () => {
      const res = await api('GET', `/api/studies/${MISSING_ID}`, managerA);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(studyMessages.studyNotFound);
    });
  });

  describe('activate, deactivate and delete', () => {
    it('activates and deactivates with the messages, refusing a repeat with 409', async () => {
      const study = await createStudy();
      await makeRunnable(study);
      const on = await api('POST', `/api/studies/${study._id}/activate`, managerA);
      expect(on.statusCode).toBe(200);
      expect(json(on)).toEqual({ message: 'Study has been activated', warnings: [] });
      expect((await readStudy(study._id)).active_status).toBe('active');
      expect((await list(managerA, 1)).studies.find((s) => s._id === study._id)?.active_status).toBe('active');

      const again = await api('POST', `/api/studies/${study._id}/activate`, managerA);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(studyMessages.studyAlreadyActive);

      const off = await api('POST', `/api/studies/${study._id}/deactivate`, managerA);
      expect(off.statusCode).toBe(200);
      expect(json(off)).toEqual({ message: 'Study has been deactivated' });
      expect((await readStudy(study._id)).active_status).toBe('inactive');

      const offAgain = await api('POST', `/api/studies/${study._id}/deactivate`, managerA);
      expect(offAgain.statusCode).toBe(409);
      expect(messageOf(offAgain)).toBe(studyMessages.studyAlreadyInactive);
    });

    it('deletes only an inactive study, with its stages and groups', async () => {
      const study = await createStudy();
      await api('PUT', `/api/studies/${study._id}/add_stage`, managerA);
      await makeRunnable(study);
      expect((await api('POST', `/api/studies/${study._id}/activate`, managerA)).statusCode).toBe(200);

      const refused = await api('DELETE', `/api/studies/${study._id}`, managerA);
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe('Only an inactive study can be deleted. Deactivate it first.');
      expect((await readStudy(study._id)).active_status).toBe('active');

      expect((await api('POST', `/api/studies/${study._id}/deactivate`, managerA)).statusCode).toBe(200);
      expect(await countRows('stages', study._id)).toBe(2);
      expect(await countRows('participant_groups', study._id)).toBe(2);
      const deleted = await api('DELETE', `/api/studies/${study._id}`, managerA);
      expect(deleted.statusCode).toBe(200);
      expect(messageOf(deleted)).toBe(studyMessages.studyDeleted);

      expect((await api('GET', `/api/studies/${study._id}`, managerA)).statusCode).toBe(404);
      expect((await list(managerA, 1)).studies.map((s) => s._id)).not.toContain(study._id);
      expect(await countRows('stages', study._id)).toBe(0);
      expect(await countRows('participant_groups', study._id)).toBe(0);
      expect((await api('DELETE', `/api/studies/${study._id}`, managerA)).statusCode).toBe(404);
    });

    it('answers 404 for a study that does not exist', async () => {
      for (const [method, suffix] of [['POST', '/activate'], ['POST', '/deactivate'], ['DELETE', '']] as const) {
        const res = await api(method, `/api/studies/${MISSING_ID}${suffix}`, managerA);
        expect(res.statusCode).toBe(404);
        expect(messageOf(res)).toBe(studyMessages.studyNotFound);
      }
    });
  });

  describe('PUT /api/studies/{id}/add_stage', () => {
    it('appends a stage with one group and no consent, answering the whole study', async () => {
      const study = await createStudy();
      const res = await api('PUT', `/api/studies/${study._id}/add_stage`, managerA);
      expect(res.statusCode).toBe(200);
      const updated = json<Study>(res);
      expect(updated.stage_list).toHaveLength(2);
      expect(updated.stage_list[0]).toEqual(study.stage_list[0]);
      const stage2 = updated.stage_list[1];
      expect(stage2).toMatchObject({ stage_num: 2, chin_name: '', consent_info: { consent_needed: false, chin_content: '' } });
      expect(stage2._id).not.toBe(study.stage_list[0]._id);
      expect(stage2.participant_group_list).toHaveLength(1);
      expect(stage2.participant_group_list[0]).toMatchObject({ group_num: 1, stage: stage2._id, name: '' });
      expect(await readStudy(study._id)).toEqual(updated);

      const third = json<Study>(await api('PUT', `/api/studies/${study._id}/add_stage`, managerA));
      expect(third.stage_list.map((s) => s.stage_num)).toEqual([1, 2, 3]);
      expect(third.stage_list[0].consent_info.consent_needed).toBe(true);
    });
  });

  describe('PUT /api/studies/{id}/edit_basic', () => {
    it('saves the basic information, trimmed, with the toast text', async () => {
      const study = await createStudy();
      const res = await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, {
        chin_name: '  Sleep and Mood  ',
        contact_person_name: 'Dr. Chan',
        contact_email: ' chan@uni.edu ',
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: 'Study information was changed successfully' });
      expect(await readStudy(study._id)).toMatchObject({ chin_name: 'Sleep and Mood', contact_person_name: 'Dr. Chan', contact_email: 'chan@uni.edu' });
      expect((await list(managerA, 1)).studies.find((s) => s._id === study._id)?.chin_name).toBe('Sleep and Mood');
    });

    it('keeps the fields the body leaves out', async () => {
      const study = await createStudy();
      await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, { chin_name: 'First', contact_person_name: 'Ann', contact_email: 'ann@uni.edu' });
      expect((await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, { chin_name: 'Second' })).statusCode).toBe(200);
      expect(await readStudy(study._id)).toMatchObject({ chin_name: 'Second', contact_person_name: 'Ann', contact_email: 'ann@uni.edu' });
    });

    it.each([
      ['an invalid contact email', { contact_email: 'not-an-email' }, 'Please input valid email'],
      ['a contact email longer than an email can be', { contact_email: `${'a'.repeat(250)}@uni.edu` }, 'Please input valid email'],
      ['a study name over 500 characters', { chin_name: 'x'.repeat(501) }, studyMessages.studyNameTooLong],
      ['a contact person over 200 characters', { contact_person_name: 'x'.repeat(201) }, studyMessages.contactPersonTooLong],
    ])('refuses %s with 400 and changes nothing', async (_what, payload, message) => {
      const study = await createStudy();
      const res = await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, { chin_name: 'Kept', ...payload });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await readStudy(study._id)).toEqual(study);
    });
  });

  describe('PUT /api/studies/{id}/edit_consent', () => {
    const consentOf = async (id: string) => (await readStudy(id)).stage_list[0].consent_info;

    it('saves the consent form of the first stage with its message', async () => {
      const study = await createStudy();
      await api('PUT', `/api/studies/${study._id}/add_stage`, managerA);
      const res = await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent: '<p>I agree</p>', consentNeeded: true });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: 'Consent Form Updated' });
      const saved = await readStudy(study._id);
      expect(saved.stage_list[0].consent_info).toEqual({ consent_needed: true, chin_content: '<p>I agree</p>' });
      expect(saved.stage_list[1].consent_info).toEqual({ consent_needed: false, chin_content: '' });

      expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent: '<p>I agree</p>', consentNeeded: false })).statusCode).toBe(200);
      expect(await consentOf(study._id)).toEqual({ consent_needed: false, chin_content: '<p>I agree</p>' });
    });

    it('never stores a script, an event handler or a javascript: link', async () => {
      const study = await createStudy();
      const consent =
        '<p>Before</p><script>alert("x")</script><img src="https://example.org/a.png" onerror="alert(1)">' +
        '<p><a href="javascript:alert(2)">Read more</a></p><p>After</p>';
      expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent, consentNeeded: true })).statusCode).toBe(200);
      const { chin_content: saved } = await consentOf(study._id);
      expect(saved).not.toMatch(/<script|alert|onerror|javascript:/i);
      expect(saved).toContain('<p>Before</p>');
      expect(saved).toContain('<img src="https://example.org/a.png" />');
      expect(saved).toContain('Read more');
      expect(saved).toContain('<p>After</p>');
    });

    it("keeps the editor's formats: alignment, formulas, lists, colours and links", async () => {
      const study = await createStudy();
      const consent =
        '<h2 class="ql-align-center">Consent</h2>' +
        '<p class="ql-align-center ql-indent-1">Please read.</p>' +
        '<p><span class="ql-formula" data-value="x^2" contenteditable="false">x^2</span></p>' +
        '<ol><li data-list="bullet">One</li><li data-list="ordered">Two</li></ol>' +
        '<p><span style="color:#e60000;background-color:rgb(255, 255, 0)">Important</span></p>' +
        '<p><a href="https://example.org/info" target="_blank" rel="noopener noreferrer">Info</a></p>';
      expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent, consentNeeded: true })).statusCode).toBe(200);
      expect((await consentOf(study._id)).chin_content).toBe(consent);
    });

    it('refuses a body without consentNeeded or consent with 400', async () => {
      const study = await createStudy();
      expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent: '<p>x</p>' })).statusCode).toBe(400);
      expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consentNeeded: true })).statusCode).toBe(400);
      expect(await consentOf(study._id)).toEqual({ consent_needed: true, chin_content: '' });
    });
  });

  describe('PUT /api/studies/{id}/edit_except_consent', () => {
    async function twoStageStudy(): Promise<Study> {
      const study = await createStudy();
      return json<Study>(await api('PUT', `/api/studies/${study._id}/add_stage`, managerA));
    }

    it('saves basic information, stage names and messages and group names, answering the updated study', async () => {
      const study = await twoStageStudy();
      const [s1, s2] = study.stage_list;
      const body = {
        ...study,
        chin_name: 'Diary study',
        contact_person_name: 'Dr. Lee',
        contact_email: 'lee@uni.edu',
        active_status: 'active',
        study_code: 'ZZZZZZ',
        stage_list: [
          {
            ...s1,
            chin_name: 'Baseline',
            chin_progress_message: 'Keep going',
            chin_complete_message: 'Well done',
            consent_info: { consent_needed: false, chin_content: '<p>changed here</p>' },
            participant_group_list: [{ ...s1.participant_group_list[0], name: 'Control' }],
          },
          { ...s2, chin_name: 'Follow-up', participant_group_list: [{ ...s2.participant_group_list[0], name: 'Treatment' }] },
        ],
      };
      const res = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, managerA, body);
      expect(res.statusCode).toBe(200);
      const updated = json<Study>(res);
      expect(updated).toMatchObject({
        _id: study._id,
        chin_name: 'Diary study',
        contact_person_name: 'Dr. Lee',
        contact_email: 'lee@uni.edu',
        // Not editable here: the code, the status and the consent form.
        study_code: study.study_code,
        active_status: 'inactive',
      });
      expect(updated.stage_list[0]).toMatchObject({
        chin_name: 'Baseline',
        chin_progress_message: 'Keep going',
        chin_complete_message: 'Well done',
        consent_info: { consent_needed: true, chin_content: '' },
      });
      expect(updated.stage_list[0].participant_group_list[0].name).toBe('Control');
      expect(updated.stage_list[1].chin_name).toBe('Follow-up');
      expect(updated.stage_list[1].participant_group_list[0].name).toBe('Treatment');
      expect(await readStudy(study._id)).toEqual(updated);
    });

    it('refuses an unknown stage, a group of another stage and an invalid email with 400, saving nothing', async () => {
      const study = await twoStageStudy();
      const [s1, s2] = study.stage_list;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ chin_name: 'Changed', stage_list: [{ _id: MISSING_ID, chin_name: 'x' }] }, studyMessages.stageNotFound],
        [
          { chin_name: 'Changed', stage_list: [{ _id: s1._id, participant_group_list: [{ _id: s2.participant_group_list[0]._id, name: 'x' }] }] },
          studyMessages.groupNotFound,
        ],
        [{ contact_email: 'nope', stage_list: [{ _id: s1._id, chin_name: 'Changed' }] }, 'Please input valid email'],
      ];
      for (const [payload, message] of cases) {
        const res = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, managerA, payload);
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(message);
      }
      expect(await readStudy(study._id)).toEqual(study);
    });

    it("refuses another study's stage", async () => {
      const study = await createStudy();
      const other = await createStudy();
      const res = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, managerA, {
        stage_list: [{ _id: other.stage_list[0]._id, chin_name: 'Hijacked' }],
      });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(studyMessages.stageNotFound);
      expect((await readStudy(other._id)).stage_list[0].chin_name).toBe('');
    });
  });

  describe('permission entries', () => {
    it('lets a lab user who is not a manager but holds every entry do every study call', async () => {
      const token = await member(managerA, ALL_ACCESS);
      const study = await createStudy(token);
      const edits = [
        ['PUT', '/edit_basic', { chin_name: 'By member' }],
        ['PUT', '/add_stage', undefined],
        ['PUT', '/edit_except_consent', { chin_name: 'Again', stage_list: [{ _id: study.stage_list[0]._id, chin_name: 'S1' }] }],
      ] as const;
      for (const [method, suffix, payload] of edits) {
        const res = await api(method, `/api/studies/${study._id}${suffix}`, token, payload);
        expect(`${method} ${suffix} ${res.statusCode}`).toBe(`${method} ${suffix} 200`);
      }
      // The added stage needs a name and an assessment before the study can run.
      await makeRunnable(study);
      for (const [method, suffix, payload] of [
        ['PUT', '/edit_consent', { consent: '<p>ok</p>', consentNeeded: true }],
        ['POST', '/activate', undefined],
        ['POST', '/deactivate', undefined],
        ['DELETE', '', undefined],
      ] as const) {
        const res = await api(method, `/api/studies/${study._id}${suffix}`, token, payload);
        expect(`${method} ${suffix} ${res.statusCode}`).toBe(`${method} ${suffix} 200`);
      }
    });

    it('refuses creating a study without STUDY/CREATE/NEW_STUDY', async () => {
      const lab = await seedLab(t.app, owner, 1);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const token = await member(manager, without('createStudy'));
      const res = await api('POST', '/api/studies', token);
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(refusal('createStudy'));
      expect(await list(manager, 1)).toEqual({ studies: [], pages: 1, page: 1 });
    });

    it.each([
      ['activate', 'activateStudy', 'POST', '/activate', 'inactive', undefined],
      ['deactivate', 'deactivateStudy', 'POST', '/deactivate', 'active', undefined],
      ['delete', 'deleteStudy', 'DELETE', '', 'inactive', undefined],
      ['edit_basic', 'editBasicInfo', 'PUT', '/edit_basic', 'inactive', { chin_name: 'Refused' }],
      ['edit_consent', 'editConsent', 'PUT', '/edit_consent', 'inactive', { consent: '<p>Refused</p>', consentNeeded: false }],
      ['add_stage', 'addStage', 'PUT', '/add_stage', 'inactive', undefined],
    ] as const)('refuses %s without its entry, changing nothing', async (_call, name, method, suffix, status, payload) => {
      const token = await member(managerA, without(name));
      const study = await createStudy(token);
      if (status === 'active') {
        await makeRunnable(study);
        expect((await api('POST', `/api/studies/${study._id}/activate`, managerA)).statusCode).toBe(200);
      }
      const before = await readStudy(study._id);
      const res = await api(method, `/api/studies/${study._id}${suffix}`, token, payload);
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(refusal(name));
      expect(await readStudy(study._id)).toEqual(before);
      // The member can still read it.
      expect((await api('GET', `/api/studies/${study._id}`, token)).statusCode).toBe(200);
    });

    it('saves the whole study without STUDY_BASIC_INFO only while the basic information is unchanged', async () => {
      const token = await member(managerA, without('editBasicInfo'));
      const study = await createStudy();
      await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, { chin_name: 'Set by manager', contact_email: 'm@uni.edu' });
      const current = await readStudy(study._id);
      const stage = current.stage_list[0];

      const changed = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, token, {
        ...current,
        chin_name: 'Renamed by member',
        stage_list: [{ ...stage, chin_name: 'Stage by member' }],
      });
      expect(changed.statusCode).toBe(403);
      expect(messageOf(changed)).toBe(refusal('editBasicInfo'));
      expect(await readStudy(study._id)).toEqual(current);

      const allowed = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, token, {
        ...current,
        stage_list: [{ ...stage, chin_name: 'Stage by member', participant_group_list: [{ ...stage.participant_group_list[0], name: 'Group by member' }] }],
      });
      expect(allowed.statusCode).toBe(200);
      const saved = json<Study>(allowed);
      expect(saved.chin_name).toBe('Set by manager');
      expect(saved.stage_list[0].chin_name).toBe('Stage by member');
      expect(saved.stage_list[0].participant_group_list[0].name).toBe('Group by member');
    });

    it('saves the whole study without STUDY_STAGE_MESSAGES only while the stage texts are unchanged', async () => {
      const token = await member(managerA, without('editStageMessages'));
      const study = await createStudy();
      const stage = study.stage_list[0];

      for (const field of ['chin_name', 'chin_progress_message', 'chin_complete_message'] as const) {
        const res = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, token, {
          ...study,
          chin_name: 'Allowed name',
          stage_list: [{ ...stage, [field]: 'Changed by member' }],
        });
        expect(res.statusCode).toBe(403);
        expect(messageOf(res)).toBe(refusal('editStageMessages'));
      }
      expect(await readStudy(study._id)).toEqual(study);

      const allowed = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, token, {
        ...study,
        chin_name: 'Allowed name',
        stage_list: [{ ...stage, participant_group_list: [{ ...stage.participant_group_list[0], name: 'Group A' }] }],
      });
      expect(allowed.statusCode).toBe(200);
      expect(json<Study>(allowed)).toMatchObject({ chin_name: 'Allowed name' });
      expect(json<Study>(allowed).stage_list[0]).toMatchObject({ chin_name: '', participant_group_list: [{ name: 'Group A' }] });
    });

    it('takes effect at once when the manager narrows the entries of a signed-in member', async () => {
      const email = uniqueEmail('narrowed');
      const reg = await api('POST', '/api/users/lm/register', managerA, { email, password: USER_PASSWORD, access: [...ALL_ACCESS] });
      const { user } = json<{ user: { _id: string } }>(reg);
      const token = await labUserToken(t.app, email, USER_PASSWORD);
      const study = await createStudy(token);
      expect((await api('PUT', `/api/users/lm/users/${user._id}/access`, managerA, { access: without('activateStudy') })).statusCode).toBe(200);
      const res = await api('POST', `/api/studies/${study._id}/activate`, token);
      expect(res.statusCode).toBe(403);
      expect((await readStudy(study._id)).active_status).toBe('inactive');
    });
  });

  describe('who may call', () => {
    const calls: Array<[Method, string, Record<string, unknown> | undefined]> = [
      ['GET', '', undefined],
      ['DELETE', '', undefined],
      ['POST', '/activate', undefined],
      ['POST', '/deactivate', undefined],
      ['PUT', '/add_stage', undefined],
      ['PUT', '/edit_except_consent', { chin_name: 'Foreign' }],
      ['PUT', '/edit_basic', { chin_name: 'Foreign' }],
      ['PUT', '/edit_consent', { consent: '<p>Foreign</p>', consentNeeded: false }],
    ];

    it("answers 404 to a user of another lab for every call on a lab's study, changing nothing", async () => {
      const study = await createStudy();
      for (const [method, suffix, payload] of calls) {
        const res = await api(method, `/api/studies/${study._id}${suffix}`, managerB, payload);
        expect(`${method} ${suffix} ${res.statusCode}`).toBe(`${method} ${suffix} 404`);
        expect(messageOf(res)).toBe(studyMessages.studyNotFound);
      }
      expect(await readStudy(study._id)).toEqual(study);
    });

    it("answers 404 to another lab for an active study's delete and deactivate too", async () => {
      const study = await createStudy();
      await makeRunnable(study);
      expect((await api('POST', `/api/studies/${study._id}/activate`, managerA)).statusCode).toBe(200);
      for (const [method, suffix] of [['POST', '/deactivate'], ['DELETE', ''], ['POST', '/activate']] as const) {
        expect((await api(method, `/api/studies/${study._id}${suffix}`, managerB)).statusCode).toBe(404);
      }
      expect((await readStudy(study._id)).active_status).toBe('active');
    });

    it('refuses the system owner with 403 on every study call', async () => {
      const study = await createStudy();
      const ownerCalls: Array<[Method, string, Record<string, unknown> | undefined]> = [
        ['GET', '/api/studies?pageNumber=1', undefined],
        ['POST', '/api/studies', undefined],
        ...calls.map(([method, suffix, payload]): [Method, string, Record<string, unknown> | undefined] => [method, `/api/studies/${study._id}${suffix}`, payload]),
      ];
      for (const [method, url, payload] of ownerCalls) {
        const res = await api(method, url, owner, payload);
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
        expect(messageOf(res)).toBe(authMessages.labUserOnly);
      }
      expect(await readStudy(study._id)).toEqual(study);
    });

    it('refuses a call without a session with 401', async () => {
      const study = await createStudy();
      const anonymous: Array<[Method, string, Record<string, unknown> | undefined]> = [
        ['GET', '/api/studies', undefined],
        ['POST', '/api/studies', undefined],
        ...calls.map(([method, suffix, payload]): [Method, string, Record<string, unknown> | undefined] => [method, `/api/studies/${study._id}${suffix}`, payload]),
      ];
      for (const [method, url, payload] of anonymous) {
        const res = await api(method, url, undefined, payload);
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 401`);
      }
      expect(await readStudy(study._id)).toEqual(study);
    });
  });
});
