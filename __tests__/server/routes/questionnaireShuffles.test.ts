// Shuffled choices and runs of questions (issue 34 part 4) through the API: saved with the questionnaire's edit
// (its rules answering 400 with the shared messages, its authorization), sent to the app as planned, and an
// answer's shown_order checked against the planned version, stored with it, and part of its idempotency only when sent.
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import { ANALYSIS_FILES } from '../../../src/shared/dataDownloads';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, ResponseItem, ShuffleRun } from '../../../src/shared/questionnaire/types';
import { shuffleMessages, type ShownOrder } from '../../../src/shared/questionnaire/shuffles';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import { authMessages, participantMessages } from '../../../src/shared/messages';
import type { AppQuestionnaire, AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

const MOODS = { name: 'Moods', choices: [{ name: 'Low', value: '1', position: 0 }, { name: 'Middle', value: '2', position: 1 }, { name: 'High', value: '3', position: 2 }] };

/** Q1 a text, Q2 a shuffled choice (Moods), Q3 to Q5 texts. */
function questions(setId: string | null): Question[] {
  const q = (n: number, r: ResponseItem): Question => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, other_info: [{ ...r, position: 0 }] });
  return [
    q(0, makeResponse('r0', 'text')),
    q(1, { ...makeResponse('r1', 'mc'), choices: setId, shuffle_choices: true }),
    q(2, makeResponse('r2', 'text')),
    q(3, makeResponse('r3', 'text')),
    q(4, makeResponse('r4', 'text')),
  ];
}

const RUN: ShuffleRun = { from_pos: 1, to_pos: 3 };

describe.each(databases)('shuffled questions and choices (%s)', (database) => {
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

  function save(qx: Questionnaire, body: { chin_content?: Question[]; shuffle_runs?: unknown }, token: string | undefined = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token, payload: { chin_content: qx.chin_content, ...body } as Record<string, unknown> });
  }

  async function read(qx: Questionnaire): Promise<Questionnaire> {
    return json<Questionnaire>(await send(t.app, { method: 'GET', url: `/api/qx_list/${qx._id}`, token: manager }));
  }

  const make = (abbrev?: string) => createQuestionnaire(t.app, manager, questions, { mcSet: MOODS, abbrev });

  describe('saving with the edit', () => {
    it('saves the runs and the choice flag; a save without runs keeps them; a questionnaire saved before has none', async () => {
      const qx = await make();
      expect(qx.shuffle_runs).toEqual([]);
      expect(qx.chin_content[1].other_info[0].shuffle_choices).toBe(true);
      expect(qx.chin_content[0].other_info[0].shuffle_choices).toBeUndefined();
      const res = await save(qx, { shuffle_runs: [RUN] });
      expect(res.statusCode).toBe(200);
      expect(json<Questionnaire>(res).shuffle_runs).toEqual([RUN]);
      expect((await read(qx)).shuffle_runs).toEqual([RUN]);
      expect((await save(qx, {})).statusCode).toBe(200);
      expect((await read(qx)).shuffle_runs).toEqual([RUN]);
    });

    const withCondition = (qs: Question[]): Question[] =>
      qs.map((q, i) => (i === 3 ? { ...q, dependency: [{ or: [{ dependent_qpos: 2, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'yes' }] }] } : q));
    const withIdentical = (qs: Question[]): Question[] =>
      qs.map((q, i) => (i === 3 ? { ...q, other_info: [{ ...q.other_info[0], validation: { ...q.other_info[0].validation, identical_to_prev_question: true } }] } : q));
    const twoShuffled = (qs: Question[]): Question[] => qs.map((q, i) => (i === 1 ? { ...q, other_info: [q.other_info[0], { ...q.other_info[0], _id: 'r1b', position: 1 }] } : q));
    const refusals: [string, ShuffleRun[], ((qs: Question[]) => Question[]) | null, string][] = [
      ['a run of one question', [{ from_pos: 2, to_pos: 2 }], null, shuffleMessages.runTooShort],
      ['a run ending before it starts', [{ from_pos: 3, to_pos: 1 }], null, shuffleMessages.runTooShort],
      ['a run past the last question', [{ from_pos: 3, to_pos: 5 }], null, shuffleMessages.runOutside],
      ['overlapping runs', [RUN, { from_pos: 3, to_pos: 4 }], null, shuffleMessages.runsOverlap],
      ['a condition on a question of the same run', [RUN], withCondition, shuffleMessages.conditionInRun],
      ["'identical to the previous question' inside a run", [RUN], withIdentical, shuffleMessages.identicalInRun],
      ['two shuffled choice responses in one question', [], twoShuffled, shuffleMessages.choicesTwice],
    ];
    it.each(refusals)('refuses %s with 400 and the shared message, saving nothing', async (_name, runs, change, message) => {
      const qx = await make();
      const res = await save(qx, { shuffle_runs: runs, ...(change ? { chin_content: change(qx.chin_content) } : {}) });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await read(qx)).toEqual(qx);
    });

    it('allows a condition on a question before the run, and runs side by side', async () => {
      const qx = await make();
      const content = qx.chin_content.map((q, i) => (i === 2 ? { ...q, dependency: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is' as const, criterion_value: 'yes' }] }] } : q));
      expect((await save(qx, { chin_content: content, shuffle_runs: [{ from_pos: 1, to_pos: 2 }, { from_pos: 3, to_pos: 4 }] })).statusCode).toBe(200);
      expect((await read(qx)).shuffle_runs).toEqual([{ from_pos: 1, to_pos: 2 }, { from_pos: 3, to_pos: 4 }]);
      const conditionInside = await save(qx, { chin_content: content, shuffle_runs: [{ from_pos: 0, to_pos: 2 }] });
      expect(messageOf(conditionInside)).toBe(shuffleMessages.conditionInRun);
    });

    it('refuses runs of the wrong shape with 400', async () => {
      const qx = await make();
      for (const bad of [[{ from_pos: 'a', to_pos: 2 }], [{ from_pos: 1 }], [{ from_pos: -1, to_pos: 2 }], 'none']) {
        expect((await save(qx, { shuffle_runs: bad })).statusCode).toBe(400);
      }
      expect((await read(qx)).shuffle_runs).toEqual([]);
    });

    it("another lab 404, the system owner 403, a participant's token and no token 401; nothing saved", async () => {
      const qx = await make();
      const otherLab = await save(qx, { shuffle_runs: [RUN] }, otherManager);
      expect([otherLab.statusCode, messageOf(otherLab)]).toEqual([404, questionnaireMessages.questionnaireNotFound]);
      const asOwner = await save(qx, { shuffle_runs: [RUN] }, owner);
      expect([asOwner.statusCode, messageOf(asOwner)]).toEqual([403, authMessages.labUserOnly]);
      const study = await createStudy(t.app, manager, { active: true });
      const participant = await createParticipant(t.app, manager, study._id);
      const asParticipant = await save(qx, { shuffle_runs: [RUN] }, (await appLogin(t.app, participant.email)).token);
      expect([asParticipant.statusCode, messageOf(asParticipant)]).toEqual([401, participantMessages.wrongTokenKind]);
      const none = await send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, payload: { chin_content: qx.chin_content, shuffle_runs: [RUN] } });
      expect(none.statusCode).toBe(401);
      expect((await read(qx)).shuffle_runs).toEqual([]);
    });
  });

  describe('answers', () => {
    let qx: Questionnaire;
    let study: Study;
    let token: string;
    let stageId: string;
    let groupId: string;
    let seq = 0;

    beforeAll(async () => {
      qx = await make('SH');
      expect((await save(qx, { shuffle_runs: [RUN] })).statusCode).toBe(200);
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
    function answer(shownOrder: ShownOrder | undefined, submissionId = `shuffle-${(seq += 1)}`) {
      const answers = [{ question_pos: 1, response_pos: 0, value: ['2'] }];
      const payload = { submissionId, taskId: null, questionnaireId: qx._id, startedAt: now, submittedAt: now, answers, ...(shownOrder ? { shown_order: shownOrder } : {}) };
      return send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/responses`, token, payload });
    }
    const stored = (id: string) => t.app.ctx.db.selectFrom('submissions').select('shown_order').where('id', '=', id).executeTakeFirstOrThrow();
    const ORDER: ShownOrder = { questions: [0, 3, 1, 2, 4], choices: { '1': ['3', '1', '2'] } };

    it('the app gets the runs and the choice flag of the planned version', async () => {
      const res = await send(t.app, { method: 'GET', url: `/api/app/questionnaires/${qx._id}`, token });
      expect(res.statusCode).toBe(200);
      const planned = json<AppQuestionnaire>(res);
      expect(planned.shuffle_runs).toEqual([RUN]);
      expect(planned.chin_content[1].other_info[0].shuffle_choices).toBe(true);
    });

    it('stores the order shown; a retry with the same order answers 200 with the same _id, another order 422', async () => {
      const first = await answer(ORDER, 'shuffle-retry');
      expect(first.statusCode).toBe(201);
      const { _id } = json<{ _id: string }>(first);
      expect(JSON.parse((await stored(_id)).shown_order ?? 'null')).toEqual(ORDER);
      // The same order with its parts and choices written in another key order is the same content.
      const same = await answer({ choices: { '1': ['3', '1', '2'] }, questions: [0, 3, 1, 2, 4] }, 'shuffle-retry');
      expect([same.statusCode, json<{ _id: string }>(same)._id]).toEqual([200, _id]);
      for (const other of [{ ...ORDER, questions: [0, 1, 2, 3, 4] }, { ...ORDER, choices: { '1': ['1', '2', '3'] } }, undefined]) {
        const res = await answer(other, 'shuffle-retry');
        expect([res.statusCode, messageOf(res)]).toEqual([422, participantMessages.submissionReused]);
      }
    });

    it('an answer without an order is stored with none, and its retry with an order is other content', async () => {
      const first = await answer(undefined, 'shuffle-none');
      expect(first.statusCode).toBe(201);
      expect((await stored(json<{ _id: string }>(first)._id)).shown_order).toBeNull();
      expect((await answer(undefined, 'shuffle-none')).statusCode).toBe(200);
      expect((await answer(ORDER, 'shuffle-none')).statusCode).toBe(422);
    });

    const refused: [string, ShownOrder, string][] = [
      ['a question twice', { questions: [0, 1, 1, 2, 4] }, shuffleMessages.shownQuestions],
      ['a question moved out of its run', { questions: [4, 1, 2, 3, 0] }, shuffleMessages.shownQuestions],
      ['a question missing', { questions: [0, 2, 1, 3] }, shuffleMessages.shownQuestions],
      ['a choice missing', { choices: { '1': ['3', '1'] } }, shuffleMessages.shownChoices],
      ['a choice the set does not have', { choices: { '1': ['3', '1', '4'] } }, shuffleMessages.shownChoices],
      ['choices of a question that does not shuffle them', { choices: { '0': [] } }, shuffleMessages.shownChoices],
      ['choices of a question that does not exist', { choices: { '9': ['1', '2', '3'] } }, shuffleMessages.shownChoices],
    ];
    it.each(refused)('refuses an order with %s: 400 and the shared message, nothing stored', async (_name, order, message) => {
      const submissionId = `shuffle-bad-${(seq += 1)}`;
      const res = await answer(order, submissionId);
      expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
      const kept = await t.app.ctx.db.selectFrom('submissions').select('id').where('client_submission_id', '=', submissionId).execute();
      expect(kept).toEqual([]);
    });

    it('refuses an order of the wrong shape with 400', async () => {
      for (const bad of [{ questions: ['a'] }, { questions: [-1] }, { choices: { '1': [{ value: '1' }] } }, { choices: [] }, 'none']) {
        expect((await answer(bad as unknown as ShownOrder)).statusCode).toBe(400);
      }
    });

    it('the analysis export has the order each answer was shown in, empty for an answer that reported none', async () => {
      await answer(ORDER, 'shuffle-export');
      const res = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: { stageId, groupId } });
      expect(res.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const table = (name: string) => parse(strFromU8(files[name]).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      const rows = table(ANALYSIS_FILES.tasks);
      expect(Object.keys(rows[0]).slice(-2)).toEqual(['SH_order_questions', 'SH_Q2_order']);
      const orders = rows.map((r) => [r.SH_order_questions, r.SH_Q2_order]);
      expect(orders).toContainEqual(['1;4;2;3;5', '3;1;2']);
      expect(orders).toContainEqual(['', '']);
      const codebook = table(ANALYSIS_FILES.codebook).find((c) => c.column === 'SH_Q2_order');
      expect(codebook).toMatchObject({ question_number: '2', response_type: 'order', unit: 'choice values separated by ;' });
    });
  });
});
