// Follow-up prompts triggered by answers (issue 34 part 1) on both databases, with two server apps on one database
// (one file, or one PostgreSQL schema): an answer meeting a rule's condition plans the follow-up prompt and its
// reminders in the transaction that stores it, named by the trigger's submission id; the app lists it in `ema`
// with `followup: true` and the push sender claims it when due; a retried answer and the same answer sent to both servers at once plan it once; an answer
// not meeting the condition plans none; max_per_day holds; withdrawal and a stage change cancel pending ones. Score
// conditions (issue 34 part 2) are judged on the scores stored with the answer, together with `when`; a null
// score meets none.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildOnStorage, createTestStorage, databases, json, labUserToken, ownerToken, seedLab, OWNER_EMAIL, OWNER_PASSWORD, type TestStorage } from '../support/testApp';
import { send } from '../support/api';
import { appLogin, assign, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import type { AppEmaTask, AppTasksAnswer, ResponseAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';
import type { StoredFollowupRule } from '../../../src/server/services/studies/followupLists';
import type { EmaTasksAnswer } from '../../../src/shared/types/participant';
import type { CreatedPilot, Pilot } from '../../../src/shared/types/pilot';
import type { StudyProgressAnswer } from '../../../src/shared/types/progress';
import { ANALYSIS_FILES } from '../../../src/shared/dataDownloads';
import { claimDuePushes } from '../../../src/server/repositories/pushes';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';

jest.setTimeout(90_000);

/** Q1 a numbers-only text. */
function questions(): Question[] {
  return [{ ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), number_only: true, position: 0 }] }];
}

const MINUTE = 60_000;

describe.each(databases)('follow-up prompts planned by answers (%s)', (database) => {
  let storage: TestStorage;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let manager: string;
  let study: Study;
  let mood: Questionnaire;
  let check: Questionnaire;
  let rule: StoredFollowupRule;

  beforeAll(async () => {
    storage = await createTestStorage(database);
    const env = { SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD };
    a = (await buildOnStorage(storage, env)).app;
    b = (await buildOnStorage(storage, env)).app;
    const lab = await seedLab(a, await ownerToken(a));
    manager = await labUserToken(a, lab.managerEmail, lab.managerPassword);
    mood = await createQuestionnaire(a, manager, questions, { abbrev: 'MOOD' });
    check = await createQuestionnaire(a, manager, questions, { abbrev: 'CHECK' });
    study = await createStudy(a, manager, { active: true, stages: 2 });
    // One minute after the answer: the follow-ups of a test fall on the answer's day but within a minute of midnight.
    rule = {
      trigger_questionnaire: mood._id,
      when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'greater or equal', criterion_value: '7' }] }],
      score_when: [],
      questionnaire_list: [check._id],
      after_minutes: 1,
      response_in: 15,
      reminder_interval: 5,
      max_per_day: 2,
    };
    await setGroupSettings(a.ctx.db, study.stage_list[0].participant_group_list[0]._id, { anytime: [mood._id], followups: [rule] });
    await setGroupSettings(a.ctx.db, study.stage_list[1].participant_group_list[0]._id, { anytime: [mood._id] });
  }, 90_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await storage.drop();
  }, 30_000);

  async function participant(): Promise<{ id: string; token: string }> {
    const p = await createParticipant(a, manager, study._id);
    const token = (await appLogin(a, p.email)).token;
    await tasks(token);
    return { id: p._id, token };
  }

  async function tasks(token: string, app = a): Promise<AppTasksAnswer> {
    const res = await send(app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token });
    expect(res.statusCode).toBe(200);
    return json<AppTasksAnswer>(res);
  }

  function answer(token: string, submissionId: string, value: string, app = a, at = new Date().toISOString()): Promise<LightMyRequestResponse> {
    return send(app, {
      method: 'POST',
      url: `/api/app/studies/${study._id}/responses`,
      token,
      payload: { submissionId, taskId: null, questionnaireId: mood._id, startedAt: at, submittedAt: at, answers: [{ question_pos: 0, response_pos: 0, value }] },
    });
  }

  const followups = (list: AppTasksAnswer) => list.ema.filter((t) => t.followup);
  const rowsOf = (submissionId: string) =>
    a.ctx.db.selectFrom('tasks').select(['id', 'status', 'reminder', 'setting_index', 'kind']).where('trigger_submission_id', '=', submissionId).execute();

  it('plans the follow-up and its reminders when the answer meets the condition, listed in ema with the trigger', async () => {
    const p = await participant();
    expect((await answer(p.token, 'low', '3')).statusCode).toBe(201);
    expect(followups(await tasks(p.token))).toEqual([]);

    const at = new Date().toISOString();
    const res = await answer(p.token, 'high', '8', a, at);
    expect(res.statusCode).toBe(201);
    const trigger = json<ResponseAnswer>(res)._id;
    const list = followups(await tasks(p.token));
    const prompt = Date.parse(at) + MINUTE;
    const expected = (offset: number, reminder: boolean): Partial<AppEmaTask> => ({
      kind: 'ema',
      followup: true,
      trigger_submission_id: trigger,
      questionnaire: { _id: check._id, chin_name: check.chin_name, abbrev: check.abbrev },
      notification_datetime: new Date(prompt + offset * MINUTE).toISOString(),
      window_closes_at: new Date(prompt + 15 * MINUTE).toISOString(),
      reminder,
      status: 'planned',
    });
    expect(list).toEqual([expect.objectContaining(expected(0, false)), expect.objectContaining(expected(5, true)), expect.objectContaining(expected(10, true))]);
    expect(list[1].prompt_id).toBe(list[0]._id);
    // A prompt of the settings' plan is not a follow-up.
    expect((await tasks(p.token)).ema.every((t) => t.followup === (t.trigger_submission_id !== null))).toBe(true);

    // The same answer again: the first answer, nothing planned again.
    const again = await answer(p.token, 'high', '8', a, at);
    expect(again.statusCode).toBe(200);
    expect(json<ResponseAnswer>(again)._id).toBe(trigger);
    expect(await rowsOf(trigger)).toHaveLength(3);

    // The push sender's claim takes it when its moment comes, as any EMA prompt (then its reminders).
    const claimed = await claimDuePushes(a.ctx.db, new Date(prompt + 1000).toISOString(), new Date(prompt + 60_000).toISOString(), 1000, 'followup-test');
    expect(claimed).toContain(list[0]._id);
    expect(claimed).not.toContain(list[1]._id);
  });

  it("plans by the answer's scores: every score condition and `when` must hold, and a null score meets none", async () => {
    // Q1 and Q2 numbers; the score `total` sums both, and is null unless both are answered.
    const twoNumbers = (): Question[] => [0, 1].map((n) => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, other_info: [{ ...makeResponse(`r${n}`, 'text'), number_only: true, position: 0 }] }));
    const items = [0, 1].map((question_pos) => ({ question_pos, response_pos: 0, reverse: false }));
    const scored = await createQuestionnaire(a, manager, twoNumbers, { abbrev: 'SCORED', scores: [{ name: 'total', method: 'sum', items, min_answered: 2 }] });
    const scoredStudy = await createStudy(a, manager, { active: true });
    const base = { trigger_questionnaire: scored._id, questionnaire_list: [check._id], after_minutes: 1, response_in: 15, reminder_interval: 5, max_per_day: 10 };
    await setGroupSettings(a.ctx.db, scoredStudy.stage_list[0].participant_group_list[0]._id, {
      anytime: [scored._id],
      followups: [
        // 0: total at least 10.
        { ...base, when: [], score_when: [{ score: 'total', criterion_operator: 'greater or equal', criterion_value: 10 }] },
        // 1: Q1 at least 6 and total below 12, and total not 0 (which a null total does not meet either).
        {
          ...base,
          when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'greater or equal', criterion_value: '6' }] }],
          score_when: [
            { score: 'total', criterion_operator: 'less', criterion_value: 12 },
            { score: 'total', criterion_operator: 'not equal', criterion_value: 0 },
          ],
        },
      ],
    });
    const p = await createParticipant(a, manager, scoredStudy._id);
    const token = (await appLogin(a, p.email)).token;
    expect((await send(a, { method: 'GET', url: `/api/app/studies/${scoredStudy._id}/tasks`, token })).statusCode).toBe(200);
    const at = new Date().toISOString();
    const answerScored = async (submissionId: string, values: string[]) => {
      const res = await send(a, {
        method: 'POST',
        url: `/api/app/studies/${scoredStudy._id}/responses`,
        token,
        payload: { submissionId, taskId: null, questionnaireId: scored._id, startedAt: at, submittedAt: at, answers: values.map((value, question_pos) => ({ question_pos, response_pos: 0, value })) },
      });
      expect(res.statusCode).toBe(201);
      const { _id, scores } = json<ResponseAnswer>(res);
      const rows = await rowsOf(_id);
      return { scores, rules: [...new Set(rows.filter((r) => r.reminder === 0).map((r) => r.setting_index))].sort() };
    };
    expect(await answerScored('s9', ['4', '5'])).toEqual({ scores: { total: 9 }, rules: [] });
    expect(await answerScored('s11', ['6', '5'])).toEqual({ scores: { total: 11 }, rules: [0, 1] });
    expect(await answerScored('s13', ['7', '6'])).toEqual({ scores: { total: 13 }, rules: [0] });
    expect(await answerScored('s10', ['5', '5'])).toEqual({ scores: { total: 10 }, rules: [0] });
    // Q1 meets `when` of rule 1, but with Q2 left empty the total is null: no score condition holds.
    expect(await answerScored('snull', ['8', ''])).toEqual({ scores: { total: null }, rules: [] });
  });

  it('plans once when the same answer reaches both servers at once', async () => {
    const p = await participant();
    const at = new Date().toISOString();
    const [one, two] = await Promise.all([answer(p.token, 'both', '9', a, at), answer(p.token, 'both', '9', b, at)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    const trigger = json<ResponseAnswer>(one)._id;
    expect(json<ResponseAnswer>(two)._id).toBe(trigger);
    expect(await rowsOf(trigger)).toHaveLength(3);
    expect(followups(await tasks(p.token, b))).toHaveLength(3);
  });

  it('plans at most max_per_day follow-ups of the rule a day, also when answers reach both servers at once', async () => {
    const p = await participant();
    const sent = await Promise.all(['d1', 'd2', 'd3', 'd4'].map((id, i) => answer(p.token, id, '10', i % 2 === 0 ? a : b)));
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const prompts = followups(await tasks(p.token)).filter((t) => !t.reminder);
    expect(prompts).toHaveLength(rule.max_per_day);
    expect(new Set(prompts.map((t) => t.trigger_submission_id)).size).toBe(rule.max_per_day);
  });

  it("is listed in the researcher's EMA Schedule and exported with task_kind followup and the triggering submission", async () => {
    const p = await participant();
    const trigger = json<ResponseAnswer>(await answer(p.token, 'exported', '7'))._id;
    const schedule = await send(a, { method: 'GET', url: `/api/ema_tasks/${study._id}/${p.id}?scope=all`, token: manager });
    expect(schedule.statusCode).toBe(200);
    const listed = json<EmaTasksAnswer>(schedule).emaTasks.filter((t) => t.trigger_submission_id === trigger);
    expect(listed.map((t) => [t.questionnaire.abbrev, t.reminder])).toEqual([['CHECK', false], ['CHECK', true], ['CHECK', true]]);

    const stage = study.stage_list[0];
    const res = await send(a, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: { stageId: stage._id, groupId: stage.participant_group_list[0]._id } });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const rows = parse(strFromU8(files[ANALYSIS_FILES.tasks]).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const followup = rows.filter((r) => r.task_kind === 'followup' && r.trigger_submission_id === trigger);
    expect(followup.map((r) => [r.questionnaire_code, r.status, r.prompt_of_day])).toEqual([['CHECK', 'planned', '']]);
    expect(rows.filter((r) => r.submission_id === trigger).map((r) => [r.questionnaire_code, r.task_kind, r.trigger_submission_id])).toEqual([['MOOD', 'anytime', '']]);
  });

  it("walks a pilot's clock to its follow-up, which then counts in Study Progress as its own kind", async () => {
    const created = await send(a, { method: 'POST', url: `/api/studies/${study._id}/pilot`, token: manager, payload: {} });
    expect(created.statusCode).toBe(201);
    const { pilot, session } = json<CreatedPilot>(created);
    await tasks(session.token);
    const before = json<Pilot>(await send(a, { method: 'GET', url: `/api/pilots/${pilot._id}`, token: manager }));
    const trigger = json<ResponseAnswer>(await answer(session.token, 'pilot', '9'))._id;
    const moved = await send(a, { method: 'POST', url: `/api/pilots/${pilot._id}/clock`, token: manager, payload: { advance: 'next_prompt' } });
    expect(moved.statusCode).toBe(200);
    const after = json<Pilot>(moved);
    const [prompt] = followups(await tasks(session.token)).filter((t) => !t.reminder);
    expect(prompt.trigger_submission_id).toBe(trigger);
    // The answer came on the pilot's clock: its follow-up a minute later there, where next_prompt took the clock.
    expect(Date.parse(prompt.notification_datetime) - Date.parse(before.clock.now)).toBeGreaterThanOrEqual(MINUTE);
    const past = Date.parse(after.clock.now) - Date.parse(prompt.notification_datetime);
    expect(past >= 0 && past < 5_000).toBe(true);
    expect(after.plan.filter((t) => t._id === prompt._id)).toHaveLength(1);
    // The pilot's plan says which rows are follow-ups (its prompt and two reminders), so the summary can say so.
    expect(after.plan.filter((t) => t.followup).map((t) => t.prompt_id)).toEqual([null, prompt._id, prompt._id]);
    expect(after.plan.filter((t) => !t.followup).every((t) => t._id !== prompt._id)).toBe(true);

    const stage = study.stage_list[0];
    const progress = await send(a, { method: 'POST', url: `/api/participants/${study._id}/progress`, token: manager, payload: { stageId: stage._id, groupId: stage.participant_group_list[0]._id, includePilot: true } });
    expect(progress.statusCode).toBe(200);
    const mine = json<StudyProgressAnswer>(progress).participants.find((r) => r._id === pilot.participant._id);
    expect(mine?.followups).toMatchObject({ planned: 1, completed: 0, open: 1 });
    // The settings' own prompts leave follow-ups out (this group has none of its own).
    expect(mine?.prompts.planned).toBe(0);
  });

  it("keeps a follow-up of an anytime questionnaire in the study's last stage: a plan of only anytime tasks still has no end", async () => {
    const only = await createStudy(a, manager, { active: true });
    await setGroupSettings(a.ctx.db, only.stage_list[0].participant_group_list[0]._id, { anytime: [mood._id], followups: [rule] });
    const p = await createParticipant(a, manager, only._id);
    const token = (await appLogin(a, p.email)).token;
    const read = async () => json<AppTasksAnswer>(await send(a, { method: 'GET', url: `/api/app/studies/${only._id}/tasks`, token }));
    await read();
    const at = new Date().toISOString();
    const res = await send(a, {
      method: 'POST',
      url: `/api/app/studies/${only._id}/responses`,
      token,
      payload: { submissionId: 'last-stage', taskId: null, questionnaireId: mood._id, startedAt: at, submittedAt: at, answers: [{ question_pos: 0, response_pos: 0, value: '8' }] },
    });
    expect(res.statusCode).toBe(201);
    // Reading the tasks applies the plan's end: the follow-up alone must not make an end of a plan without one.
    expect(followups(await read()).map((t) => t.status)).toEqual(['planned', 'planned', 'planned']);
    expect((await rowsOf(json<ResponseAnswer>(res)._id)).map((r) => r.status)).toEqual(['planned', 'planned', 'planned']);
    const participation = await a.ctx.db.selectFrom('participations').select('status').where('participant_id', '=', p._id).executeTakeFirstOrThrow();
    expect(participation.status).toBe('enrolled');
  });

  it("waits for a follow-up of the last one-time questionnaire in the study's last stage before the plan ends", async () => {
    const last = await createStudy(a, manager, { active: true });
    await setGroupSettings(a.ctx.db, last.stage_list[0].participant_group_list[0]._id, { once: [mood._id], followups: [rule] });
    const p = await createParticipant(a, manager, last._id);
    const token = (await appLogin(a, p.email)).token;
    const read = async () => json<AppTasksAnswer>(await send(a, { method: 'GET', url: `/api/app/studies/${last._id}/tasks`, token }));
    const once = (await read()).once[0];
    const at = new Date().toISOString();
    const res = await send(a, {
      method: 'POST',
      url: `/api/app/studies/${last._id}/responses`,
      token,
      payload: { submissionId: 'last-once', taskId: once._id, questionnaireId: mood._id, startedAt: at, submittedAt: at, answers: [{ question_pos: 0, response_pos: 0, value: '8' }] },
    });
    expect(res.statusCode).toBe(201);
    const trigger = json<ResponseAnswer>(res)._id;
    const status = async () => (await a.ctx.db.selectFrom('participations').select('status').where('participant_id', '=', p._id).executeTakeFirstOrThrow()).status;
    // Every one-time questionnaire is answered, but the follow-up it planned is still to come: the plan goes on.
    expect(followups(await read()).map((t) => t.status)).toEqual(['planned', 'planned', 'planned']);
    expect(await status()).toBe('enrolled');
    // Once the follow-up's window has closed (moved into the past here), the plan has ended.
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await a.ctx.db.updateTable('tasks').set({ notification_datetime: past(30 * MINUTE), window_closes_at: past(15 * MINUTE) }).where('trigger_submission_id', '=', trigger).execute();
    await read();
    expect(await status()).toBe('completed');
    expect((await rowsOf(trigger)).map((r) => r.status)).not.toContain('cancelled');
  });

  it('cancels pending follow-ups on withdrawal', async () => {
    const p = await participant();
    const trigger = json<ResponseAnswer>(await answer(p.token, 'w', '7'))._id;
    expect((await send(a, { method: 'POST', url: `/api/app/studies/${study._id}/withdraw`, token: p.token })).statusCode).toBe(200);
    expect((await rowsOf(trigger)).map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('cancels pending follow-ups on a stage change, and the new group (without rules) plans none', async () => {
    const p = await participant();
    const trigger = json<ResponseAnswer>(await answer(p.token, 's', '7'))._id;
    const stage2 = study.stage_list[1];
    await assign(a, manager, study._id, p.id, stage2._id, stage2.participant_group_list[0]._id);
    expect((await rowsOf(trigger)).map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await tasks(p.token);
    const later = await answer(p.token, 's2', '9');
    expect(later.statusCode).toBe(201);
    expect(await rowsOf(json<ResponseAnswer>(later)._id)).toEqual([]);
  });
});
