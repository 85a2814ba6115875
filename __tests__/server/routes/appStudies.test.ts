// The participant app's study calls: join, consent, withdraw, tasks (the arrival and the plan, made once),
// events, the questionnaire as planned, photo uploads and answers; and what the researcher then sees.
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, uploadLocalFile, type TestApp } from '../support/testApp';
import type { MediaFile } from '../../../src/shared/types/media';
import { messageOf, send } from '../support/api';
import { JPEG, PNG } from '../../support/mediaSamples';
import {
  appLogin,
  appSignup,
  assign,
  createParticipant,
  createQuestionnaire,
  createStudy,
  setConsent,
  setGroupSettings,
} from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import { participantMessages } from '../../../src/shared/messages';
import type { ActivityPage } from '../../../src/shared/audit';
import { newEmaSetting, newDiarySetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { AppParticipation, AppQuestionnaire, AppSession, AppTasksAnswer, UploadAnswer } from '../../../src/shared/types/participantApp';
import type { DiaryTasksAnswer, EmaTasksAnswer, FilteredParticipantsAnswer, GetParticipantsAnswer, Participant } from '../../../src/shared/types/participant';

jest.setTimeout(60_000);


function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

/** Mood (mc), why (text, required, shown only when sad), a photo (optional). */
function moodQuestions(setId: string | null): Question[] {
  const list: Question[] = [
    { ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [response('r0', 'mc', { choices: setId })] },
    {
      ...makeQuestion('q1', 'r1'),
      question_num: '2',
      dependency: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] }],
      other_info: [response('r1', 'text', { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } })],
    },
    { ...makeQuestion('q2', 'r2'), question_num: '3', other_info: [response('r2', 'photoUpload')] },
  ];
  return list.map((q, i) => ({ ...q, position: i, other_info: q.other_info.map((r, j) => ({ ...r, position: j })) }));
}

describe.each(databases)('participant app studies (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let study: Study;
  let mood: Questionnaire;
  let labId: string;
  let otherLabId: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    labId = lab.labId;
    otherLabId = other.labId;
    mood = await createQuestionnaire(t.app, manager, moodQuestions, {
      mcSet: {
        name: 'Mood',
        choices: [
          { name: 'Happy', value: 'happy', position: 0 },
          { name: 'Sad', value: 'sad', position: 1 },
        ],
      },
    });
    study = await studyWithPlan();
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const item = { _id: '', chin_name: '', abbrev: '' };

  /** An active study without consent whose stage 1 group 1 has EMA, diary, one-time and anytime tasks. */
  async function studyWithPlan(consent = false): Promise<Study> {
    const s = await createStudy(t.app, manager, { active: true, stages: 2, consent });
    await setGroupSettings(t.app.ctx.db, s.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [{ ...item, _id: mood._id }], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
      diary: [{ ...newDiarySetting(), questionnaire_list: [{ ...item, _id: mood._id }], number_of_days: 4 }],
      once: [mood._id],
      anytime: [mood._id],
    });
    await setGroupSettings(t.app.ctx.db, s.stage_list[1].participant_group_list[0]._id, { once: [mood._id] });
    return s;
  }

  function api(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function participantIn(s: Study): Promise<{ id: string; session: AppSession }> {
    const p = await createParticipant(t.app, manager, s._id);
    return { id: p._id, session: await appLogin(t.app, p.email) };
  }

  async function tasks(s: Study, token: string): Promise<AppTasksAnswer> {
    const res = await api('GET', `/api/app/studies/${s._id}/tasks`, token);
    expect(res.statusCode).toBe(200);
    return json<AppTasksAnswer>(res);
  }

  let seq = 0;
  function answer(taskId: string | null, answers: unknown[], changes: Record<string, unknown> = {}) {
    seq += 1;
    const now = new Date().toISOString();
    return { submissionId: `sub-${seq}-${Date.now()}`, taskId, questionnaireId: mood._id, startedAt: now, submittedAt: now, answers, ...changes };
  }

  const happy = [{ question_pos: 0, response_pos: 0, value: ['happy'] }];

  describe('joining and consent', () => {
    it('joins an active study by its code (any case) in stage 1 group 1; once only', async () => {
      const session = await appSignup(t.app);
      const res = await api('POST', '/api/app/studies/join', session.token, { studyCode: study.study_code.toLowerCase() });
      expect(res.statusCode).toBe(201);
      expect(json<AppParticipation>(res)).toEqual({
        _id: expect.any(String),
        study: { _id: study._id, chin_name: study.chin_name, study_code: study.study_code },
        status: 'enrolled',
        current_stage: { _id: study.stage_list[0]._id, chin_name: '', stage_num: 1, chin_progress_message: '', chin_complete_message: '' },
        current_group: { _id: study.stage_list[0].participant_group_list[0]._id, name: '', group_num: 1 },
        consent: { consent_needed: false, chin_content: '<p>I agree</p>', keep_answers_on_erasure: false },
        arrive_assigned: false,
        enrolment_time: [],
      });
      const twice = await api('POST', '/api/app/studies/join', session.token, { studyCode: study.study_code });
      expect(twice.statusCode).toBe(409);
      expect(messageOf(twice)).toBe(participantMessages.alreadyInStudy);
      const list = json<{ participations: AppParticipation[] }>(await api('GET', '/api/app/studies', session.token));
      expect(list.participations.map((p) => p.study._id)).toEqual([study._id]);
    });

    it('refuses an inactive study and an unknown code', async () => {
      const session = await appSignup(t.app);
      const inactive = await createStudy(t.app, manager);
      for (const code of [inactive.study_code, 'ZZZZZZ']) {
        const res = await api('POST', '/api/app/studies/join', session.token, { studyCode: code });
        expect(res.statusCode).toBe(404);
        expect(messageOf(res)).toBe(participantMessages.studyCodeUnknown);
      }
    });

    it('with consent: invited until the participant agrees; the text and moment are kept', async () => {
      const withConsent = await studyWithPlan(true);
      const p = await participantIn(withConsent);
      const early = await api('GET', `/api/app/studies/${withConsent._id}/tasks`, p.session.token);
      expect(early.statusCode).toBe(409);
      expect(messageOf(early)).toBe(participantMessages.notEnrolled);
      const no = await api('POST', `/api/app/studies/${withConsent._id}/consent`, p.session.token, { agree: false });
      expect(no.statusCode).toBe(400);
      expect(messageOf(no)).toBe(participantMessages.consentMustAgree);
      const yes = await api('POST', `/api/app/studies/${withConsent._id}/consent`, p.session.token, { agree: true });
      expect(yes.statusCode).toBe(200);
      expect(json<AppParticipation>(yes).status).toBe('enrolled');
      const row = await t.app.ctx.db.selectFrom('participations').selectAll().where('participant_id', '=', p.id).executeTakeFirstOrThrow();
      expect(row.consent_text).toBe('<p>I agree</p>');
      expect(row.consented_at).toEqual(expect.any(String));
      const again = await api('POST', `/api/app/studies/${withConsent._id}/consent`, p.session.token, { agree: true });
      expect(messageOf(again)).toBe(participantMessages.alreadyEnrolled);
      const notNeeded = await participantIn(study);
      expect(messageOf(await api('POST', `/api/app/studies/${study._id}/consent`, notNeeded.session.token, { agree: true }))).toBe(participantMessages.consentNotNeeded);
    });

    it('a participant still waiting when the study stops asking for consent is enrolled at the next call', async () => {
      const withConsent = await studyWithPlan(true);
      const p = await participantIn(withConsent);
      await setConsent(t.app.ctx.db, withConsent._id, false);
      const planned = await tasks(withConsent, p.session.token);
      expect(planned.once).toHaveLength(1);
      const list = json<{ participations: AppParticipation[] }>(await api('GET', '/api/app/studies', p.session.token));
      expect(list.participations[0].status).toBe('enrolled');
    });
  });

  describe('tasks and the plan', () => {
    it('the first tasks call records the arrival and stores the plan; the next reads the same plan', async () => {
      const p = await participantIn(study);
      const before = Date.now();
      const first = await tasks(study, p.session.token);
      const second = await tasks(study, p.session.token);
      expect(second).toEqual(first);
      // Four prompts a day for three days, those of today already passed left out; two reminders each.
      const prompts = first.ema.filter((e) => !e.reminder);
      expect(prompts.length).toBeGreaterThanOrEqual(8);
      expect(prompts.length).toBeLessThanOrEqual(12);
      expect(first.ema.filter((e) => e.reminder)).toHaveLength(prompts.length * 2);
      for (const e of first.ema) {
        expect(Date.parse(e.notification_datetime)).toBeGreaterThanOrEqual(before - 1000);
        expect(e).toMatchObject({ kind: 'ema', timezone: 'Asia/Hong_Kong', status: 'planned', questionnaire: { _id: mood._id, abbrev: mood.abbrev } });
      }
      expect(first.diary).toEqual([expect.objectContaining({ kind: 'diary', number_of_days_required: 4, days_left: 4 })]);
      expect(first.once).toEqual([expect.objectContaining({ kind: 'once', status: 'planned' })]);
      expect(first.anytime).toEqual([expect.objectContaining({ kind: 'anytime', status: 'planned' })]);

      const list = json<GetParticipantsAnswer>(await api('GET', `/api/participants/${study._id}/get_participants`, manager));
      const row = list.participantsData.participants.find((x) => x._id === p.id);
      expect(row?.participation[0].arrive_assigned).toBe(true);
      expect(row?.participation[0].enrolment_time).toHaveLength(1);
      expect(Date.parse(row?.participation[0].enrolment_time[0].start_datetime ?? '')).toBeGreaterThanOrEqual(before - 1000);
    });

    it('ten calls racing on the arrival make one arrival and one plan', async () => {
      const p = await participantIn(study);
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: p.session.token })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const ids = answers.map((r) => json<AppTasksAnswer>(r).ema.map((e) => e._id).join());
      expect(new Set(ids).size).toBe(1);
      const db = t.app.ctx.db;
      const participation = await db.selectFrom('participations').select('id').where('participant_id', '=', p.id).executeTakeFirstOrThrow();
      const arrivals = await db.selectFrom('enrolment_times').select('id').where('participation_id', '=', participation.id).execute();
      expect(arrivals).toHaveLength(1);
      const stored = await db.selectFrom('tasks').select('id').where('participation_id', '=', participation.id).execute();
      const first = json<AppTasksAnswer>(answers[0]);
      expect(stored).toHaveLength(first.ema.length + first.diary.length + first.once.length + first.anytime.length);
      // One plan, one entry in the study's Activity: made by the system, with its outline.
      const activity = await call(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=plan.made`, token: manager });
      const made = json<ActivityPage>(activity).entries.filter((e) => e.entityId === p.id);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ actorKind: 'system', studyId: study._id, labId });
      const outline = Object.fromEntries(made[0].changes.map((c) => [c.field, c.after]));
      expect(outline).toMatchObject({ 'tasks.ema': first.ema.length, group: study.stage_list[0].participant_group_list[0]._id });
    });

    it('a new assignment: arrive_assigned false, the rest of the old plan cancelled, a new plan at the next call', async () => {
      const p = await participantIn(study);
      const old = await tasks(study, p.session.token);
      const stage2 = study.stage_list[1];
      const moved = await assign(t.app, manager, study._id, p.id, stage2._id, stage2.participant_group_list[0]._id);
      expect(moved.participation[0].arrive_assigned).toBe(false);
      const schedule = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, manager));
      expect(schedule.emaTasks).toEqual([]);
      const next = await tasks(study, p.session.token);
      expect(next.ema).toEqual([]);
      expect(next.once).toHaveLength(1);
      expect(next.once[0]._id).not.toBe(old.once[0]._id);
      const oldRows = await t.app.ctx.db.selectFrom('tasks').select('status').where('id', 'in', old.ema.map((e) => e._id)).execute();
      expect(new Set(oldRows.map((r) => r.status))).toEqual(new Set(['cancelled']));
      const after = json<GetParticipantsAnswer>(await api('GET', `/api/participants/${study._id}/get_participants`, manager));
      expect(after.participantsData.participants.find((x) => x._id === p.id)?.participation[0].enrolment_time).toHaveLength(2);
    });

    it('the researcher sees the upcoming EMA schedule and the diary tasks with days left', async () => {
      const p = await participantIn(study);
      const empty = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, manager));
      expect(empty.emaTasks).toEqual([]);
      const planned = await tasks(study, p.session.token);
      const schedule = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, manager));
      expect(schedule.emaTasks.map((e) => e._id)).toEqual(planned.ema.map((e) => e._id));
      expect(schedule.emaTasks[0]).toEqual({
        _id: planned.ema[0]._id,
        notification_datetime: planned.ema[0].notification_datetime,
        timezone: 'Asia/Hong_Kong',
        reminder: false,
        questionnaire: { _id: mood._id, chin_name: mood.chin_name, abbrev: mood.abbrev },
        window_closes_at: planned.ema[0].window_closes_at,
        status: 'planned',
        delivered_at: null,
        opened_at: null,
        answered_at: null,
        answered_late: false,
        // Not sent yet: the delivery ledger (issue 33) is empty.
        delivery: { channel: null, sent_at: null, push_result: null, received_at: null, email_due_at: null, email_result: null, emailed_at: null },
        // A prompt of the settings' plan, not a follow-up (issue 34).
        trigger_submission_id: null,
      });
      const diary = await api('GET', `/api/diary_ax_tasks/${study._id}/${p.id}`, manager);
      const before = json<DiaryTasksAnswer>(diary);
      expect(before.diaryAxTasks).toHaveLength(1);
      const diaryId = before.diaryAxTasks[0]._id;
      expect(before.daysLeft).toEqual({ [diaryId]: 4 });
      expect((await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(diaryId, happy))).statusCode).toBe(201);
      const after = json<DiaryTasksAnswer>(await api('GET', `/api/diary_ax_tasks/${study._id}/${p.id}`, manager));
      expect(after.daysLeft).toEqual({ [diaryId]: 3 });
      const other = await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, otherManager);
      expect(other.statusCode).toBe(404);
    });

    it("the Participant List offers the diary tasks the stored plan holds, whatever the group's settings are now", async () => {
      const s = await studyWithPlan();
      const group1 = s.stage_list[0].participant_group_list[0];
      const stage2 = s.stage_list[1];
      const rows = async () => {
        const all = json<GetParticipantsAnswer>(await api('GET', `/api/participants/${s._id}/get_participants`, manager)).participantsData.participants;
        const filtered = json<FilteredParticipantsAnswer>(
          await api('POST', `/api/participants/${s._id}/get_filtered_participants`, manager, { currentStageId: s.stage_list[0]._id, currentGroupId: group1._id }),
        ).participants;
        const say = (list: Participant[]) => Object.fromEntries(list.map((p) => [p._id, p.participation[0].has_diary_tasks]));
        return { all: say(all), filtered: say(filtered) };
      };
      const diaryCount = async (id: string) => json<DiaryTasksAnswer>(await api('GET', `/api/diary_ax_tasks/${s._id}/${id}`, manager)).diaryAxTasks.length;

      // The group has a diary setting, but nothing is planned before the arrival.
      const early = await participantIn(s);
      expect((await rows()).all).toEqual({ [early.id]: false });
      await tasks(s, early.session.token);
      expect(await rows()).toEqual({ all: { [early.id]: true }, filtered: { [early.id]: true } });

      // The setting removed: the plan made before keeps its diary task; an arrival after it has none.
      await setGroupSettings(t.app.ctx.db, group1._id, { once: [mood._id] });
      const late = await participantIn(s);
      await tasks(s, late.session.token);
      expect((await rows()).all).toEqual({ [early.id]: true, [late.id]: false });
      expect([await diaryCount(early.id), await diaryCount(late.id)]).toEqual([1, 0]);

      // A new assignment cancels the rest of the old plan, its diary task included.
      await assign(t.app, manager, s._id, early.id, stage2._id, stage2.participant_group_list[0]._id);
      expect((await rows()).all).toEqual({ [early.id]: false, [late.id]: false });
      expect(await diaryCount(early.id)).toBe(0);
    });

    it('a task whose window closed without an answer reads as expired', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const prompt = planned.ema.find((e) => !e.reminder);
      await t.app.ctx.db
        .updateTable('tasks')
        .set({ notification_datetime: '2020-01-01T00:00:00.000Z', window_closes_at: '2020-01-01T00:15:00.000Z' })
        .where('id', '=', prompt?._id ?? '')
        .execute();
      const read = await tasks(study, p.session.token);
      expect(read.ema.find((e) => e._id === prompt?._id)?.status).toBe('expired');
    });
  });

  describe('events', () => {
    it('move a task to delivered, then opened, keeping the first moments; a reminder moves its prompt', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const [prompt, reminder] = planned.ema;
      const at = '2024-05-01T09:00:00.000Z';
      const res = await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, { events: [{ taskId: prompt._id, kind: 'delivered', at }] });
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe(participantMessages.eventsRecorded);
      await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, { events: [{ taskId: reminder._id, kind: 'opened', at: '2024-05-01T09:06:00.000Z' }] });
      const rows = await t.app.ctx.db.selectFrom('tasks').selectAll().where('id', 'in', [prompt._id, reminder._id]).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(prompt._id)).toMatchObject({ status: 'opened', delivered_at: at, opened_at: '2024-05-01T09:06:00.000Z' });
      expect(byId.get(reminder._id)).toMatchObject({ status: 'opened', opened_at: '2024-05-01T09:06:00.000Z' });
    });

    it("received (the push reached the phone): received_at of that task only, the first kept, the status unmoved; sent twice, the same answer", async () => {
      const p = await participantIn(study);
      const [prompt, reminder] = (await tasks(study, p.session.token)).ema;
      const first = '2024-05-01T09:05:01.000Z';
      const body = { events: [{ taskId: reminder._id, kind: 'received', at: first }] };
      const res = await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, body);
      expect([res.statusCode, messageOf(res)]).toEqual([200, participantMessages.eventsRecorded]);
      const again = await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, body);
      expect([again.statusCode, messageOf(again)]).toEqual([200, participantMessages.eventsRecorded]);
      // A later report of the same push (another moment) changes nothing either.
      await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, { events: [{ taskId: reminder._id, kind: 'received', at: '2024-05-01T09:06:00.000Z' }] });
      const rows = await t.app.ctx.db.selectFrom('tasks').select(['id', 'status', 'received_at', 'delivered_at']).where('id', 'in', [prompt._id, reminder._id]).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(reminder._id)).toEqual({ id: reminder._id, status: 'planned', received_at: first, delivered_at: null });
      // The prompt's push is another one: its ledger is its own.
      expect(byId.get(prompt._id)?.received_at).toBeNull();
    });

    it('refuses an unknown kind of event, naming the field', async () => {
      const p = await participantIn(study);
      const [prompt] = (await tasks(study, p.session.token)).ema;
      const res = await api('POST', `/api/app/studies/${study._id}/events`, p.session.token, { events: [{ taskId: prompt._id, kind: 'shown', at: '2024-05-01T09:00:00.000Z' }] });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toContain('kind');
    });

    it("refuses another participant's task, applying none of the report", async () => {
      const a = await participantIn(study);
      const b = await participantIn(study);
      const ofA = await tasks(study, a.session.token);
      const ofB = await tasks(study, b.session.token);
      const res = await api('POST', `/api/app/studies/${study._id}/events`, b.session.token, {
        events: [
          { taskId: ofB.ema[0]._id, kind: 'delivered', at: '2024-05-01T09:00:00.000Z' },
          { taskId: ofA.ema[0]._id, kind: 'delivered', at: '2024-05-01T09:00:00.000Z' },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(participantMessages.taskNotFound);
      const row = await t.app.ctx.db.selectFrom('tasks').select('status').where('id', '=', ofB.ema[0]._id).executeTakeFirstOrThrow();
      expect(row.status).toBe('planned');
    });
  });

  describe('the questionnaire to render', () => {
    it('is the version planned, even after the questionnaire is edited; none without a task', async () => {
      const p = await participantIn(study);
      const stranger = await appSignup(t.app);
      expect((await api('GET', `/api/app/questionnaires/${mood._id}`, p.session.token)).statusCode).toBe(404);
      await tasks(study, p.session.token);
      const planned = json<AppQuestionnaire>(await api('GET', `/api/app/questionnaires/${mood._id}`, p.session.token));
      expect(planned.chin_content).toHaveLength(3);
      expect(planned.mc_sets[0].choices.map((c) => c.value)).toEqual(['happy', 'sad']);
      const edited = { ...mood, chin_content: mood.chin_content.slice(0, 1) };
      expect((await call(t.app, { method: 'PUT', url: `/api/qx_list/${mood._id}/edit`, token: manager, payload: edited })).statusCode).toBe(200);
      const still = json<AppQuestionnaire>(await api('GET', `/api/app/questionnaires/${mood._id}`, p.session.token));
      expect(still.chin_content).toHaveLength(3);
      await call(t.app, { method: 'PUT', url: `/api/qx_list/${mood._id}/edit`, token: manager, payload: mood });
      const none = await api('GET', `/api/app/questionnaires/${mood._id}`, stranger.token);
      expect(none.statusCode).toBe(404);
      expect(messageOf(none)).toBe(participantMessages.questionnaireNotAssigned);
    });
  });

  describe('media of the questionnaire', () => {
    it('comes with signed addresses of its lab’s uploaded files, which the participant can open; another lab’s key is not signed', async () => {
      const own = json<MediaFile>(await uploadLocalFile(t.app, manager, labId, 'face.png', PNG, 'Face'));
      const foreign = json<MediaFile>(await uploadLocalFile(t.app, otherManager, otherLabId, 'other.png', PNG, 'Other'));
      const media = (key: string, source: 'uploaded' | 'youTube' = 'uploaded'): ResponseItem => response(`m-${key}`, 'media', { media_type: 'image', media_source: source, media_url: key });
      const shown = await createQuestionnaire(t.app, manager, () =>
        [{ ...makeQuestion('mq0', 'mr0'), other_info: [media(own.file), media(foreign.file), media('https://youtu.be/dQw4w9WgXcQ', 'youTube')] }].map((q, i) => ({
          ...q,
          position: i,
          other_info: q.other_info.map((r, j) => ({ ...r, position: j })),
        })),
      );
      const s = await createStudy(t.app, manager, { active: true });
      await setGroupSettings(t.app.ctx.db, s.stage_list[0].participant_group_list[0]._id, { once: [shown._id] });
      const p = await participantIn(s);
      await tasks(s, p.session.token);
      const res = await api('GET', `/api/app/questionnaires/${shown._id}`, p.session.token);
      expect(res.statusCode).toBe(200);
      const planned = json<AppQuestionnaire>(res);
      expect(Object.keys(planned.media.urls)).toEqual([own.file]);
      expect(Date.parse(planned.media.expiresAt)).toBeGreaterThan(Date.now());
      const file = await call(t.app, { method: 'GET', url: planned.media.urls[own.file] });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(PNG);
      // The address is the permission: changed, it opens nothing.
      const forged = await call(t.app, { method: 'GET', url: planned.media.urls[own.file].replace(/signature=[^&]+/, 'signature=forged') });
      expect(forged.statusCode).toBe(403);
    });
  });

  describe('answers', () => {
    it('are stored once per submissionId: 201, then 200 with the same _id; another use of the id answers 422', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const body = answer(planned.anytime[0]._id, happy);
      const first = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, body);
      expect(first.statusCode).toBe(201);
      const again = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, body);
      expect(again.statusCode).toBe(200);
      expect(json(again)).toEqual(json(first));
      const reused = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, { ...body, taskId: planned.once[0]._id });
      expect(reused.statusCode).toBe(422);
      expect(messageOf(reused)).toBe(participantMessages.submissionReused);
      const stored = await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', body.submissionId).execute();
      expect(stored).toHaveLength(1);
      const items = await t.app.ctx.db.selectFrom('answer_items').selectAll().where('submission_id', '=', stored[0].id).execute();
      expect(items).toEqual([{ submission_id: stored[0].id, question_pos: 0, response_pos: 0, value: '["happy"]' }]);
    });

    it('an EMA prompt takes one answer; answering a reminder completes the prompt and its reminders', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const prompt = planned.ema[0];
      const reminder = planned.ema[1];
      const res = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(reminder._id, happy));
      expect(res.statusCode).toBe(201);
      const read = await tasks(study, p.session.token);
      expect(read.ema.slice(0, 3).map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
      const twice = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(prompt._id, happy));
      expect(twice.statusCode).toBe(409);
      expect(messageOf(twice)).toBe(participantMessages.taskAlreadyAnswered);
      const schedule = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, manager));
      expect(schedule.emaTasks.map((e) => e._id)).not.toContain(prompt._id);
    });

    it('with scope=all the schedule lists every notification, past, answered and expired ones too, with their moments', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const [first, firstReminder] = planned.ema;
      const second = planned.ema.find((e) => !e.reminder && e._id !== first._id);
      if (!second) throw new Error('a second prompt is needed');
      const db = t.app.ctx.db;
      // The first prompt was shown and opened an hour ago and answered in time through its reminder; the second
      // closed without an answer.
      const hourAgo = Date.now() - 3_600_000;
      const iso = (ms: number) => new Date(ms).toISOString();
      await db.updateTable('tasks').set({ notification_datetime: iso(hourAgo), window_closes_at: iso(hourAgo + 30 * 60_000), delivered_at: iso(hourAgo + 60_000), opened_at: iso(hourAgo + 120_000), status: 'opened' }).where('id', '=', first._id).execute();
      await db.updateTable('tasks').set({ notification_datetime: iso(hourAgo + 10 * 60_000), window_closes_at: iso(hourAgo + 30 * 60_000) }).where('id', '=', firstReminder._id).execute();
      const answeredAt = iso(hourAgo + 5 * 60_000);
      expect((await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(firstReminder._id, happy, { startedAt: answeredAt, submittedAt: answeredAt }))).statusCode).toBe(201);
      await db.updateTable('tasks').set({ notification_datetime: iso(hourAgo + 40 * 60_000), window_closes_at: iso(hourAgo + 50 * 60_000) }).where('id', 'in', [second._id]).execute();

      const upcoming = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}`, manager));
      expect(upcoming.emaTasks.map((e) => e._id)).not.toContain(first._id);
      expect(upcoming.emaTasks.map((e) => e._id)).not.toContain(second._id);

      const all = json<EmaTasksAnswer>(await api('GET', `/api/ema_tasks/${study._id}/${p.id}?scope=all`, manager));
      expect(all.emaTasks).toHaveLength(planned.ema.length);
      const times = all.emaTasks.map((e) => e.notification_datetime);
      expect(times).toEqual([...times].sort());
      const byId = new Map(all.emaTasks.map((e) => [e._id, e]));
      expect(byId.get(first._id)).toMatchObject({ status: 'completed', delivered_at: iso(hourAgo + 60_000), opened_at: iso(hourAgo + 120_000), answered_at: answeredAt, answered_late: false });
      // A reminder carries its prompt's answer.
      expect(byId.get(firstReminder._id)).toMatchObject({ reminder: true, answered_at: answeredAt, answered_late: false });
      expect(byId.get(second._id)).toMatchObject({ status: 'expired', delivered_at: null, answered_at: null });
      expect(all.emaTasks.filter((e) => e.answered_at === null && e.status === 'planned').length).toBe(upcoming.emaTasks.length);

      const refused = await api('GET', `/api/ema_tasks/${study._id}/${p.id}?scope=past`, manager);
      expect(refused.statusCode).toBe(400);
    });

    it('a late answer is stored and marked late; the task stays unanswered in its window (expired)', async () => {
      const p = await participantIn(study);
      const prompt = (await tasks(study, p.session.token)).ema[0];
      // The window closed ten minutes ago; the answer was submitted five minutes ago.
      const closed = Date.now() - 10 * 60_000;
      await t.app.ctx.db
        .updateTable('tasks')
        .set({ notification_datetime: new Date(closed - 15 * 60_000).toISOString(), window_closes_at: new Date(closed).toISOString() })
        .where('id', '=', prompt._id)
        .execute();
      const submittedAt = new Date(closed + 5 * 60_000).toISOString();
      const res = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(prompt._id, happy, { startedAt: submittedAt, submittedAt }));
      expect(res.statusCode).toBe(201);
      const row = await t.app.ctx.db.selectFrom('submissions').select('late').where('id', '=', json<{ _id: string }>(res)._id).executeTakeFirstOrThrow();
      expect(row.late).toBe(1);
      const task = await t.app.ctx.db.selectFrom('tasks').select('status').where('id', '=', prompt._id).executeTakeFirstOrThrow();
      expect(task.status).toBe('planned');
    });

    it('a one-time task is completed by its answer and takes no second; anytime takes any number, also without a task', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      expect((await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.once[0]._id, happy))).statusCode).toBe(201);
      expect((await tasks(study, p.session.token)).once[0].status).toBe('completed');
      const second = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.once[0]._id, happy));
      expect(messageOf(second)).toBe(participantMessages.taskAlreadyAnswered);
      for (let i = 0; i < 3; i += 1) {
        expect((await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(null, happy))).statusCode).toBe(201);
      }
      const onlyAnytime = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(null, happy, { questionnaireId: 'not-an-anytime' }));
      expect(onlyAnytime.statusCode).toBe(400);
      expect(messageOf(onlyAnytime)).toBe(participantMessages.anytimeOnly);
    });

    it.each([
      ['a required answer of a visible question missing', [{ question_pos: 0, response_pos: 0, value: ['sad'] }], participantMessages.answerRequired],
      ['an answer to a hidden question', [...happy, { question_pos: 1, response_pos: 0, value: 'because' }], participantMessages.answerHidden],
      ['a choice not in the set', [{ question_pos: 0, response_pos: 0, value: ['angry'] }], participantMessages.answerChoiceUnknown],
      ['a number for a choice', [{ question_pos: 0, response_pos: 0, value: 3 }], participantMessages.answerWrongType],
    ])('refuses %s with 400 and its message, storing nothing', async (_name, answers, message) => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const body = answer(planned.anytime[0]._id, answers);
      const res = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, body);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', body.submissionId).execute()).toEqual([]);
    });

    it("refuses another participant's task, a questionnaire that is not the task's and an answer before it started", async () => {
      const a = await participantIn(study);
      const b = await participantIn(study);
      const ofA = await tasks(study, a.session.token);
      await tasks(study, b.session.token);
      const foreign = await api('POST', `/api/app/studies/${study._id}/responses`, b.session.token, answer(ofA.once[0]._id, happy));
      expect(foreign.statusCode).toBe(404);
      expect(messageOf(foreign)).toBe(participantMessages.taskNotFound);
      const mismatch = await api('POST', `/api/app/studies/${study._id}/responses`, a.session.token, answer(ofA.once[0]._id, happy, { questionnaireId: 'another' }));
      expect(messageOf(mismatch)).toBe(participantMessages.answerQuestionnaireMismatch);
      const backwards = await api('POST', `/api/app/studies/${study._id}/responses`, a.session.token, answer(ofA.once[0]._id, happy, { startedAt: '2024-05-01T10:00:00Z', submittedAt: '2024-05-01T09:00:00Z' }));
      expect(messageOf(backwards)).toBe(participantMessages.answerSubmittedBeforeStart);
    });

    it('a retry gets its first answer after what it was checked against moved on: the prompt answered, the participant withdrawn', async () => {
      const p = await participantIn(study);
      const prompt = (await tasks(study, p.session.token)).ema[0];
      const first = answer(prompt._id, happy);
      const stored = json<{ _id: string }>(await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, first));
      // The prompt is completed by the first try: the retry is not a second answer to it.
      const retry = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, first);
      expect([retry.statusCode, json<{ _id: string }>(retry)._id]).toEqual([200, stored._id]);
      expect((await api('POST', `/api/app/studies/${study._id}/withdraw`, p.session.token)).statusCode).toBe(200);
      const afterWithdrawal = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, first);
      expect([afterWithdrawal.statusCode, json<{ _id: string }>(afterWithdrawal)._id]).toEqual([200, stored._id]);
      // Other content under the same id is still refused, not taken for the first answer.
      const changed = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, { ...first, answers: [{ question_pos: 0, response_pos: 0, value: ['sad'] }] });
      expect(changed.statusCode).toBe(422);
    });

    it('after withdrawal: answers refused, future tasks cancelled, earlier answers kept', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const kept = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.once[0]._id, happy));
      const res = await api('POST', `/api/app/studies/${study._id}/withdraw`, p.session.token);
      expect(res.statusCode).toBe(200);
      expect(json<AppParticipation>(res).status).toBe('withdrawn');
      expect(messageOf(await api('POST', `/api/app/studies/${study._id}/withdraw`, p.session.token))).toBe(participantMessages.alreadyWithdrawn);
      const read = await tasks(study, p.session.token);
      expect(new Set(read.ema.map((e) => e.status))).toEqual(new Set(['cancelled']));
      expect(read.once[0].status).toBe('completed');
      const refused = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, happy));
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe(participantMessages.alreadyWithdrawn);
      expect(await t.app.ctx.db.selectFrom('submissions').select('id').where('id', '=', json<{ _id: string }>(kept)._id).execute()).toHaveLength(1);
      const assignRefused = await call(t.app, {
        method: 'PATCH',
        url: `/api/participants/${p.id}/assign_group`,
        token: manager,
        payload: { studyId: study._id, stageId: study.stage_list[1]._id, groupId: study.stage_list[1].participant_group_list[0]._id },
      });
      expect(assignRefused.statusCode).toBe(409);
      expect(messageOf(assignRefused)).toBe(participantMessages.participantWithdrawn);
      // The study's Activity names the withdrawal, by the participant's id and without their email.
      const activity = await call(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=participant.withdrawn`, token: manager });
      expect(activity.statusCode).toBe(200);
      const entries = json<ActivityPage>(activity).entries.filter((e) => e.entityId === p.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorKind: 'participant', actorId: p.id, actorEmail: null, changes: [{ field: 'status', before: 'enrolled', after: 'withdrawn' }] });
    });
  });

  describe('photo answers', () => {
    async function upload(token: string, bytes: Buffer, contentType = 'image/png'): Promise<UploadAnswer> {
      const grant = await api('POST', '/api/app/uploads', token, { contentType, size: bytes.length });
      expect(grant.statusCode).toBe(200);
      const body = json<UploadAnswer>(grant);
      const put = await call(t.app, { method: 'PUT', url: body.url, headers: { 'content-type': contentType }, payload: bytes });
      expect(put.statusCode).toBe(200);
      return body;
    }

    it('a signed single-use upload, then an answer naming it', async () => {
      const p = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const photo = await upload(p.session.token, PNG);
      expect(photo.key).toMatch(new RegExp(`^photos/${p.id}/`));
      const reuse = await call(t.app, { method: 'PUT', url: photo.url, headers: { 'content-type': 'image/png' }, payload: PNG });
      expect(reuse.statusCode).toBe(403);
      const res = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, [...happy, { question_pos: 2, response_pos: 0, value: photo.key }]));
      expect(res.statusCode).toBe(201);
      const row = await t.app.ctx.db.selectFrom('photo_uploads').select('submission_id').where('object_key', '=', photo.key).executeTakeFirstOrThrow();
      expect(row.submission_id).toBe(json<{ _id: string }>(res)._id);
      const again = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, [...happy, { question_pos: 2, response_pos: 0, value: photo.key }]));
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(participantMessages.photoTaken);
    });

    it('refuses other content types and sizes over 10 MB', async () => {
      const p = await participantIn(study);
      const gif = await api('POST', '/api/app/uploads', p.session.token, { contentType: 'image/gif', size: 100 });
      expect(gif.statusCode).toBe(415);
      expect(messageOf(gif)).toBe(participantMessages.photoOnly);
      const big = await api('POST', '/api/app/uploads', p.session.token, { contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 });
      expect(big.statusCode).toBe(413);
      expect(messageOf(big)).toBe(participantMessages.photoTooLarge);
      const grant = json<UploadAnswer>(await api('POST', '/api/app/uploads', p.session.token, { contentType: 'image/jpeg', size: 100 }));
      const tooMany = await call(t.app, { method: 'PUT', url: grant.url, headers: { 'content-type': 'image/jpeg' }, payload: Buffer.alloc(10 * 1024 * 1024 + 10) });
      expect(tooMany.statusCode).toBe(413);
      expect(messageOf(tooMany)).toBe(participantMessages.photoTooLarge);
    });

    it('refuses bytes that are not the image they claim to be, and another participant’s photo', async () => {
      const p = await participantIn(study);
      const other = await participantIn(study);
      const planned = await tasks(study, p.session.token);
      const fake = await upload(p.session.token, Buffer.from('<html>not an image</html>'));
      const res = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, [...happy, { question_pos: 2, response_pos: 0, value: fake.key }]));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message: participantMessages.photoNotImage, question_pos: 2, response_pos: 0 });
      expect(await t.app.ctx.storage.stat(fake.key)).toBeNull();
      // A real image of another type than the one granted (a JPEG sent as PNG) is refused as well.
      const mislabelled = await upload(p.session.token, JPEG);
      const wrongType = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, [...happy, { question_pos: 2, response_pos: 0, value: mislabelled.key }]));
      expect(wrongType.statusCode).toBe(400);
      expect(messageOf(wrongType)).toBe(participantMessages.photoNotImage);
      expect(await t.app.ctx.storage.stat(mislabelled.key)).toBeNull();
      const theirs = await upload(other.session.token, PNG);
      const foreign = await api('POST', `/api/app/studies/${study._id}/responses`, p.session.token, answer(planned.anytime[0]._id, [...happy, { question_pos: 2, response_pos: 0, value: theirs.key }]));
      expect(foreign.statusCode).toBe(400);
      expect(messageOf(foreign)).toBe(participantMessages.photoUnknown);
    });
  });

  it('a study of another lab stays out of reach of its researchers', async () => {
    const p = await participantIn(study);
    await tasks(study, p.session.token);
    for (const url of [`/api/participants/${study._id}/get_participants`, `/api/ema_tasks/${study._id}/${p.id}`, `/api/diary_ax_tasks/${study._id}/${p.id}`]) {
      expect((await api('GET', url, otherManager)).statusCode).toBe(404);
    }
  });
});
