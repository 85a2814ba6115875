// Pilot mode's warnings before launch (issue 20): each kind fires on a study built to have it, naming where it
// is, and stays silent on a clean study; the pilot API's permission.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { registerUser, send } from '../support/api';
import { addGroup, createQuestionnaire, createStudy, setGroupSettings, type GroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { pilotWarningTexts, studyMessages } from '../../../src/shared/messages';
import { ACCESS, ALL_ACCESS } from '../../../src/shared/access';
import { newDiarySetting, newEmaSetting, type EmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { PilotWarning, PilotWarningsAnswer } from '../../../src/shared/types/pilotWarnings';

jest.setTimeout(60_000);

const ZONE = 'Asia/Hong_Kong';

function question(id: string, num: string, changes: { required?: boolean; hiddenUnless?: string } = {}): Question {
  const response = { ...makeResponse(`${id}-r0`, 'text'), validation: { ...makeResponse('v').validation, required: changes.required ?? false } };
  const dependency = changes.hiddenUnless
    ? [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is' as const, criterion_value: changes.hiddenUnless }] }]
    : [];
  return { ...makeQuestion(id, `${id}-r0`), question_num: num, dependency, other_info: [response] };
}

const positioned = (questions: Question[]) => questions.map((q, position) => ({ ...q, position }));

describe.each(databases)('pilot warnings (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labId: string;
  let manager: string;
  let otherManager: string;
  /** A required first question, an optional one a condition can hide: nothing to warn about. */
  let clean: Questionnaire;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    labId = lab.labId;
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    clean = await createQuestionnaire(t.app, manager, () =>
      positioned([question('q0', '1', { required: true }), question('q1', '2', { hiddenUnless: 'yes' })]),
    );
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const item = (q: Questionnaire) => ({ _id: q._id, chin_name: q.chin_name, abbrev: q.abbrev });

  function ema(changes: Partial<EmaSetting> = {}): EmaSetting {
    return { ...newEmaSetting(ZONE), questionnaire_list: [item(clean)], time_list: ['09:00', '13:00'], number_of_days: 2, ...changes };
  }

  /** A study whose stage 1, group 1 has the clean settings (stage 2, group 1 a one-time questionnaire), and whose settings here go to stage 2, group 2. */
  async function studyWith(settings: GroupSettings): Promise<Study> {
    const study = await createStudy(t.app, manager, { stages: 2 });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { ema: [ema()], once: [clean._id] });
    await setGroupSettings(t.app.ctx.db, study.stage_list[1].participant_group_list[0]._id, { once: [clean._id] });
    const groupId = await addGroup(t.app, manager, study.stage_list[1]._id, 'Evening');
    await setGroupSettings(t.app.ctx.db, groupId, settings);
    return study;
  }

  function get(studyId: string, token: string | null = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'GET', url: `/api/studies/${studyId}/pilot-warnings`, token: token ?? undefined });
  }

  async function warningsOf(study: Study): Promise<PilotWarning[]> {
    const res = await get(study._id);
    expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return json<PilotWarningsAnswer>(res).warnings;
  }

  const inStage2Group2 = { stage_num: 2, group_num: 2, group_name: 'Evening', timezone: ZONE };

  it('answers no warning for a clean study', async () => {
    const study = await studyWith({
      ema: [ema({ time_list: ['07:00', '22:00'], response_in: 60, reminder_interval: 20 })],
      diary: [{ ...newDiarySetting(ZONE), questionnaire_list: [item(clean)] }],
      anytime: [clean._id],
    });
    expect(await warningsOf(study)).toEqual([]);
  });

  it('warns of fixed prompts at night in the setting\'s time zone (23:00 up to 07:00), naming each', async () => {
    const study = await studyWith({ ema: [ema({ time_list: ['06:30', '07:00', '22:30', '23:00'] })] });
    const warnings = await warningsOf(study);
    expect(warnings).toEqual([
      {
        kind: 'night_prompt',
        message: pilotWarningTexts.nightPrompt('06:30', ZONE),
        where: 'Stage 2, Participant Group 2, EMA setting 1',
        ...inStage2Group2,
        stage_name: expect.any(String),
        setting: { kind: 'ema', number: 1 },
        questionnaire: null,
        question: null,
        time: '06:30',
      },
      expect.objectContaining({ kind: 'night_prompt', time: '23:00', message: pilotWarningTexts.nightPrompt('23:00', ZONE) }),
    ]);
  });

  it('warns of a randomised period that can draw a prompt at night, not of one whose last draw ends before it', async () => {
    const study = await studyWith({
      ema: [
        // Drawn from 21:00 up to 23:00 (a 30-minute window): 23:00 is night.
        ema({ time_randomize: true, time_list: [], randomize_settings: [{ start_time: '21:00', end_time: '23:30' }], response_in: 30 }),
        // Drawn up to 22:50 only.
        ema({ time_randomize: true, time_list: [], randomize_settings: [{ start_time: '21:00', end_time: '23:20' }], response_in: 30 }),
      ],
    });
    const warnings = await warningsOf(study);
    expect(warnings).toEqual([
      expect.objectContaining({ kind: 'night_prompt', setting: { kind: 'ema', number: 1 }, time: '21:00-23:30', message: pilotWarningTexts.nightPeriod('21:00-23:30', ZONE) }),
    ]);
  });

  it('warns of reminders that fall at or after their response window closes (a setting stored before the rule)', async () => {
    const study = await studyWith({ ema: [ema({ reminder_interval: 30, response_in: 30 }), ema({ reminder_interval: 25, response_in: 30 })] });
    expect(await warningsOf(study)).toEqual([
      expect.objectContaining({
        kind: 'reminder_after_window',
        ...inStage2Group2,
        setting: { kind: 'ema', number: 1 },
        message: pilotWarningTexts.reminderAfterWindow(30, 30),
      }),
    ]);
  });

  it('warns of a diary whose fixed days have passed, not of one still to come or starting at arrival', async () => {
    const diary = { ...newDiarySetting(ZONE), questionnaire_list: [item(clean)] };
    const study = await studyWith({
      diary: [
        { ...diary, fix_start_date: true, start_date: '2020-01-01', number_of_days: 7 },
        { ...diary, fix_start_date: true, start_date: '2099-01-01', number_of_days: 7 },
        { ...diary, number_of_days: 7 },
      ],
    });
    expect(await warningsOf(study)).toEqual([
      expect.objectContaining({
        kind: 'never_fits',
        ...inStage2Group2,
        where: 'Stage 2, Participant Group 2, Diary setting 1',
        setting: { kind: 'diary', number: 1 },
        message: pilotWarningTexts.diaryPassed('2020-01-01', '2020-01-07'),
      }),
    ]);
  });

  it('warns of EMA prompts whose window is still open when the next comes, over midnight too, and of overlapping periods', async () => {
    const study = await studyWith({
      ema: [
        ema({ time_list: ['09:00', '09:10', '09:30'], response_in: 15 }),
        // 22:30 with a 9-hour window runs into the next day's 07:00.
        ema({ time_list: ['07:00', '22:30'], response_in: 540, reminder_interval: 60, number_of_days: 2 }),
        // The same on a single day: there is no next day.
        ema({ time_list: ['07:00', '22:30'], response_in: 540, reminder_interval: 60, number_of_days: 1 }),
        ema({ time_randomize: true, time_list: [], randomize_settings: [{ start_time: '10:00', end_time: '12:00' }, { start_time: '11:00', end_time: '13:00' }], response_in: 30 }),
      ],
    });
    const fits = (await warningsOf(study)).filter((w) => w.kind === 'never_fits');
    expect(fits.map((w) => [w.setting?.number, w.time, w.message])).toEqual([
      [1, '09:00', pilotWarningTexts.emaPromptsOverlap('09:00', 15, '09:10')],
      [2, '22:30', pilotWarningTexts.emaPromptsOverlap('22:30', 540, '07:00')],
      [4, '10:00-12:00', pilotWarningTexts.emaPeriodsOverlap('10:00-12:00', '11:00-13:00')],
    ]);
  });

  it('warns of a required question a condition can hide, naming the questionnaire and the question', async () => {
    const hiding = await createQuestionnaire(t.app, manager, () =>
      positioned([question('q0', '1'), question('q1', '2a', { required: true, hiddenUnless: 'yes' })]),
    );
    const study = await studyWith({ once: [hiding._id], anytime: [clean._id] });
    expect(await warningsOf(study)).toEqual([
      {
        kind: 'required_hidden',
        message: pilotWarningTexts.requiredHidden('2a'),
        where: `Questionnaire ${hiding.abbrev} (${hiding.chin_name}), question 2a`,
        stage_num: null,
        stage_name: null,
        group_num: null,
        group_name: null,
        setting: null,
        questionnaire: item(hiding),
        question: { position: 1, question_num: '2a' },
        time: null,
        timezone: null,
      },
    ]);
  });

  it('warns once of each questionnaire the study uses with no question to answer, not of unused ones', async () => {
    const empty = await createQuestionnaire(t.app, manager, () => []);
    const instructionOnly = await createQuestionnaire(t.app, manager, () => [makeQuestion('i0', 'i0-r0', 'instruction')]);
    await createQuestionnaire(t.app, manager, () => []);
    const study = await studyWith({ ema: [ema({ questionnaire_list: [item(empty)] })], anytime: [instructionOnly._id, empty._id] });
    expect((await warningsOf(study)).map((w) => [w.kind, w.questionnaire?._id, w.message, w.where])).toEqual([
      ['empty_questionnaire', empty._id, pilotWarningTexts.emptyQuestionnaire, `Questionnaire ${empty.abbrev} (${empty.chin_name})`],
      ['empty_questionnaire', instructionOnly._id, pilotWarningTexts.emptyQuestionnaire, `Questionnaire ${instructionOnly.abbrev} (${instructionOnly.chin_name})`],
    ]);
  });

  it('warns of a group without assessment with the warning Activate shows (issue 31)', async () => {
    const study = await studyWith({});
    expect(await warningsOf(study)).toEqual([
      {
        kind: 'no_tasks',
        message: studyMessages.activationGroupNoTasks,
        where: 'Stage 2, Participant Group 2',
        stage_num: 2,
        stage_name: '',
        group_num: 2,
        group_name: 'Evening',
        setting: null,
        questionnaire: null,
        question: null,
        time: null,
        timezone: null,
      },
    ]);
  });

  it('refuses callers without the study editor permission (403), other labs and unknown studies (404), and no staff session (401)', async () => {
    const study = await studyWith({});
    const narrow = await registerUser(t.app, owner, labId, { access: ALL_ACCESS.filter((a) => a.task !== ACCESS.editBasicInfo.task) });
    const narrowToken = await labUserToken(t.app, narrow.email, narrow.password);
    expect((await get(study._id, narrowToken)).statusCode).toBe(403);
    expect((await get(study._id, otherManager)).statusCode).toBe(404);
    expect((await get('nosuchstudy')).statusCode).toBe(404);
    expect((await get(study._id, null)).statusCode).toBe(401);
    expect((await get(study._id)).statusCode).toBe(200);
  });
});
