// Scores of a questionnaire (issue 34 part 2) through the API: saved with the questionnaire's edit (its rules
// answering 400 with the shared messages, its authorization), computed when an answer is stored and answered in
// its 201, scored against the version the task was planned with, and exported as columns.
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, ResponseItem, Score } from '../../../src/shared/questionnaire/types';
import { scoreMessages } from '../../../src/shared/questionnaire/scores';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import { authMessages, participantMessages } from '../../../src/shared/messages';
import { ANALYSIS_FILES } from '../../../src/shared/dataDownloads';
import type { AppTasksAnswer, ResponseAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

/** Q1 and Q2 sliders 1-5, Q3 a numbers-only text, Q4 a free text. */
function questions(): Question[] {
  const q = (n: number, r: ResponseItem): Question => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, other_info: [{ ...r, position: 0 }] });
  return [
    q(0, { ...makeResponse('r0', 'slider'), min: 1, max: 5 }),
    q(1, { ...makeResponse('r1', 'slider'), min: 1, max: 5 }),
    q(2, { ...makeResponse('r2', 'text'), number_only: true }),
    q(3, makeResponse('r3', 'text')),
  ];
}

const item = (question_pos: number, reverse = false) => ({ question_pos, response_pos: 0, reverse });
const wellbeing: Score = { name: 'wellbeing', method: 'sum', items: [item(0), item(1, true)], min_answered: 2 };
const average: Score = { name: 'average', method: 'mean', items: [item(0), item(1), item(2)], min_answered: 1 };

describe.each(databases)('questionnaire scores (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let otherManager: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
  });
  afterAll(async () => t.close());

  function save(qx: Questionnaire, scores: unknown, token: string | undefined = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token, payload: { chin_content: qx.chin_content, scores } as Record<string, unknown> });
  }

  async function read(qx: Questionnaire): Promise<Questionnaire> {
    return json<Questionnaire>(await send(t.app, { method: 'GET', url: `/api/qx_list/${qx._id}`, token: manager }));
  }

  describe('saving with the edit', () => {
    it('saves the scores (names trimmed); a save without scores keeps them', async () => {
      const qx = await createQuestionnaire(t.app, manager, questions);
      expect(qx.scores).toEqual([]);
      const res = await save(qx, [{ ...wellbeing, name: '  wellbeing ' }, average]);
      expect(res.statusCode).toBe(200);
      expect(json<Questionnaire>(res).scores).toEqual([wellbeing, average]);
      expect((await read(qx)).scores).toEqual([wellbeing, average]);
      const without = await send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token: manager, payload: { chin_content: qx.chin_content } });
      expect(without.statusCode).toBe(200);
      expect((await read(qx)).scores).toEqual([wellbeing, average]);
    });

    const refusals: [string, Partial<Score>[], string][] = [
      ['a name not usable as a column', [{ name: 'well being' }], scoreMessages.nameForm],
      ['two scores of one name', [{}, { name: 'WELLBEING' }], scoreMessages.nameTaken],
      ['no items', [{ items: [] }], scoreMessages.noItems],
      ['an item twice', [{ items: [item(0), item(0)] }], scoreMessages.itemTwice],
      ['a free-text item', [{ items: [item(3)] }], scoreMessages.itemNotNumeric],
      ['an item that does not exist', [{ items: [item(7)] }], scoreMessages.itemNotNumeric],
      ['reverse without a minimum and maximum', [{ items: [item(2, true)], min_answered: 1 }], scoreMessages.reverseUnknown],
      ['min_answered above the item count', [{ min_answered: 3 }], scoreMessages.minAnswered],
      ['min_answered 0', [{ min_answered: 0 }], scoreMessages.minAnswered],
    ];
    it.each(refusals)('refuses %s with 400 and the shared message, saving nothing', async (_name, changes, message) => {
      const qx = await createQuestionnaire(t.app, manager, questions);
      const res = await save(qx, changes.map((c) => ({ ...wellbeing, ...c })));
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect((await read(qx)).scores).toEqual([]);
    });

    it('refuses a score of the wrong shape with 400', async () => {
      const qx = await createQuestionnaire(t.app, manager, questions);
      for (const bad of [[{ ...wellbeing, method: 'median' }], [{ name: 'x' }], 'none']) {
        expect((await save(qx, bad)).statusCode).toBe(400);
      }
      expect((await read(qx)).scores).toEqual([]);
    });

    it('refuses a question change that leaves a saved score without its item', async () => {
      const qx = await createQuestionnaire(t.app, manager, questions);
      expect((await save(qx, [wellbeing])).statusCode).toBe(200);
      const res = await send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token: manager, payload: { chin_content: qx.chin_content.slice(0, 1) } });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(scoreMessages.itemNotNumeric);
    });

    it("another lab 404, the system owner 403, a participant's token and no token 401; nothing saved", async () => {
      const qx = await createQuestionnaire(t.app, manager, questions);
      const otherLab = await save(qx, [wellbeing], otherManager);
      expect([otherLab.statusCode, messageOf(otherLab)]).toEqual([404, questionnaireMessages.questionnaireNotFound]);
      const asOwner = await save(qx, [wellbeing], owner);
      expect([asOwner.statusCode, messageOf(asOwner)]).toEqual([403, authMessages.labUserOnly]);
      const study = await createStudy(t.app, manager, { active: true });
      const participant = await createParticipant(t.app, manager, study._id);
      const asParticipant = await save(qx, [wellbeing], (await appLogin(t.app, participant.email)).token);
      expect([asParticipant.statusCode, messageOf(asParticipant)]).toEqual([401, participantMessages.wrongTokenKind]);
      const none = await send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, payload: { chin_content: qx.chin_content, scores: [wellbeing] } });
      expect(none.statusCode).toBe(401);
      expect((await read(qx)).scores).toEqual([]);
    });
  });

  describe('answers', () => {
    let qx: Questionnaire;
    let study: Study;
    let stageId: string;
    let groupId: string;
    let token: string;
    let seq = 0;

    beforeAll(async () => {
      qx = await createQuestionnaire(t.app, manager, questions, { abbrev: 'WB', scores: [wellbeing, average] });
      study = await createStudy(t.app, manager, { active: true });
      stageId = study.stage_list[0]._id;
      groupId = study.stage_list[0].participant_group_list[0]._id;
      await setGroupSettings(t.app.ctx.db, groupId, { anytime: [qx._id] });
      const p = await createParticipant(t.app, manager, study._id);
      token = (await appLogin(t.app, p.email)).token;
      // The plan is made now, with the questionnaire's version of this moment.
      json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token }));
    });

    const now = new Date().toISOString();
    function answer(values: [number, number | string][], submissionId = `score-${(seq += 1)}`, as = token) {
      const answers = values.map(([question_pos, value]) => ({ question_pos, response_pos: 0, value }));
      return send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/responses`, token: as, payload: { submissionId, taskId: null, questionnaireId: qx._id, startedAt: now, submittedAt: now, answers } });
    }

    it('answers its scores in the 201, and the same in the 200 of a retry', async () => {
      // wellbeing: 4 + (5 + 1 - 2) = 8; average: (4 + 2 + 3) / 3 = 3
      const first = await answer([[0, 4], [1, 2], [2, '3']], 'score-retry');
      expect(first.statusCode).toBe(201);
      expect(json<ResponseAnswer>(first)).toEqual({ _id: expect.any(String), scores: { wellbeing: 8, average: 3 } });
      const again = await answer([[0, 4], [1, 2], [2, '3']], 'score-retry');
      expect(again.statusCode).toBe(200);
      expect(json<ResponseAnswer>(again)).toEqual(json<ResponseAnswer>(first));
    });

    it('answers null for a score with fewer than min_answered items answered', async () => {
      // wellbeing needs 2 of its 2 items; average: 2.5 alone
      const res = await answer([[2, '2.5']]);
      expect(res.statusCode).toBe(201);
      expect(json<ResponseAnswer>(res).scores).toEqual({ wellbeing: null, average: 2.5 });
    });

    it('scores against the version the task was planned with, not the questionnaire as edited since', async () => {
      expect((await save(await read(qx), [{ ...average, name: 'renamed' }])).statusCode).toBe(200);
      const res = await answer([[0, 5], [1, 5]]);
      expect(json<ResponseAnswer>(res).scores).toEqual({ wellbeing: 6, average: 5 });
      // A participant planned now gets the edited version.
      const p = await createParticipant(t.app, manager, study._id);
      const newcomer = (await appLogin(t.app, p.email)).token;
      await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: newcomer });
      const theirs = await answer([[0, 5], [1, 5]], undefined, newcomer);
      expect(json<ResponseAnswer>(theirs).scores).toEqual({ renamed: 5 });
    });

    it('the analysis export has a column per score, the codebook says how each is computed', async () => {
      const res = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: { stageId, groupId } });
      expect(res.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const table = (name: string) => parse(strFromU8(files[name]).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      const rows = table(ANALYSIS_FILES.tasks);
      const header = Object.keys(rows[0]);
      expect(header.slice(-3)).toEqual(['WB_score_renamed', 'WB_score_wellbeing', 'WB_score_average']);
      const scored = rows.map((r) => [r.WB_score_wellbeing, r.WB_score_average, r.WB_score_renamed]);
      expect(scored).toEqual(expect.arrayContaining([['8', '3', ''], ['', '2.5', ''], ['6', '5', ''], ['', '', '5']]));
      const codebook = table(ANALYSIS_FILES.codebook).find((c) => c.column === 'WB_score_wellbeing');
      expect(codebook).toMatchObject({
        response_type: 'score',
        unit: 'sum',
        description: 'Sum of 1 response 1, 2 response 1 reversed (5 + 1 - value); empty when fewer than 2 of 2 items are answered',
      });
    });
  });
});
