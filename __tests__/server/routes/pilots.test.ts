// Pilot mode (issue 20): a pilot participant on a clock of its own held by the server. A real participant's
// moments never read it; the clock never goes back; prompts open, expire and are answered on time or late by the
// pilot's clock; a reset removes answers and plan (recorded); the push sender skips pilots; refusals.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { participantMessages, pilotMessages } from '../../../src/shared/messages';
import { requestFingerprint, sentItems } from '../../../src/server/repositories/answerFingerprint';
import { ACCESS, ALL_ACCESS } from '../../../src/shared/access';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { CreatedPilot, Pilot } from '../../../src/shared/types/pilot';
import type { ActivityPage } from '../../../src/shared/audit';
import type { StudyProgressAnswer } from '../../../src/shared/types/progress';
import type { EmaTasksAnswer, GetParticipantsAnswer } from '../../../src/shared/types/participant';
import { claimDuePushes } from '../../../src/server/repositories/pushes';
import { XLSX_MEDIA_TYPE, ZIP_MEDIA_TYPE } from '../../../src/shared/types/dataDownloads';
import { strFromU8, unzipSync } from 'fflate';
import ExcelJS from 'exceljs';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function moodQuestions(setId: string | null): Question[] {
  const q: Question = { ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [{ ...makeResponse('r0', 'mc'), choices: setId, position: 0 }] };
  return [{ ...q, position: 0 }];
}

describe.each(databases)('pilot participants (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labId: string;
  let manager: string;
  let otherManager: string;
  let mood: Questionnaire;
  let study: Study;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    labId = lab.labId;
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    mood = await createQuestionnaire(t.app, manager, moodQuestions, {
      mcSet: { name: 'Mood', choices: [{ name: 'Happy', value: 'happy', position: 0 }, { name: 'Sad', value: 'sad', position: 1 }] },
    });
    study = await emaStudy(true);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  /** EMA at 09:00 and 13:00 for 2 days, a 15-minute window, no reminders worth counting. */
  async function emaStudy(active: boolean): Promise<Study> {
    const s = await createStudy(t.app, manager, { active });
    await setGroupSettings(t.app.ctx.db, s.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: mood._id, chin_name: '', abbrev: '' }], time_list: ['09:00', '13:00'], number_of_days: 2, response_in: 15 }],
    });
    return s;
  }

  function api(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function newPilot(s: Study = study, body: Record<string, unknown> = {}): Promise<CreatedPilot> {
    const res = await api('POST', `/api/studies/${s._id}/pilot`, manager, body);
    expect(res.statusCode).toBe(201);
    return json<CreatedPilot>(res);
  }

  async function readPilot(id: string): Promise<Pilot> {
    const res = await api('GET', `/api/pilots/${id}`, manager);
    expect(res.statusCode).toBe(200);
    return json<Pilot>(res);
  }

  async function moveClock(id: string, body: Record<string, unknown>): Promise<Pilot> {
    const res = await api('POST', `/api/pilots/${id}/clock`, manager, body);
    expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return json<Pilot>(res);
  }

  async function appTasks(s: Study, token: string): Promise<AppTasksAnswer> {
    const res = await api('GET', `/api/app/studies/${s._id}/tasks`, token);
    expect(res.statusCode).toBe(200);
    return json<AppTasksAnswer>(res);
  }

  let seq = 0;
  /** An answer sent as the app sends it: with its device's (real) moments. */
  function answer(taskId: string) {
    seq += 1;
    const now = new Date().toISOString();
    return { submissionId: `pilot-sub-${seq}-${Date.now()}`, taskId, questionnaireId: mood._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: ['happy'] }] };
  }

  /** The pilot clock runs on from the moment it was moved to, as a clock does. */
  function expectAt(now: string, moment: string | null) {
    expect(Date.parse(now) - Date.parse(moment ?? '')).toBeGreaterThanOrEqual(0);
    expect(Date.parse(now) - Date.parse(moment ?? '')).toBeLessThan(5_000);
  }

  const prompts = (p: Pilot) => p.plan.filter((task) => task.kind === 'ema' && task.prompt_id === null);

  it('makes a pilot participant on a reserved address, joined and placed, also in an inactive study, with an app session', async () => {
    const inactive = await emaStudy(false);
    const created = await newPilot(inactive);
    expect(created.pilot.participant.email).toMatch(/^pilot-[0-9a-f]{24}@pilot\.invalid$/);
    expect(created.pilot).toMatchObject({ study_id: inactive._id, status: 'enrolled', current_stage_id: inactive.stage_list[0]._id, clock: { offset_ms: 0 } });
    expect(prompts(created.pilot).length).toBeGreaterThanOrEqual(2);
    const participant = await t.app.ctx.db.selectFrom('participants').selectAll().where('id', '=', created.pilot.participant._id).executeTakeFirstOrThrow();
    expect(participant.pilot).toBe(1);
    // The session opens the participant app for the pilot: its tasks are the plan the pilot API shows.
    const tasks = await appTasks(inactive, created.session.token);
    expect(tasks.ema.map((e) => e._id).sort()).toEqual(created.pilot.plan.filter((p) => p.kind === 'ema').map((p) => p._id).sort());
    // The study's Activity names who made the pilot participant, marked as a pilot.
    const activity = await send(t.app, { method: 'GET', url: `/api/activity?studyId=${inactive._id}&kind=participant.created`, token: manager });
    const made = json<ActivityPage>(activity).entries.filter((e) => e.entityId === created.pilot.participant._id);
    expect(made).toHaveLength(1);
    expect(made[0].actorKind).toBe('lab_user');
    expect(made[0].changes).toContainEqual({ field: 'pilot', before: null, after: true });
  });

  it("never moves a real participant's moments: the pilot advances a day, the real participant's tasks stay as they were", async () => {
    const real = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, real.email);
    const before = await appTasks(study, session.token);
    const { pilot } = await newPilot();
    const moved = await moveClock(pilot._id, { advance: 'day' });
    expect(moved.clock.offset_ms).toBeGreaterThanOrEqual(DAY);
    expect(Date.parse(moved.clock.now) - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect(await appTasks(study, session.token)).toEqual(before);
    const row = await t.app.ctx.db.selectFrom('participations').select('pilot_offset_ms').where('participant_id', '=', real._id).executeTakeFirstOrThrow();
    expect(row.pilot_offset_ms).toBeNull();
    // A real participation is not a pilot: no call moves its clock.
    const realParticipation = await t.app.ctx.db.selectFrom('participations').select('id').where('participant_id', '=', real._id).executeTakeFirstOrThrow();
    const refused = await api('POST', `/api/pilots/${realParticipation.id}/clock`, manager, { advance: 'day' });
    expect(refused.statusCode).toBe(404);
    expect(messageOf(refused)).toBe(pilotMessages.notPilot);
  });

  it("stores a real participant's answer on the real clock while a pilot of the same study runs days ahead", async () => {
    const real = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, real.email);
    const [first] = (await appTasks(study, session.token)).ema.filter((e) => !e.reminder);
    const { pilot } = await newPilot();
    await moveClock(pilot._id, { advance: 'day' });
    await moveClock(pilot._id, { advance: 'day' });
    const sent = await api('POST', `/api/app/studies/${study._id}/responses`, session.token, answer(first._id));
    expect(sent.statusCode).toBe(201);
    const stored = await t.app.ctx.db.selectFrom('submissions').selectAll().where('task_id', '=', first._id).executeTakeFirstOrThrow();
    for (const moment of [stored.started_at, stored.submitted_at, stored.received_at]) expect(Math.abs(Date.parse(moment) - Date.now())).toBeLessThan(60_000);
    // Answered before its window closed on the real clock: on time, and the prompt is completed.
    expect(stored.late).toBe(0);
    const task = await t.app.ctx.db.selectFrom('tasks').select(['status', 'completed_at']).where('id', '=', first._id).executeTakeFirstOrThrow();
    expect(task.status).toBe('completed');
    expect(Math.abs(Date.parse(task.completed_at ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('never goes back: an earlier moment is refused (409) and the clock stays; it only grows', async () => {
    const { pilot } = await newPilot();
    const hour = await moveClock(pilot._id, { advance: 'hour' });
    expect(hour.clock.offset_ms).toBeGreaterThanOrEqual(HOUR);
    const back = await api('POST', `/api/pilots/${pilot._id}/clock`, manager, { to: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(back.statusCode).toBe(409);
    expect(messageOf(back)).toBe(pilotMessages.clockBack);
    expect((await readPilot(pilot._id)).clock.offset_ms).toBe(hour.clock.offset_ms);
    const to = new Date(Date.now() + 3 * DAY).toISOString();
    const moved = await moveClock(pilot._id, { to });
    expect(Math.abs(Date.parse(moved.clock.now) - Date.parse(to))).toBeLessThan(5_000);
    const both = await api('POST', `/api/pilots/${pilot._id}/clock`, manager, { to, advance: 'hour' });
    expect(both.statusCode).toBe(400);
    expect((await api('POST', `/api/pilots/${pilot._id}/clock`, manager, { to: 'tomorrow' })).statusCode).toBe(400);
  });

  it('to the next prompt: it is open and an answer then is on time; past its window it expires and an answer is late', async () => {
    const created = await newPilot();
    const id = created.pilot._id;
    const [first, second] = prompts(created.pilot);
    const atFirst = await moveClock(id, { advance: 'next_prompt' });
    expectAt(atFirst.clock.now, first.notification_datetime);
    expect(prompts(atFirst)[0].status).toBe('planned');
    const onTime = await api('POST', `/api/app/studies/${study._id}/responses`, created.session.token, answer(first._id));
    expect(onTime.statusCode).toBe(201);
    const stored = await t.app.ctx.db.selectFrom('submissions').selectAll().where('task_id', '=', first._id).executeTakeFirstOrThrow();
    expect(stored.late).toBe(0);
    // Stored on the pilot's clock, not the real one.
    expect(Date.parse(stored.submitted_at) - Date.parse(first.notification_datetime ?? '')).toBeLessThan(60_000);
    expect(Date.parse(stored.submitted_at)).toBeGreaterThanOrEqual(Date.parse(first.notification_datetime ?? ''));
    // The prompt is completed at the commit moment on the pilot's clock too, not the real one.
    const completed = await t.app.ctx.db.selectFrom('tasks').select('completed_at').where('id', '=', first._id).executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(completed.completed_at ?? '') - Date.parse(stored.submitted_at))).toBeLessThan(60_000);

    const atSecond = await moveClock(id, { advance: 'next_prompt' });
    expectAt(atSecond.clock.now, second.notification_datetime);
    const past = await moveClock(id, { advance: 'hour' });
    expect(past.plan.find((p) => p._id === second._id)?.status).toBe('expired');
    expect(past.plan.find((p) => p._id === first._id)?.status).toBe('completed');
    const inApp = await appTasks(study, created.session.token);
    expect(inApp.ema.find((e) => e._id === second._id)?.status).toBe('expired');
    // The researcher's EMA Schedule reads the pilot's clock too: the passed prompts are no longer upcoming.
    const schedule = (scope: string) => api('GET', `/api/ema_tasks/${study._id}/${created.pilot.participant._id}?scope=${scope}`, manager);
    const all = json<EmaTasksAnswer>(await schedule('all')).emaTasks;
    expect(all.find((e) => e._id === second._id)?.status).toBe('expired');
    const upcoming = json<EmaTasksAnswer>(await schedule('upcoming')).emaTasks;
    expect(upcoming.every((e) => e.notification_datetime > past.clock.now)).toBe(true);
    expect(upcoming.map((e) => e._id)).not.toContain(second._id);
    const late = await api('POST', `/api/app/studies/${study._id}/responses`, created.session.token, answer(second._id));
    expect(late.statusCode).toBe(201);
    expect((await t.app.ctx.db.selectFrom('submissions').select('late').where('task_id', '=', second._id).executeTakeFirstOrThrow()).late).toBe(1);
    // A day on, past every window of its 2-day plan on its clock, the pilot's participation has completed.
    const ended = await moveClock(id, { advance: 'day' });
    expect(ended.status).toBe('completed');
  });

  /** A pilot at its first prompt that answered it once: the answer's body, and how to send it or others again. */
  async function answeredPilot() {
    const created = await newPilot();
    const id = created.pilot._id;
    const [first] = prompts(created.pilot);
    await moveClock(id, { advance: 'next_prompt' });
    const body = answer(first._id);
    const resend = (payload: unknown) => api('POST', `/api/app/studies/${study._id}/responses`, created.session.token, payload);
    const sent = await resend(body);
    expect(sent.statusCode).toBe(201);
    const { _id } = json<{ _id: string }>(sent);
    const expectSame = async () => {
      const again = await resend(body);
      expect([again.statusCode, json<{ _id: string }>(again)]).toEqual([200, { _id, scores: {} }]);
    };
    /** Other answers, one moment other, or both moved by `shift`: 422 each. */
    const expectOthersRefused = async (shift: number) => {
      const later = new Date(Date.parse(body.submittedAt) + 1000).toISOString();
      const moved = new Date(Date.parse(body.submittedAt) + shift).toISOString();
      for (const other of [{ ...body, answers: [{ question_pos: 0, response_pos: 0, value: ['sad'] }] }, { ...body, submittedAt: later }, { ...body, startedAt: moved, submittedAt: moved }]) {
        const refused = await resend(other);
        expect([refused.statusCode, messageOf(refused)]).toEqual([422, participantMessages.submissionReused]);
      }
    };
    return { id, first, body, _id, expectSame, expectOthersRefused };
  }

  it("answers a pilot's answer sent again as its first try, on any pilot clock: 200 with the first _id; other content 422", async () => {
    const { id, _id, expectSame, expectOthersRefused } = await answeredPilot();
    // Again on the same clock, then after the clock moved a day: the same body is the same answer.
    await expectSame();
    await moveClock(id, { advance: 'day' });
    await expectSame();
    await expectOthersRefused(1000);
    expect(await t.app.ctx.db.selectFrom('submissions').select('id').where('participation_id', '=', id).execute()).toEqual([{ id: _id }]);
  });

  it('reads a fingerprint stored before from the pilot-clock moments: its retry answers 200, other content 422', async () => {
    const { id, first, body, _id, expectSame, expectOthersRefused } = await answeredPilot();
    // The fingerprint as it was stored before: made from the moments shifted onto the pilot's clock.
    const db = t.app.ctx.db;
    const row = await db.selectFrom('submissions').selectAll().where('id', '=', _id).executeTakeFirstOrThrow();
    const shifted = requestFingerprint({ taskId: first._id, questionnaireId: mood._id, startedAt: row.started_at, submittedAt: row.submitted_at, items: sentItems(body.answers), shownOrder: null });
    await db.updateTable('submissions').set({ request_fingerprint: shifted }).where('id', '=', _id).execute();
    await moveClock(id, { advance: 'day' });
    await expectSame();
    // Both moments two days earlier: a shift of more than the pilot's clock has ever had.
    await expectOthersRefused(-2 * DAY);
  });

  it('refuses a pilot account joining any study by its code (403), also sent again, and stores nothing', async () => {
    const created = await newPilot();
    const other = await emaStudy(true);
    const participations = () => t.app.ctx.db.selectFrom('participations').select(['id', 'study_id']).where('participant_id', '=', created.pilot.participant._id).execute();
    const before = await participations();
    expect(before).toEqual([{ id: created.pilot._id, study_id: study._id }]);
    // Another study's code (a real study: the answers would count as real data), its own study's, an unknown one.
    for (const code of [other.study_code, other.study_code, study.study_code.toLowerCase(), 'ZZZZZZ']) {
      const refused = await api('POST', '/api/app/studies/join', created.session.token, { studyCode: code });
      expect([code, refused.statusCode, messageOf(refused)]).toEqual([code, 403, pilotMessages.pilotCannotJoin]);
    }
    expect(await participations()).toEqual(before);
    // A real participant still joins by the same code.
    const real = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, real.email);
    expect((await api('POST', '/api/app/studies/join', session.token, { studyCode: other.study_code })).statusCode).toBe(201);
  });

  it('a reset removes its answers and plan, records who and when, and plans again on its clock', async () => {
    const created = await newPilot();
    const id = created.pilot._id;
    const [first] = prompts(created.pilot);
    await moveClock(id, { advance: 'next_prompt' });
    expect((await api('POST', `/api/app/studies/${study._id}/responses`, created.session.token, answer(first._id))).statusCode).toBe(201);
    const res = await api('POST', `/api/pilots/${id}/reset`, manager);
    expect(res.statusCode).toBe(200);
    const reset = json<Pilot>(res);
    const db = t.app.ctx.db;
    expect(await db.selectFrom('submissions').select('id').where('participation_id', '=', id).execute()).toEqual([]);
    expect(reset.plan.map((p) => p._id)).not.toContain(first._id);
    expect(reset.plan.every((p) => p.status === 'planned')).toBe(true);
    // The new plan starts at the pilot's now: its first prompt is after the moved clock.
    expect(prompts(reset).every((p) => (p.notification_datetime ?? '') >= first.notification_datetime!)).toBe(true);
    const recorded = await db.selectFrom('pilot_resets').selectAll().where('participation_id', '=', id).execute();
    expect(recorded).toEqual([expect.objectContaining({ reset_by: expect.any(String), reset_at: expect.any(String) })]);
  });

  it('Study Progress leaves the pilot out unless asked, and counts it on its own clock when asked; the Participant List marks it', async () => {
    const s = await emaStudy(true);
    const created = await newPilot(s);
    const id = created.pilot._id;
    const [first, second] = prompts(created.pilot);
    await moveClock(id, { advance: 'next_prompt' });
    expect((await api('POST', `/api/app/studies/${s._id}/responses`, created.session.token, answer(first._id))).statusCode).toBe(201);
    await moveClock(id, { advance: 'next_prompt' });
    const past = await moveClock(id, { advance: 'hour' });
    expect(past.plan.find((p) => p._id === second._id)?.status).toBe('expired');
    const place = { stageId: s.stage_list[0]._id, groupId: s.stage_list[0].participant_group_list[0]._id };
    const without = await api('POST', `/api/participants/${s._id}/progress`, manager, place);
    expect(without.statusCode).toBe(200);
    expect(json<StudyProgressAnswer>(without).participants).toEqual([]);
    expect(json<StudyProgressAnswer>(without).days).toEqual([]);
    const withPilot = json<StudyProgressAnswer>(await api('POST', `/api/participants/${s._id}/progress`, manager, { ...place, includePilot: true }));
    expect(withPilot.participants).toHaveLength(1);
    expect(withPilot.participants[0]).toMatchObject({ _id: created.pilot.participant._id, prompts: { planned: 2, completed: 1, expired: 1, late: 0 } });

    const list = json<GetParticipantsAnswer>(await api('GET', `/api/participants/${s._id}/get_participants`, manager));
    expect(list.participantsData.participants.map((p) => [p._id, p.pilot])).toEqual([[created.pilot.participant._id, true]]);
  });

  it('every download leaves pilot data out unless includePilot, and holds it when asked', async () => {
    const s = await emaStudy(true);
    const real = await createParticipant(t.app, manager, s._id);
    const session = await appLogin(t.app, real.email);
    const realPrompt = (await appTasks(s, session.token)).ema.find((e) => !e.reminder)!;
    expect((await api('POST', `/api/app/studies/${s._id}/responses`, session.token, answer(realPrompt._id))).statusCode).toBe(201);
    const created = await newPilot(s);
    await moveClock(created.pilot._id, { advance: 'next_prompt' });
    expect((await api('POST', `/api/app/studies/${s._id}/responses`, created.session.token, answer(prompts(created.pilot)[0]._id))).statusCode).toBe(201);
    const stageId = s.stage_list[0]._id;
    const groupId = s.stage_list[0].participant_group_list[0]._id;
    const downloads = [
      { url: `/api/data/${s._id}/download_text_resp`, body: { stageId, groupId, excludedParticipantsIds: [] }, accept: ZIP_MEDIA_TYPE },
      { url: `/api/data/${s._id}/download_resp_time`, body: { stageId, groupId }, accept: XLSX_MEDIA_TYPE },
      { url: `/api/data/${s._id}/download_analysis`, body: { stageId, groupId }, accept: ZIP_MEDIA_TYPE },
    ];
    /** Every cell of every sheet of a workbook, or every file of a zip, as text. */
    async function textOf(res: LightMyRequestResponse, accept: string): Promise<string> {
      if (accept === ZIP_MEDIA_TYPE) {
        return Object.values(unzipSync(new Uint8Array(res.rawPayload)))
          .map((bytes) => strFromU8(bytes))
          .join('\n');
      }
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
      return cells.join('\n');
    }
    for (const d of downloads) {
      for (const includePilot of [undefined, false, true]) {
        const res = await send(t.app, { method: 'POST', url: d.url, token: manager, headers: { accept: d.accept }, payload: includePilot === undefined ? d.body : { ...d.body, includePilot } });
        expect([d.url, includePilot, res.statusCode]).toEqual([d.url, includePilot, 200]);
        expect([d.url, res.headers['content-type']]).toEqual([d.url, d.accept]);
        const text = await textOf(res, d.accept);
        expect([d.url, text.includes(real.participant_code)]).toEqual([d.url, true]);
        expect([d.url, includePilot, text.includes(created.pilot.participant.participant_code)]).toEqual([d.url, includePilot, includePilot === true]);
      }
    }
  });

  it('the push sender never claims a pilot\'s prompts', async () => {
    const real = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, real.email);
    const realTasks = await appTasks(study, session.token);
    const created = await newPilot();
    const db = t.app.ctx.db;
    const subscribe = (participantId: string, n: string) =>
      db.insertInto('push_subscriptions').values({ id: `sub${n}${Date.now()}`.slice(0, 32), participant_id: participantId, endpoint: `https://push.example/${n}-${Date.now()}`, p256dh: 'k', auth: 'a', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    await subscribe(real._id, 'r');
    await subscribe(created.pilot.participant._id, 'p');
    const firstPilot = prompts(created.pilot)[0];
    const firstReal = realTasks.ema.filter((e) => !e.reminder)[0];
    // A moment when both first prompts are due and their windows open.
    const now = firstPilot.notification_datetime! > firstReal.notification_datetime ? firstPilot.notification_datetime! : firstReal.notification_datetime;
    const claimed = await claimDuePushes(db, now, new Date(Date.parse(now) + 60_000).toISOString(), 1000, 'pilot-test-claim');
    expect(claimed).toContain(firstReal._id);
    expect(claimed).not.toContain(firstPilot._id);
  });

  it('refuses callers without the study editor permission, other labs, participants and unknown pilots', async () => {
    const { pilot, session } = await newPilot();
    const narrow = await registerUser(t.app, owner, labId, { access: ALL_ACCESS.filter((a) => a.task !== ACCESS.editBasicInfo.task) });
    const narrowToken = await labUserToken(t.app, narrow.email, narrow.password);
    for (const [method, url, body] of [
      ['POST', `/api/studies/${study._id}/pilot`, {}],
      ['GET', `/api/pilots/${pilot._id}`, undefined],
      ['POST', `/api/pilots/${pilot._id}/clock`, { advance: 'hour' }],
      ['POST', `/api/pilots/${pilot._id}/reset`, undefined],
    ] as const) {
      expect([url, (await api(method, url, narrowToken, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await api(method, url, otherManager, body)).statusCode]).toEqual([url, 404]);
      // A participant's session is not a staff one.
      expect([url, (await api(method, url, session.token, body)).statusCode]).toEqual([url, 401]);
      expect([url, (await api(method, url, undefined, body)).statusCode]).toEqual([url, 401]);
    }
    expect((await api('GET', '/api/pilots/nosuchpilot', manager)).statusCode).toBe(404);
    expect((await api('POST', `/api/studies/${study._id}/pilot`, manager, { groupId: 'x' })).statusCode).toBe(400);
  });
});
