// Study Progress's score per day (POST /api/participants/{studyId}/progress/scores, issue 34 part 2): answers
// stored through the app with their scores, placed on days of the study from each participant's arrival, and the
// day's mean, lowest and highest over the participants' day means checked against values computed by hand; an
// answer without the score (too few items) not counted; the group's first score by default; another group's
// answers left out; the refusals (unknown score, another lab, a stage or group not the study's, a bad body).
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { addGroup, appLogin, assign, createParticipant, createQuestionnaire, createStudy, markActive, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, ResponseItem, Score } from '../../../src/shared/questionnaire/types';
import { studyMessages } from '../../../src/shared/messages';
import type { ScoreProgressAnswer } from '../../../src/shared/types/scoreProgress';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

/** Q1 and Q2 sliders 1-5, Q3 a numbers-only text. */
function questions(): Question[] {
  const q = (n: number, r: ResponseItem): Question => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, other_info: [{ ...r, position: 0 }] });
  return [q(0, { ...makeResponse('r0', 'slider'), min: 1, max: 5 }), q(1, { ...makeResponse('r1', 'slider'), min: 1, max: 5 }), q(2, { ...makeResponse('r2', 'text'), number_only: true })];
}

const item = (question_pos: number, reverse = false) => ({ question_pos, response_pos: 0, reverse });
/** Q1 + (6 - Q2), both needed. */
const wellbeing: Score = { name: 'wellbeing', method: 'sum', items: [item(0), item(1, true)], min_answered: 2 };
/** Mean of Q1, Q2 and Q3, any one enough. */
const average: Score = { name: 'average', method: 'mean', items: [item(0), item(1), item(2)], min_answered: 1 };
const DAY = 86_400_000;

describe.each(databases)('score per day of the study (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let study: Study;
  let otherStudy: Study;
  let qx: Questionnaire;
  let stageId: string;
  let groupId: string;
  let otherGroupId: string;
  let groupWithout: string;
  let seq = 0;

  const db = () => t.app.ctx.db;
  function scores(body: Record<string, unknown>, token = manager, studyId = study._id): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: `/api/participants/${studyId}/progress/scores`, token, payload: body });
  }

  /** A participant of the group who has loaded the plan, arrived `daysAgo` days ago. */
  async function participant(daysAgo: number, group = groupId): Promise<string> {
    const p = await createParticipant(t.app, manager, study._id);
    await assign(t.app, manager, study._id, p._id, stageId, group);
    const token = (await appLogin(t.app, p.email)).token;
    expect((await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token })).statusCode).toBe(200);
    const pa = await db().selectFrom('participations').selectAll().where('participant_id', '=', p._id).executeTakeFirstOrThrow();
    const arrived = new Date(Date.now() - daysAgo * DAY).toISOString();
    await db().updateTable('enrolment_times').set({ start_datetime: arrived }).where('participation_id', '=', pa.id).where('assignment_num', '=', pa.assignment_num).execute();
    return token;
  }

  async function answer(token: string, values: [number, number | string][]) {
    const now = new Date().toISOString();
    const answers = values.map(([question_pos, value]) => ({ question_pos, response_pos: 0, value }));
    const res = await send(t.app, {
      method: 'POST',
      url: `/api/app/studies/${study._id}/responses`,
      token,
      payload: { submissionId: `day-score-${(seq += 1)}`, taskId: null, questionnaireId: qx._id, startedAt: now, submittedAt: now, answers },
    });
    expect(res.statusCode).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    qx = await createQuestionnaire(t.app, manager, questions, { abbrev: 'WB', scores: [wellbeing, average] });
    // Stage 2, which can hold more than one group.
    study = await createStudy(t.app, manager, { stages: 2 });
    otherStudy = await createStudy(t.app, manager, { stages: 2 });
    stageId = study.stage_list[1]._id;
    groupId = study.stage_list[1].participant_group_list[0]._id;
    otherGroupId = await addGroup(t.app, manager, stageId);
    groupWithout = await addGroup(t.app, manager, stageId);
    await markActive(db(), study._id);
    await setGroupSettings(db(), groupId, { anytime: [qx._id] });
    await setGroupSettings(db(), otherGroupId, { anytime: [qx._id] });

    // Day 1: A answers twice (wellbeing 4 + 4 = 8 and 2 + 2 = 4: A's day mean 6; average 3 and 3), B once with
    // wellbeing 5 + 5 = 10 (average 3) and once with Q3 alone (no wellbeing; average 3).
    const a = await participant(0);
    await answer(a, [[0, 4], [1, 2]]);
    await answer(a, [[0, 2], [1, 4]]);
    const b = await participant(0);
    await answer(b, [[0, 5], [1, 1]]);
    await answer(b, [[2, '3']]);
    // C arrived a day ago: its answer now is on day 2 (wellbeing 1 + 1 = 2; average 3).
    const c = await participant(1);
    await answer(c, [[0, 1], [1, 5]]);
    // Another group of the stage answers too; it is not this group's.
    const elsewhere = await participant(0, otherGroupId);
    await answer(elsewhere, [[0, 5], [1, 1]]);
  });
  afterAll(async () => t.close());

  it("lists the group's scores and shows the first by default, per day, from hand-computed values", async () => {
    const res = await scores({ stageId, groupId });
    expect(res.statusCode).toBe(200);
    const body = json<ScoreProgressAnswer>(res);
    const choice = (name: string) => ({ questionnaireId: qx._id, abbrev: 'WB', chin_name: qx.chin_name, name });
    expect(body.choices).toEqual([choice('wellbeing'), choice('average')]);
    expect(body.chosen).toEqual(choice('wellbeing'));
    expect(body.days).toEqual([
      { day: 1, participants: 2, answers: 3, mean: 8, min: 6, max: 10 },
      { day: 2, participants: 1, answers: 1, mean: 2, min: 2, max: 2 },
    ]);
  });

  it('shows the chosen score, counting every answer that has it', async () => {
    const body = json<ScoreProgressAnswer>(await scores({ stageId, groupId, score: { questionnaireId: qx._id, name: 'average' } }));
    expect(body.chosen?.name).toBe('average');
    expect(body.days).toEqual([
      { day: 1, participants: 2, answers: 4, mean: 3, min: 3, max: 3 },
      { day: 2, participants: 1, answers: 1, mean: 3, min: 3, max: 3 },
    ]);
  });

  it("answers no choice and no days for a group whose questionnaires define no score", async () => {
    const plain = await createQuestionnaire(t.app, manager, questions, { abbrev: 'PL' });
    await setGroupSettings(db(), groupWithout, { anytime: [plain._id] });
    expect(json<ScoreProgressAnswer>(await scores({ stageId, groupId: groupWithout }))).toEqual({ choices: [], chosen: null, days: [] });
  });

  it("refuses a score the group's questionnaires do not define", async () => {
    const res = await scores({ stageId, groupId, score: { questionnaireId: qx._id, name: 'missing' } });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe(studyMessages.scoreNotFound);
  });

  it("refuses another lab's user, and a stage or group that is not the study's", async () => {
    const stranger = await scores({ stageId, groupId }, otherManager);
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe(studyMessages.studyNotFound);
    const otherStage = otherStudy.stage_list[1];
    expect(messageOf(await scores({ stageId: otherStage._id, groupId }))).toBe(studyMessages.stageNotFound);
    expect(messageOf(await scores({ stageId, groupId: otherStage.participant_group_list[0]._id }))).toBe(studyMessages.groupNotFound);
    expect((await scores({ stageId, groupId }, '')).statusCode).toBe(401);
  });

  it('refuses a malformed body with 400', async () => {
    for (const body of [{ stageId }, { stageId, groupId, score: { questionnaireId: qx._id } }, { stageId, groupId, score: { questionnaireId: qx._id, name: 'x'.repeat(21) } }, { stageId, groupId, score: 'wellbeing' }]) {
      expect([JSON.stringify(body), (await scores(body)).statusCode]).toEqual([JSON.stringify(body), 400]);
    }
  });
});
