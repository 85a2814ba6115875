import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import type { MultipleChoiceSet, Question, Questionnaire, ResponseItem } from '../../../src/shared/questionnaire/types';

const MISSING_ID = '000000000000000000000000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ChoiceBody = { name: string; value: string };
const YES_NO: ChoiceBody[] = [
  { name: 'Yes', value: '1' },
  { name: 'No', value: '0' },
];

let codes = 0;
const uniqueCode = () => `MC${(codes += 1)}-${Math.random().toString(36).slice(2, 7)}`;

function mcQuestion(id: string, num: string, setId: string, type: ResponseItem['type'] = 'mc'): Question {
  return { ...makeQuestion(id, 'unused'), question_num: num, other_info: [{ ...makeResponse(`${id}-r`, type), choices: setId }] };
}

// Sign-ins hash passwords: slow on a loaded machine.
jest.setTimeout(30_000);

describe.each(databases)('multiple-choice sets (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let manager: string;
  let otherManager: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner);
    const otherLab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, otherLab.managerEmail, otherLab.managerPassword);
  });
  afterAll(async () => t.close());

  async function createQx(token = manager): Promise<Questionnaire> {
    const res = await send(t.app, { method: 'POST', url: '/api/qx_list', token, payload: { chin_name: 'Sets', abbrev: uniqueCode() } });
    expect(res.statusCode).toBe(201);
    return json<Questionnaire>(res);
  }

  function post(questionnaireId: string, payload: Record<string, unknown>, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: `/api/qx_list/${questionnaireId}/mc`, token, payload });
  }

  async function createSet(questionnaireId: string, name = 'Yes/No', choices = YES_NO, token = manager): Promise<MultipleChoiceSet> {
    const res = await post(questionnaireId, { name, choices }, token);
    expect(res.statusCode).toBe(201);
    return json<{ set: MultipleChoiceSet }>(res).set;
  }

  function getSet(setId: string, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'GET', url: `/api/qx_list/mc/${setId}`, token });
  }

  function putSet(setId: string, payload: Record<string, unknown>, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'PUT', url: `/api/qx_list/mc/${setId}/edit`, token, payload });
  }

  function deleteSet(setId: string, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'DELETE', url: `/api/qx_list/mc/${setId}`, token });
  }

  async function setsOf(questionnaireId: string, token = manager): Promise<MultipleChoiceSet[]> {
    const res = await send(t.app, { method: 'GET', url: `/api/qx_list/${questionnaireId}/mc`, token });
    expect(res.statusCode).toBe(200);
    return json<{ sets: MultipleChoiceSet[] }>(res).sets;
  }

  async function saveContent(questionnaireId: string, content: Question[]): Promise<void> {
    const res = await send(t.app, { method: 'PUT', url: `/api/qx_list/${questionnaireId}/edit`, token: manager, payload: { chin_content: content } });
    expect(res.statusCode).toBe(200);
  }

  describe('POST /api/qx_list/{id}/mc', () => {
    it('creates a set with its choices in order, with the creation toast, and reads it back', async () => {
      const qx = await createQx();
      const res = await post(qx._id, {
        name: '  Mood  ',
        choices: [
          { name: ' Good ', value: ' 2 ' },
          { name: 'Fair', value: '1' },
          { name: 'Bad', value: '0' },
        ],
      });
      expect(res.statusCode).toBe(201);
      const body = json<{ message: string; set: MultipleChoiceSet }>(res);
      expect(body).toEqual({
        message: 'A new multiple choices set has been created',
        set: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'Mood',
          questionnaire: qx._id,
          choices: [
            { name: 'Good', value: '2', position: 0 },
            { name: 'Fair', value: '1', position: 1 },
            { name: 'Bad', value: '0', position: 2 },
          ],
        },
      });
      expect(json<MultipleChoiceSet>(await getSet(body.set._id))).toEqual(body.set);
    });

    it.each([
      ['a blank name', { name: '  ', choices: YES_NO }, 'Choice name and value cannot be empty'],
      ['a choice without a name', { name: 'Set', choices: [YES_NO[0], { name: ' ', value: '0' }] }, 'Choice name and value cannot be empty'],
      ['a choice without a value', { name: 'Set', choices: [YES_NO[0], { name: 'No', value: '' }] }, 'Choice name and value cannot be empty'],
      ['one choice', { name: 'Set', choices: [YES_NO[0]] }, 'There must be at least 2 choices'],
      ['no choices', { name: 'Set', choices: [] }, 'There must be at least 2 choices'],
      ['one empty choice', { name: 'Set', choices: [{ name: '', value: '' }] }, 'Choice name and value cannot be empty'],
    ])('refuses %s', async (_name, payload, message) => {
      const qx = await createQx();
      const res = await post(qx._id, payload);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(await setsOf(qx._id)).toEqual([]);
    });

    it('refuses a body without choices', async () => {
      const qx = await createQx();
      expect((await post(qx._id, { name: 'Set' })).statusCode).toBe(400);
      expect(await setsOf(qx._id)).toEqual([]);
    });

    it('answers 404 for an unknown questionnaire', async () => {
      const res = await post(MISSING_ID, { name: 'Set', choices: YES_NO });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.questionnaireNotFound);
    });
  });

  describe('GET /api/qx_list/{id}/mc', () => {
    it("answers the questionnaire's own sets in the order they were made", async () => {
      const qx = await createQx();
      expect(await setsOf(qx._id)).toEqual([]);
      const first = await createSet(qx._id, 'First');
      await sleep(3);
      const second = await createSet(qx._id, 'Second', [
        { name: 'A', value: 'a' },
        { name: 'B', value: 'b' },
      ]);
      const other = await createQx();
      await createSet(other._id, 'Elsewhere');
      expect(await setsOf(qx._id)).toEqual([first, second]);
    });
  });

  describe('GET /api/qx_list/mc/{setId}', () => {
    it('answers 404 for an unknown set', async () => {
      const res = await getSet(MISSING_ID);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe('Multiple choices set not found');
    });
  });

  describe('PUT /api/qx_list/mc/{setId}/edit', () => {
    it('replaces the name and choices, with the update toast', async () => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const res = await putSet(set._id, {
        name: 'Agree?',
        choices: [
          { name: 'Agree', value: 'y' },
          { name: 'Neutral', value: 'n' },
          { name: ' Disagree ', value: 'd' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const expected: MultipleChoiceSet = {
        _id: set._id,
        name: 'Agree?',
        questionnaire: qx._id,
        choices: [
          { name: 'Agree', value: 'y', position: 0 },
          { name: 'Neutral', value: 'n', position: 1 },
          { name: 'Disagree', value: 'd', position: 2 },
        ],
      };
      expect(json(res)).toEqual({ message: 'Multiple choices set has been updated', set: expected });
      expect(json<MultipleChoiceSet>(await getSet(set._id))).toEqual(expected);
      expect(await setsOf(qx._id)).toEqual([expected]);
    });

    it('refuses an incomplete set and keeps the saved one', async () => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const empty = await putSet(set._id, { name: 'Set', choices: [YES_NO[0], { name: 'No', value: ' ' }] });
      expect(empty.statusCode).toBe(400);
      expect(messageOf(empty)).toBe(questionnaireMessages.choiceEmpty);
      const few = await putSet(set._id, { name: 'Set', choices: [YES_NO[0]] });
      expect(few.statusCode).toBe(400);
      expect(messageOf(few)).toBe(questionnaireMessages.tooFewChoices);
      expect(json<MultipleChoiceSet>(await getSet(set._id))).toEqual(set);
    });

    it('answers 404 for an unknown set', async () => {
      const res = await putSet(MISSING_ID, { name: 'Set', choices: YES_NO });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.mcSetNotFound);
    });
  });

  describe('DELETE /api/qx_list/mc/{setId}', () => {
    it('removes a set no question uses, with the removal toast', async () => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const kept = await createSet(qx._id, 'Kept');
      const res = await deleteSet(set._id);
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe('Multiple choices set has been removed');
      expect((await getSet(set._id)).statusCode).toBe(404);
      expect(await setsOf(qx._id)).toEqual([kept]);
      expect((await deleteSet(set._id)).statusCode).toBe(404);
    });

    it('refuses with 409 naming the questions while a set is in use, and removes it once it is not', async () => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const other = await createSet(qx._id, 'Other');
      await saveContent(qx._id, [mcQuestion('a', '1a', set._id), mcQuestion('b', '2', other._id), mcQuestion('c', '3', set._id)]);
      const res = await deleteSet(set._id);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(`${questionnaireMessages.mcSetInUse}: 1a, 3`);
      expect(json<MultipleChoiceSet>(await getSet(set._id))).toEqual(set);

      // A text response that once named the set does not hold it: its choices are cleared on save.
      await saveContent(qx._id, [mcQuestion('a', '1a', set._id, 'text'), mcQuestion('b', '2', other._id)]);
      const removed = await deleteSet(set._id);
      expect(removed.statusCode).toBe(200);
      expect(messageOf(removed)).toBe(questionnaireMessages.mcSetRemoved);
      expect(await setsOf(qx._id)).toEqual([other]);
    });

    it('answers 404 for an unknown set', async () => {
      const res = await deleteSet(MISSING_ID);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.mcSetNotFound);
    });
  });

  describe('who may call', () => {
    type Call = { method: 'GET' | 'PUT' | 'DELETE'; url: (id: string) => string; payload?: Record<string, unknown> };
    const calls: Call[] = [
      { method: 'GET', url: (id) => `/api/qx_list/mc/${id}` },
      { method: 'PUT', url: (id) => `/api/qx_list/mc/${id}/edit`, payload: { name: 'Taken over', choices: [{ name: 'X', value: 'x' }, { name: 'Y', value: 'y' }] } },
      { method: 'DELETE', url: (id) => `/api/qx_list/mc/${id}` },
    ];

    it.each(calls.map((c) => [`${c.method} ${c.url('{setId}')}`, c] as const))("answers 404 for another lab's set: %s", async (_name, c) => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const res = await send(t.app, { method: c.method, url: c.url(set._id), token: otherManager, payload: c.payload });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.mcSetNotFound);
      expect(json<MultipleChoiceSet>(await getSet(set._id))).toEqual(set);
    });

    it("does not list or add to another lab's questionnaire", async () => {
      const qx = await createQx();
      await createSet(qx._id);
      for (const res of [
        await send(t.app, { method: 'GET', url: `/api/qx_list/${qx._id}/mc`, token: otherManager }),
        await post(qx._id, { name: 'Intruder', choices: YES_NO }, otherManager),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(messageOf(res)).toBe(questionnaireMessages.questionnaireNotFound);
      }
      expect((await setsOf(qx._id)).map((s) => s.name)).toEqual(['Yes/No']);
    });

    it('refuses the system owner with 403 on every set call', async () => {
      const qx = await createQx();
      const set = await createSet(qx._id);
      const all = [
        { method: 'GET' as const, url: `/api/qx_list/${qx._id}/mc` },
        { method: 'POST' as const, url: `/api/qx_list/${qx._id}/mc`, payload: { name: 'Owner', choices: YES_NO } },
        ...calls.map((c) => ({ method: c.method, url: c.url(set._id), payload: c.payload })),
      ];
      for (const c of all) {
        const res = await send(t.app, { ...c, token: owner });
        expect([c.method, c.url, res.statusCode]).toEqual([c.method, c.url, 403]);
        expect(messageOf(res)).toBe(authMessages.labUserOnly);
      }
      expect(await setsOf(qx._id)).toEqual([set]);
    });
  });
});
