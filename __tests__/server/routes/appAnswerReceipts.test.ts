// What the participant app sent, and when the server received it: a retry with the same submissionId answers
// as its first try did, judged by what was sent (a reminder's task id included), other content under the same
// id answers 422; reminders name their prompt; moments reported by the phone are kept beside their receipt,
// refused beyond the allowed skew into the future, and lateness is judged by the phone's moment only while it
// is not later than the receipt; a refused answer names its question and response; bodies are JSON only (415).
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { participantMessages } from '../../../src/shared/messages';
import { FUTURE_SKEW_MINUTES } from '../../../src/shared/limits';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { AppEmaTask, AppTasksAnswer } from '../../../src/shared/types/participantApp';

jest.setTimeout(60_000);

const MINUTE = 60_000;
const required = { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } };

/** A required text, then an optional text. */
function questions(): Question[] {
  return [
    { ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), ...required, position: 0 }] },
    { ...makeQuestion('q1', 'r1'), question_num: '2', position: 1, other_info: [{ ...makeResponse('r1', 'text'), position: 0 }] },
  ];
}

describe.each(databases)('answers and events as the app sent them (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let study: Study;
  let daily: Questionnaire;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    daily = await createQuestionnaire(t.app, manager, questions);
    study = await createStudy(t.app, manager, { active: true });
    const item = { _id: daily._id, chin_name: '', abbrev: '' };
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [item], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
      once: [daily._id],
      anytime: [daily._id],
    });
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: 'GET' | 'POST', url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function participant(): Promise<{ token: string; tasks: AppTasksAnswer }> {
    const p = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, p.email);
    const res = await api('GET', `/api/app/studies/${study._id}/tasks`, token);
    expect(res.statusCode).toBe(200);
    return { token, tasks: json<AppTasksAnswer>(res) };
  }

  const reminderOf = (tasks: AppTasksAnswer): AppEmaTask => {
    const reminder = tasks.ema.find((e) => e.reminder);
    if (!reminder) throw new Error('no reminder planned');
    return reminder;
  };

  let seq = 0;
  function answer(taskId: string | null, changes: Record<string, unknown> = {}) {
    seq += 1;
    const now = new Date().toISOString();
    return { submissionId: `receipt-${seq}-${Date.now()}`, taskId, questionnaireId: daily._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: 'fine' }], ...changes };
  }

  const respond = (token: string, body: unknown) => api('POST', `/api/app/studies/${study._id}/responses`, token, body);
  const report = (token: string, events: unknown[]) => api('POST', `/api/app/studies/${study._id}/events`, token, { events });
  const taskRow = (id: string) => t.app.ctx.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const submissionRow = (id: string) => t.app.ctx.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('a retry answers as the first try did', () => {
    it("an answer sent with a reminder's id, sent again, answers 200 with the first _id (stored under the prompt, once)", async () => {
      const { token, tasks } = await participant();
      const reminder = reminderOf(tasks);
      const body = answer(reminder._id);
      const first = await respond(token, body);
      expect(first.statusCode).toBe(201);
      for (let i = 0; i < 2; i += 1) {
        const again = await respond(token, body);
        expect([again.statusCode, json(again)]).toEqual([200, json(first)]);
      }
      const stored = await t.app.ctx.db.selectFrom('submissions').select(['id', 'task_id']).where('client_submission_id', '=', body.submissionId).execute();
      expect(stored).toEqual([{ id: json<{ _id: string }>(first)._id, task_id: reminder.prompt_id }]);
      expect((await taskRow(reminder.prompt_id ?? '')).status).toBe('completed');
    });

    it('the same content written otherwise (moments, order of answers) is the same answer', async () => {
      const { token, tasks } = await participant();
      const body = answer(tasks.anytime[0]._id, {
        startedAt: '2024-05-01T09:00:00Z',
        submittedAt: '2024-05-01T17:05:00+08:00',
        answers: [
          { question_pos: 1, response_pos: 0, value: 'also' },
          { question_pos: 0, response_pos: 0, value: 'fine' },
        ],
      });
      const first = await respond(token, body);
      expect(first.statusCode).toBe(201);
      const rewritten = { ...body, startedAt: '2024-05-01T09:00:00.000Z', submittedAt: '2024-05-01T09:05:00.000Z', answers: [...body.answers].reverse() };
      const again = await respond(token, rewritten);
      expect([again.statusCode, json(again)]).toEqual([200, json(first)]);
    });

    it.each<[string, (body: ReturnType<typeof answer>, tasks: AppTasksAnswer) => Record<string, unknown>]>([
      ['other answers', (body) => ({ ...body, answers: [{ question_pos: 0, response_pos: 0, value: 'worse' }] })],
      ["the prompt's id instead of the reminder's", (body, tasks) => ({ ...body, taskId: reminderOf(tasks).prompt_id })],
      ['another start', (body) => ({ ...body, startedAt: new Date(Date.parse(body.startedAt) - MINUTE).toISOString() })],
      ['another task', (body, tasks) => ({ ...body, taskId: tasks.once[0]._id })],
    ])('the same submissionId with %s answers 422 and stores nothing more', async (_name, change) => {
      const { token, tasks } = await participant();
      const body = answer(reminderOf(tasks)._id);
      expect((await respond(token, body)).statusCode).toBe(201);
      const other = await respond(token, change(body, tasks));
      expect(other.statusCode).toBe(422);
      expect(messageOf(other)).toBe(participantMessages.submissionReused);
      const stored = await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', body.submissionId).execute();
      expect(stored).toHaveLength(1);
      const items = await t.app.ctx.db.selectFrom('answer_items').select('value').where('submission_id', '=', stored[0].id).execute();
      expect(items).toEqual([{ value: '"fine"' }]);
    });

    it('two tries with one submissionId at once: one is stored; the same content answers its _id, other content 422', async () => {
      const { token, tasks } = await participant();
      const body = answer(tasks.anytime[0]._id);
      const same = await Promise.all([respond(token, body), respond(token, body)]);
      expect(same.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(json(same[0])).toEqual(json(same[1]));
      const raced = answer(tasks.anytime[0]._id);
      const other = { ...raced, answers: [{ question_pos: 0, response_pos: 0, value: 'other' }] };
      const both = await Promise.all([respond(token, raced), respond(token, other)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expect(await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', raced.submissionId).execute()).toHaveLength(1);
    });

    it('an answer stored before fingerprints were kept: a retry for the same questionnaire answers 200', async () => {
      const { token, tasks } = await participant();
      const body = answer(reminderOf(tasks)._id);
      const first = await respond(token, body);
      await t.app.ctx.db.updateTable('submissions').set({ request_fingerprint: null }).where('id', '=', json<{ _id: string }>(first)._id).execute();
      const again = await respond(token, body);
      expect([again.statusCode, json(again)]).toEqual([200, json(first)]);
      expect((await respond(token, { ...body, questionnaireId: 'another' })).statusCode).toBe(422);
    });
  });

  it('a reminder names its prompt (prompt_id); a prompt names none', async () => {
    const { tasks } = await participant();
    const prompts = new Set(tasks.ema.filter((e) => !e.reminder).map((e) => e._id));
    expect(tasks.ema.filter((e) => !e.reminder).every((e) => e.prompt_id === null)).toBe(true);
    const reminders = tasks.ema.filter((e) => e.reminder);
    expect(reminders.length).toBeGreaterThan(0);
    for (const r of reminders) {
      expect(prompts.has(r.prompt_id ?? '')).toBe(true);
      expect(Date.parse(r.notification_datetime)).toBeGreaterThan(Date.parse(tasks.ema.find((e) => e._id === r.prompt_id)?.notification_datetime ?? ''));
    }
  });

  describe("the phone's moments and the server's receipt", () => {
    it("keeps the phone's moments and the receipt; a moment beyond the skew into the future is refused", async () => {
      const { token, tasks } = await participant();
      const ahead = new Date(Date.now() + (FUTURE_SKEW_MINUTES - 1) * MINUTE).toISOString();
      const before = new Date().toISOString();
      const res = await respond(token, answer(tasks.anytime[0]._id, { startedAt: '2024-05-01T09:00:00Z', submittedAt: ahead }));
      expect(res.statusCode).toBe(201);
      const row = await submissionRow(json<{ _id: string }>(res)._id);
      expect(row).toMatchObject({ started_at: '2024-05-01T09:00:00.000Z', submitted_at: ahead });
      expect(row.received_at >= before && row.received_at <= new Date().toISOString()).toBe(true);

      const tooFar = new Date(Date.now() + (FUTURE_SKEW_MINUTES + 1) * MINUTE).toISOString();
      for (const changes of [{ submittedAt: tooFar }, { startedAt: tooFar, submittedAt: tooFar }]) {
        const body = answer(tasks.anytime[0]._id, changes);
        const refused = await respond(token, body);
        expect([refused.statusCode, messageOf(refused)]).toEqual([400, participantMessages.momentInFuture]);
        expect(await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', body.submissionId).execute()).toEqual([]);
      }
    });

    it("lateness: the phone's moment while it is not later than the receipt, else the receipt", async () => {
      const { token, tasks } = await participant();
      const [early, fast, late] = tasks.ema.filter((e) => !e.reminder);
      const closes = (id: string, at: number) =>
        t.app.ctx.db.updateTable('tasks').set({ notification_datetime: new Date(at - 15 * MINUTE).toISOString(), window_closes_at: new Date(at).toISOString() }).where('id', '=', id).execute();
      // Sent offline inside the window, received after it closed: in time.
      await closes(early._id, Date.now() - 10 * MINUTE);
      const offline = new Date(Date.now() - 20 * MINUTE).toISOString();
      const inTime = await respond(token, answer(early._id, { startedAt: offline, submittedAt: offline }));
      expect((await submissionRow(json<{ _id: string }>(inTime)._id)).late).toBe(0);
      expect((await taskRow(early._id)).status).toBe('completed');
      // A phone clock running ahead: its moment is after the window, the receipt inside it: in time.
      await closes(fast._id, Date.now() + MINUTE);
      const ahead = new Date(Date.now() + 3 * MINUTE).toISOString();
      const fastRes = await respond(token, answer(fast._id, { submittedAt: ahead }));
      expect((await submissionRow(json<{ _id: string }>(fastRes)._id)).late).toBe(0);
      expect((await taskRow(fast._id)).status).toBe('completed');
      // The phone's moment after the window closed: late, and the prompt stays unanswered.
      await closes(late._id, Date.now() - 10 * MINUTE);
      const after = new Date(Date.now() - 5 * MINUTE).toISOString();
      const lateRes = await respond(token, answer(late._id, { startedAt: after, submittedAt: after }));
      expect(lateRes.statusCode).toBe(201);
      expect((await submissionRow(json<{ _id: string }>(lateRes)._id)).late).toBe(1);
      expect((await taskRow(late._id)).status).toBe('planned');
    });

    it("events through a reminder's id: kept with their receipt; the same report again changes nothing", async () => {
      const { token, tasks } = await participant();
      const reminder = reminderOf(tasks);
      const events = [
        { taskId: reminder._id, kind: 'delivered', at: '2024-05-01T09:05:00Z' },
        { taskId: reminder._id, kind: 'opened', at: '2024-05-01T09:06:00Z' },
      ];
      const before = new Date().toISOString();
      const first = await report(token, events);
      expect([first.statusCode, messageOf(first)]).toEqual([200, participantMessages.eventsRecorded]);
      const rows = async () => Promise.all([taskRow(reminder._id), taskRow(reminder.prompt_id ?? '')]);
      const stored = await rows();
      for (const row of stored) {
        expect(row).toMatchObject({ status: 'opened', delivered_at: '2024-05-01T09:05:00.000Z', opened_at: '2024-05-01T09:06:00.000Z' });
        expect(row.delivered_received_at !== null && row.delivered_received_at >= before).toBe(true);
        expect(row.opened_received_at).toBe(row.delivered_received_at);
      }
      const again = await report(token, events);
      expect([again.statusCode, messageOf(again)]).toEqual([200, participantMessages.eventsRecorded]);
      expect(await rows()).toEqual(stored);
    });

    it('an event beyond the skew into the future is refused, and none of its report applied', async () => {
      const { token, tasks } = await participant();
      const prompt = tasks.ema[0];
      const tooFar = new Date(Date.now() + (FUTURE_SKEW_MINUTES + 1) * MINUTE).toISOString();
      const res = await report(token, [
        { taskId: prompt._id, kind: 'delivered', at: new Date().toISOString() },
        { taskId: prompt._id, kind: 'opened', at: tooFar },
      ]);
      expect([res.statusCode, messageOf(res)]).toEqual([400, participantMessages.momentInFuture]);
      expect(await taskRow(prompt._id)).toMatchObject({ status: 'planned', delivered_at: null, delivered_received_at: null });
      const bad = await report(token, [{ taskId: prompt._id, kind: 'opened', at: '1960-01-01T00:00:00Z' }]);
      expect([bad.statusCode, messageOf(bad)]).toEqual([400, participantMessages.eventMoment]);
    });
  });

  describe('a refused answer names where', () => {
    it.each([
      ['a required answer missing', [{ question_pos: 1, response_pos: 0, value: 'only the second' }], participantMessages.answerRequired, 0, 0],
      ['an unknown response', [{ question_pos: 0, response_pos: 0, value: 'fine' }, { question_pos: 1, response_pos: 3, value: 'x' }], participantMessages.answerUnknownItem, 1, 3],
      ['a value of the wrong type', [{ question_pos: 0, response_pos: 0, value: 'fine' }, { question_pos: 1, response_pos: 0, value: 4 }], participantMessages.answerWrongType, 1, 0],
    ])('%s: {message, question_pos, response_pos}', async (_name, answers, message, question_pos, response_pos) => {
      const { token, tasks } = await participant();
      const res = await respond(token, answer(tasks.anytime[0]._id, { answers }));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message, question_pos, response_pos });
    });
  });

  describe('JSON bodies only', () => {
    it("every write call of the app answers 415 to a JSON body labelled otherwise, and reads it labelled JSON", async () => {
      const { token, tasks } = await participant();
      const calls: [string, Record<string, unknown>][] = [
        ['/api/app/signup', { email: 'x@lab.org', password: 'participant-pass-1' }],
        ['/api/app/login', { email: 'x@lab.org', password: 'participant-pass-1' }],
        ['/api/app/password/reset_request', { email: 'x@lab.org' }],
        ['/api/app/password/reset', { email: 'x@lab.org', code: '123456', newPassword: 'participant-pass-2' }],
        ['/api/app/studies/join', { studyCode: study.study_code }],
        [`/api/app/studies/${study._id}/consent`, { agree: true }],
        [`/api/app/studies/${study._id}/events`, { events: [{ taskId: tasks.ema[0]._id, kind: 'delivered', at: new Date().toISOString() }] }],
        ['/api/app/uploads', { contentType: 'image/png', size: 100 }],
        [`/api/app/studies/${study._id}/responses`, answer(tasks.anytime[0]._id)],
      ];
      for (const [url, body] of calls) {
        for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
          const res = await call(t.app, { method: 'POST', url, token, headers: { 'content-type': type }, payload: JSON.stringify(body) });
          expect([url, type, res.statusCode]).toEqual([url, type, 415]);
        }
      }
      const password = await call(t.app, { method: 'PUT', url: '/api/app/password', token, headers: { 'content-type': 'text/plain' }, payload: '{}' });
      expect(password.statusCode).toBe(415);
      const stored = await call(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/responses`, token, headers: { 'content-type': 'application/json; charset=utf-8' }, payload: JSON.stringify(answer(tasks.anytime[0]._id)) });
      expect(stored.statusCode).toBe(201);
      // A call without a body works whatever its empty body is labelled.
      const withdraw = await call(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/withdraw`, token, headers: { 'content-type': 'text/plain' } });
      expect(withdraw.statusCode).toBe(200);
    });
  });
});
