// The study file (issue 35 part 1): GET /api/studies/{id}/design and POST /api/studies/import. A study with
// every response type, condition and setting goes out and comes back the same; an import is one transaction,
// renames codes the lab already uses, says what it could not carry, refuses what is not a study file with the
// first problem, and is only for the lab's users who may create studies.
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { appLogin, appSignup, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import { ACCESS, ALL_ACCESS, accessKey } from '../../../src/shared/access';
import { assessmentMessages, authMessages, followupMessages, promptingMessages, studyFileMessages } from '../../../src/shared/messages';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import { STUDY_FILE_FORMAT, STUDY_FILE_VERSION, type StudyFile, type StudyImportSummary } from '../../../src/shared/studyFile/format';
import type { Study } from '../../../src/shared/types/study';
import type { TokenClaims } from '../../../src/server/services/identity/tokens';
import { insertGroup } from '../../../src/server/repositories/studies';

// Writing a group can be made to fail (the one-transaction test); otherwise it is the real one.
jest.mock('../../../src/server/repositories/studies', () => {
  const actual = jest.requireActual<typeof import('../../../src/server/repositories/studies')>('../../../src/server/repositories/studies');
  return { ...actual, insertGroup: jest.fn(actual.insertGroup) };
});

jest.setTimeout(60_000);

type Method = 'GET' | 'POST' | 'PUT';
type Imported = { study: Study; summary: StudyImportSummary };

const ZONES = 'Asia/Hong_Kong,Europe/London';

function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

function question(id: string, num: string, html: string, responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion(id, `${id}r`), question_num: num, html_question: html, other_info: responses, ...changes };
}

function claimsOf(token: string): TokenClaims {
  const p = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; jti: string; kind: TokenClaims['kind']; org: number | null };
  return { sessionId: p.jti, accountId: p.sub, kind: p.kind, organization: p.org };
}

/** The file without the moment it was written: what must come back the same. */
function withoutDate(file: StudyFile): Omit<StudyFile, 'exported_at'> {
  const { exported_at: _date, ...rest } = file;
  return rest;
}

describe.each(databases)('study files (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let managerA: string;
  let managerB: string;

  beforeAll(async () => {
    t = await createTestApp(database, { PORTAL_TIMEZONES: ZONES });
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    labB = await seedLab(t.app, owner, 1);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: Method, url: string, token: string | undefined, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  }

  async function addMedia(labId: string, name: string): Promise<string> {
    const id = randomBytes(12).toString('hex');
    const key = `${labId}/images/${id}.png`;
    await t.app.ctx.db
      .insertInto('media_files')
      .values({ id, lab_id: labId, name, type: 'image', object_key: key, content_type: 'image/png', size: 10, created_by: null, created_at: new Date().toISOString() })
      .execute();
    return key;
  }

  async function member(managerToken: string, access: readonly { area: string; modifier: string; task: string }[]): Promise<string> {
    const email = uniqueEmail('member');
    const reg = await api('POST', '/api/users/lm/register', managerToken, { email, password: USER_PASSWORD });
    expect(reg.statusCode).toBe(201);
    const { user } = json<{ user: { _id: string } }>(reg);
    expect((await api('PUT', `/api/users/lm/users/${user._id}/access`, managerToken, { access: [...access] })).statusCode).toBe(200);
    return labUserToken(t.app, email, USER_PASSWORD);
  }

  async function exported(studyId: string, token: string): Promise<StudyFile> {
    const res = await api('GET', `/api/studies/${studyId}/design`, token);
    expect(res.statusCode).toBe(200);
    return json<StudyFile>(res);
  }

  async function imported(file: unknown, token: string): Promise<Imported> {
    const res = await api('POST', '/api/studies/import', token, file);
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return json<Imported>(res);
  }

  async function countOf(table: 'studies' | 'questionnaires', labId: string): Promise<number> {
    return (await t.app.ctx.db.selectFrom(table).select('id').where('lab_id', '=', labId).execute()).length;
  }

  /**
   * A study of lab A with every response type, every kind of condition and check, scores, shuffled runs and
   * choices, piping, two stages (the second with two groups), EMA (fixed and random times, each zone rule), a diary
   * with a fixed start, one-time and anytime lists, a follow-up rule, consent and prompting choices.
   */
  async function richStudy(codes: { mood: string; sleep: string }, mediaName: string): Promise<Study> {
    const key = await addMedia(labA.labId, mediaName);
    const sleep = await createQuestionnaire(t.app, managerA, () => [question('s1', '1', '<p>Hours slept?</p>', [response('s1a', 'text', { number_only: true })])], { abbrev: codes.sleep });
    const mood = await createQuestionnaire(
      t.app,
      managerA,
      (setId) => [
        question('m0', '', '<p>Welcome</p>', [response('m0a', 'instruction')], { guide: true, html_guide: '<p>Read me</p>' }),
        question('m1', '1', '<p>Look at this</p>', [response('m1a', 'media', { media_source: 'uploaded', media_url: key, media_type: 'image' }), response('m1b', 'media', { media_source: 'youTube', media_url: 'https://youtu.be/abc', media_type: 'video' })]),
        question('m2', '2', '<p>How do you feel?</p>', [response('m2a', 'mc', { choices: setId, multiple: true, shuffle_choices: true, validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } })]),
        question('m3', '3', '<p>When did you wake?</p>', [response('m3a', 'time', { picker_format: 'hh mm A', instruction_msg: 'Pick a time' }), response('m3b', 'time', { picker_format: 'DD MM YYYY' })]),
        question('m4', '4', '<p>When did you sleep?</p>', [response('m4a', 'time', { validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: { target_qpos: 3, target_rpos: 0 } } })]),
        question('m5', '5', '<p>How long?</p>', [response('m5a', 'duration', { day: true, hour: true, minute: false })]),
        question('m6', '6', '<p>Energy</p>', [response('m6a', 'slider', { min: 1, max: 7, min_label: 'low', max_label: 'high' })], {
          dependency: [{ or: [{ dependent_qpos: 2, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: '1' }] }],
        }),
        question('m7', '7', '<p>Calm</p>', [response('m7a', 'slider', { min: 1, max: 7 })]),
        question('m8', '8', '<p>Slept {{Q7}}, last night {{' + codes.sleep + '.Q1|no answer}} hours</p>', [response('m8a', 'text', { number_only: true, pre_label: 'about', post_label: 'hours' })]),
        question('m9', '9', '<p>Email</p>', [response('m9a', 'text', { validation: { required: true, regex_string: '^\\S+@\\S+\\.\\S+$', identical_to_prev_question: false, earlier: null } })]),
        question('m10', '10', '<p>Email again</p>', [response('m10a', 'text', { validation: { required: true, regex_string: '', identical_to_prev_question: true, earlier: null } })], {
          dependency: [{ or: [{ dependent_qpos: 9, dependent_response_pos: 0, criterion_operator: 'is not', criterion_value: 'none' }] }],
        }),
        question('m11', '11', '<p>Tell us more</p>', [response('m11a', 'textarea')], {
          dependency: [
            { or: [{ dependent_qpos: 8, dependent_response_pos: 0, criterion_operator: 'greater', criterion_value: '3' }] },
            { or: [{ dependent_qpos: 8, dependent_response_pos: 0, criterion_operator: 'less or equal', criterion_value: '5' }, { dependent_qpos: 2, dependent_response_pos: 0, criterion_operator: 'is not selected', criterion_value: '2' }] },
          ],
        }),
        question('m12', '12', '<p>A photo</p>', [response('m12a', 'photoUpload')]),
      ],
      {
        abbrev: codes.mood,
        mcSet: { name: 'Feelings', choices: [{ name: 'Good', value: '1', position: 0 }, { name: 'Bad', value: '2', position: 1 }] },
        scores: [{ name: 'energy', method: 'mean', items: [{ question_pos: 6, response_pos: 0, reverse: false }, { question_pos: 7, response_pos: 0, reverse: true }], min_answered: 1 }],
        shuffleRuns: [{ from_pos: 6, to_pos: 7 }],
      },
    );
    // A second, unused set comes along too.
    expect((await api('POST', `/api/qx_list/${mood._id}/mc`, managerA, { name: 'Yes or no', choices: [{ name: 'Yes', value: 'y' }, { name: 'No', value: 'n' }] })).statusCode).toBe(201);
    const once = await createQuestionnaire(t.app, managerA, () => [question('o1', '1', '<p>Age</p>', [response('o1a', 'text')])], { abbrev: `${codes.mood}O` });
    const study = await createStudy(t.app, managerA, { stages: 2 });
    expect((await api('PUT', `/api/studies/${study._id}/edit_basic`, managerA, { chin_name: 'Sleep and mood', contact_person_name: 'Dr Chan', contact_email: 'chan@lab.org' })).statusCode).toBe(200);
    expect((await api('PUT', `/api/studies/${study._id}/edit_consent`, managerA, { consent: '<p>I agree to <b>take part</b></p>', consentNeeded: true })).statusCode).toBe(200);
    expect((await api('PUT', `/api/studies/${study._id}/prompting`, managerA, { emailFallback: true, emailAfterMinutes: 12, adherenceAlerts: true, alertResponseRate: 60, alertPrompts: 8, alertSilentHours: 30 })).statusCode).toBe(200);
    const stage1 = study.stage_list[0];
    const stage2 = study.stage_list[1];
    const added = await api('PUT', `/api/studies/${stage2._id}/add_group`, managerA);
    expect(added.statusCode).toBe(200);
    const group2 = json<Study>(added).stage_list[1].participant_group_list[1]._id;
    const stageTexts = (s: typeof stage1, n: number) => ({ _id: s._id, chin_name: `Stage ${n}`, chin_progress_message: `In stage ${n}`, chin_complete_message: `Done with ${n}` });
    expect(
      (
        await api('PUT', `/api/studies/${study._id}/edit_except_consent`, managerA, {
          stage_list: [
            { ...stageTexts(stage1, 1), participant_group_list: [{ _id: stage1.participant_group_list[0]._id, name: 'Control' }] },
            { ...stageTexts(stage2, 2), participant_group_list: [{ _id: stage2.participant_group_list[0]._id, name: 'Later' }, { _id: group2, name: 'Active' }] },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const ema = { time_randomize: false, time_list: ['09:00', '21:30'], randomize_settings: [], timezone: 'Europe/London', zone_rule: 'follow_phone' as const, number_of_days: 7, day_one_eq_same_day: false, reminder_interval: 10, response_in: 30 };
    await setGroupSettings(t.app.ctx.db, stage1.participant_group_list[0]._id, {
      ema: [{ ...ema, questionnaire_list: [{ _id: mood._id, chin_name: mood.chin_name, abbrev: mood.abbrev }] }],
      diary: [{ questionnaire_list: [{ _id: sleep._id, chin_name: sleep.chin_name, abbrev: sleep.abbrev }], fix_start_date: true, start_date: '2030-01-06', number_of_days: 14, timezone: 'Asia/Hong_Kong', zone_rule: 'participant' }],
      once: [once._id],
      anytime: [sleep._id, once._id],
      followups: [{ trigger_questionnaire: mood._id, when: [{ or: [{ dependent_qpos: 8, dependent_response_pos: 0, criterion_operator: 'greater or equal', criterion_value: '5' }] }], score_when: [{ score: 'energy', criterion_operator: 'greater', criterion_value: 2.5 }], questionnaire_list: [sleep._id], after_minutes: 45, response_in: 20, reminder_interval: 5, max_per_day: 2 }],
    });
    await setGroupSettings(t.app.ctx.db, group2, {
      ema: [
        { ...ema, time_randomize: true, time_list: [], randomize_settings: [{ start_time: '08:00', end_time: '12:00' }, { start_time: '13:00', end_time: '20:00' }], timezone: 'Asia/Hong_Kong', zone_rule: 'setting', questionnaire_list: [{ _id: sleep._id, chin_name: sleep.chin_name, abbrev: sleep.abbrev }] },
      ],
    });
    await t.app.ctx.db.updateTable('participant_groups').set({ questionnaire_list_free_to_choose: 1 }).where('id', '=', group2).execute();
    return study;
  }

  describe('round trip', () => {
    it('exports a study with everything, imports it into another lab and exports the same file apart from ids and dates', async () => {
      const codes = { mood: 'MOOD', sleep: 'SLEEP' };
      const study = await richStudy(codes, 'sunrise.png');
      await addMedia(labB.labId, 'sunrise.png');
      const first = await exported(study._id, managerA);
      expect(first.format).toBe(STUDY_FILE_FORMAT);
      expect(first.version).toBe(STUDY_FILE_VERSION);
      expect(first.questionnaires.map((q) => q.ref)).toEqual(['MOOD', 'SLEEP', 'MOODO']);
      expect(JSON.stringify(first)).not.toContain(study._id);
      expect(JSON.stringify(first)).not.toContain(labA.labId);
      expect(first.media).toEqual([{ name: 'sunrise.png', type: 'image' }]);
      const types = new Set(first.questionnaires.flatMap((q) => q.chin_content.flatMap((x) => x.other_info.map((r) => r.type))));
      expect([...types].sort()).toEqual(['duration', 'instruction', 'mc', 'media', 'photoUpload', 'slider', 'text', 'textarea', 'time']);
      expect(first.stages[0].participant_group_list[0].followup_list[0].trigger_questionnaire).toBe('MOOD');

      const { study: copy, summary } = await imported(first, managerB);
      expect(copy.active_status).toBe('inactive');
      expect(copy.lab).toBe(labB.labId);
      expect(copy.chin_name).toBe('Sleep and mood');
      expect(summary).toEqual({
        questionnaires: [
          { ref: 'MOOD', _id: expect.any(String), abbrev: 'MOOD' },
          { ref: 'SLEEP', _id: expect.any(String), abbrev: 'SLEEP' },
          { ref: 'MOODO', _id: expect.any(String), abbrev: 'MOODO' },
        ],
        renamed: [],
        missing_media: [],
        zones_not_offered: [],
      });
      const again = await exported(copy._id, managerB);
      expect(withoutDate(again)).toEqual(withoutDate(first));

      // The copies are the lab's own questionnaires: the editor reads them, with new ids.
      const mood = await api('GET', `/api/qx_list/${summary.questionnaires[0]._id}`, managerB);
      expect(mood.statusCode).toBe(200);
      expect(json<{ abbrev: string }>(mood).abbrev).toBe('MOOD');
      expect(await countOf('questionnaires', labB.labId)).toBe(3);
    });

    it('renames codes the lab already uses, follows them in piped answers, and says so', async () => {
      const codes = { mood: 'PIPE', sleep: 'PIPES' };
      const study = await richStudy(codes, 'moon.png');
      const file = await exported(study._id, managerA);
      const { study: copy, summary } = await imported(file, managerA);
      expect(summary.renamed).toEqual([
        { from: 'PIPE', to: 'PIPE_2' },
        { from: 'PIPES', to: 'PIPES_2' },
        { from: 'PIPEO', to: 'PIPEO_2' },
      ]);
      const again = await exported(copy._id, managerA);
      expect(again.questionnaires.map((q) => q.abbrev)).toEqual(['PIPE_2', 'PIPES_2', 'PIPEO_2']);
      expect(again.questionnaires[0].chin_content[8].html_question).toContain('{{PIPES_2.Q1|no answer}}');
      expect(again.stages[0].participant_group_list[0].ema_list[0].questionnaire_list).toEqual(['PIPE_2']);
      const audit = await t.app.ctx.db.selectFrom('audit_entries').select(['kind', 'actor_email']).where('study_id', '=', copy._id).execute();
      expect(audit).toEqual([{ kind: 'study.imported', actor_email: labA.managerEmail }]);
    });

    it('lists media the lab does not have and zones this deployment does not offer, and replaces them', async () => {
      const study = await richStudy({ mood: 'LOST', sleep: 'LOSTS' }, 'nowhere.png');
      const file = await exported(study._id, managerA);
      file.stages[0].participant_group_list[0].ema_list[0].timezone = 'America/New_York';
      const { study: copy, summary } = await imported(file, managerB);
      expect(summary.missing_media).toEqual(['nowhere.png']);
      expect(summary.zones_not_offered).toEqual([{ zone: 'America/New_York', replaced_by: 'Asia/Hong_Kong' }]);
      const again = await exported(copy._id, managerB);
      expect(again.stages[0].participant_group_list[0].ema_list[0].timezone).toBe('Asia/Hong_Kong');
      expect(again.questionnaires[0].chin_content[1].other_info[0].media_url).toBe('');
      expect(again.media).toEqual([]);
    });
  });

  describe('the same plan', () => {
    /** A participant of the study who signs in, consents and arrives: the plan as the app receives it. */
    async function planOf(studyId: string, token: string) {
      const p = await createParticipant(t.app, token, studyId);
      const session = await appLogin(t.app, p.email);
      expect((await api('POST', `/api/app/studies/${studyId}/consent`, session.token, { agree: true })).statusCode).toBe(200);
      const res = await api('GET', `/api/app/studies/${studyId}/tasks`, session.token);
      expect(res.statusCode).toBe(200);
      const plan = json<AppTasksAnswer>(res);
      return {
        ema: plan.ema.map((e) => ({ at: e.notification_datetime, closes: e.window_closes_at, zone: e.timezone, reminder: e.reminder, code: e.questionnaire.abbrev })),
        diary: plan.diary.map((d) => ({ start: d.diary_task_start_date, days: d.number_of_days_required, zone: d.timezone, code: d.questionnaire.abbrev })),
        // The app's open tasks come in no set order (the lists' own order is the round trip's to show).
        once: plan.once.map((o) => o.questionnaire.abbrev).sort(),
        anytime: plan.anytime.map((o) => o.questionnaire.abbrev).sort(),
      };
    }

    it('runs a study imported into another lab, once activated, with the same task times as the original', async () => {
      const study = await richStudy({ mood: 'SAME', sleep: 'SAMES' }, 'same.png');
      const file = await exported(study._id, managerA);
      const lab = await seedLab(t.app, owner, 1);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const { study: copy } = await imported(file, manager);
      expect((await api('POST', `/api/studies/${study._id}/activate`, managerA)).statusCode).toBe(200);
      expect((await api('POST', `/api/studies/${copy._id}/activate`, manager)).statusCode).toBe(200);
      const original = await planOf(study._id, managerA);
      const imported_ = await planOf(copy._id, manager);
      expect(original.ema.length).toBeGreaterThan(0);
      expect(original.diary).toEqual([{ start: '2030-01-06', days: 14, zone: 'Asia/Hong_Kong', code: 'SAMES' }]);
      expect(imported_).toEqual(original);
    });
  });

  describe('one transaction', () => {
    it('leaves nothing behind when writing fails midway', async () => {
      const study = await richStudy({ mood: 'HALF', sleep: 'HALFS' }, 'half.png');
      const file = await exported(study._id, managerA);
      const lab = await seedLab(t.app, owner, 1);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const auditBefore = (await t.app.ctx.db.selectFrom('audit_entries').select('seq').where('lab_id', '=', lab.labId).execute()).length;
      // The questionnaires, the study and its first stage are written when the second group fails.
      let groups = 0;
      const written = jest.mocked(insertGroup);
      const real = jest.requireActual<typeof import('../../../src/server/repositories/studies')>('../../../src/server/repositories/studies').insertGroup;
      written.mockImplementation(async (db, row) => {
        groups += 1;
        if (groups === 2) throw new Error('forced failure midway');
        return real(db, row);
      });
      try {
        const res = await api('POST', '/api/studies/import', manager, file);
        expect(res.statusCode).toBe(500);
      } finally {
        written.mockImplementation(real);
      }
      expect(groups).toBe(2);
      expect(await countOf('studies', lab.labId)).toBe(0);
      expect(await countOf('questionnaires', lab.labId)).toBe(0);
      expect((await t.app.ctx.db.selectFrom('audit_entries').select('seq').where('lab_id', '=', lab.labId).execute()).length).toBe(auditBefore);
      // The same file then imports whole.
      await imported(file, manager);
      expect(await countOf('questionnaires', lab.labId)).toBe(3);
    });
  });

  describe('refusals', () => {
    let file: StudyFile;
    beforeAll(async () => {
      const study = await richStudy({ mood: 'BAD', sleep: 'BADS' }, 'bad.png');
      file = await exported(study._id, managerA);
    });

    const copyOf = (): StudyFile => JSON.parse(JSON.stringify(file)) as StudyFile;

    async function refused(body: unknown, message: string): Promise<void> {
      const before = await countOf('studies', labB.labId);
      const res = await api('POST', '/api/studies/import', managerB, body);
      expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
      expect(await countOf('studies', labB.labId)).toBe(before);
    }

    it('refuses what is not a study file', async () => {
      await refused({ hello: 'world' }, studyFileMessages.notStudyFile);
      await refused({ ...copyOf(), format: 'another-format' }, studyFileMessages.notStudyFile);
    });

    it('refuses a version it cannot read, and a future one clearly', async () => {
      await refused({ ...copyOf(), version: 0 }, studyFileMessages.versionUnknown);
      await refused({ ...copyOf(), version: STUDY_FILE_VERSION + 1 }, studyFileMessages.futureVersion(STUDY_FILE_VERSION + 1, STUDY_FILE_VERSION));
    });

    it('names the first place that does not fit the schema', async () => {
      const bad = copyOf() as unknown as { stages: { chin_name: unknown }[] };
      bad.stages[1].chin_name = { text: 'Stage 2' };
      await refused(bad, studyFileMessages.shapeProblem('/stages/1/chin_name', 'must be string'));
      const missing = copyOf() as unknown as Record<string, unknown>;
      delete missing.questionnaires;
      await refused(missing, studyFileMessages.shapeProblem('/', "must have required property 'questionnaires'"));
    });

    it('refuses a questionnaire the study uses but the file does not hold', async () => {
      const bad = copyOf();
      bad.stages[0].participant_group_list[0].questionnaire_list.push('NOPE');
      await refused(bad, studyFileMessages.questionnaireRefUnknown('NOPE'));
    });

    it('refuses a choice set the file does not hold', async () => {
      const bad = copyOf();
      bad.questionnaires[0].chin_content[2].other_info[0].choices = 'set-9';
      await refused(bad, studyFileMessages.questionnaireProblem('BAD', studyFileMessages.choiceSetUnknown('set-9')));
    });

    it("judges settings by the editor's rules", async () => {
      const bad = copyOf();
      bad.stages[0].participant_group_list[0].ema_list[0].reminder_interval = 1;
      await refused(bad, studyFileMessages.groupProblem(1, 1, assessmentMessages.reminderTooSmall));
      const score = copyOf();
      score.stages[0].participant_group_list[0].followup_list[0].score_when = [{ score: 'stamina', criterion_operator: 'greater', criterion_value: 1 }];
      await refused(score, studyFileMessages.groupProblem(1, 1, followupMessages.scoreConditionInvalid));
    });

    it('refuses two questionnaires with one ref, and a study without stages', async () => {
      const twice = copyOf();
      twice.questionnaires.push({ ...twice.questionnaires[1] });
      await refused(twice, studyFileMessages.questionnaireRefTwice('BADS'));
      await refused({ ...copyOf(), stages: [] }, studyFileMessages.noStages);
      const noGroup = copyOf();
      noGroup.stages[1].participant_group_list = [];
      await refused(noGroup, studyFileMessages.noGroups(2));
    });

    it("judges the study's basic information and prompting by their rules", async () => {
      const prompting = copyOf();
      prompting.study.prompting.emailAfterMinutes = 61;
      await refused(prompting, studyFileMessages.studyProblem(promptingMessages.emailAfterMinutesRange));
      const email = copyOf();
      email.study.contact_email = 'not an email';
      await refused(email, studyFileMessages.studyProblem(authMessages.invalidEmail));
    });

    it('refuses a questionnaire its own editor would refuse', async () => {
      const bad = copyOf();
      bad.questionnaires[1].abbrev = ' ';
      await refused(bad, studyFileMessages.questionnaireProblem('BADS', questionnaireMessages.nameAndCodeRequired));
    });
  });

  describe('the JSON Schema', () => {
    it('is published in the API description as the export\'s answer, and on its own beside it', async () => {
      const doc = t.app.swagger() as unknown as { paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: { title?: string } }> }> } }> };
      const answer = doc.paths['/api/studies/{id}/design'].get?.responses['200'].content['application/json'].schema;
      expect(answer?.title).toBe('Study file');
      const res = await t.app.inject({ method: 'GET', url: '/api/study-file.schema.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/schema+json');
      const schema = json<{ $id: string; title: string; required: string[]; properties: { version: { maximum: number } } }>(res);
      expect(schema).toMatchObject({ $id: '/api/study-file.schema.json', title: 'Study file', required: ['format', 'version', 'exported_at', 'study', 'stages', 'questionnaires', 'media'] });
      expect(schema.properties.version.maximum).toBe(STUDY_FILE_VERSION);
    });
  });

  describe('who may', () => {
    let studyId: string;
    let file: StudyFile;
    beforeAll(async () => {
      const study = await createStudy(t.app, managerA);
      studyId = study._id;
      file = await exported(studyId, managerA);
    });

    it("answers another lab's study as missing", async () => {
      expect((await api('GET', `/api/studies/${studyId}/design`, managerB)).statusCode).toBe(404);
    });

    it('refuses the signed-out, participants and an expired session', async () => {
      const participant = await appSignup(t.app);
      const session = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
      const expired = await t.app.ctx.tokens.sign(claimsOf(session), new Date(Date.now() - 1000));
      for (const token of [undefined, participant.token, expired]) {
        expect((await api('GET', `/api/studies/${studyId}/design`, token)).statusCode).toBe(401);
        expect((await api('POST', '/api/studies/import', token, file)).statusCode).toBe(401);
      }
    });

    it('lets a lab user without entries export, and only one who may create studies import', async () => {
      const looker = await member(managerA, []);
      expect((await api('GET', `/api/studies/${studyId}/design`, looker)).statusCode).toBe(200);
      const before = await countOf('studies', labA.labId);
      const res = await api('POST', '/api/studies/import', looker, file);
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(`You do not have the permission ${ACCESS.createStudy.area}/${ACCESS.createStudy.modifier}/${ACCESS.createStudy.task}`);
      expect(await countOf('studies', labA.labId)).toBe(before);
      const creator = await member(managerA, ALL_ACCESS.filter((e) => accessKey(e) === accessKey(ACCESS.createStudy)));
      await imported(file, creator);
      expect(await countOf('studies', labA.labId)).toBe(before + 1);
    });
  });
});
