import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { authMessages } from '../../../src/shared/messages';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import type {
  DependencyCondition,
  MultipleChoiceSet,
  Question,
  Questionnaire,
  QuestionnaireListAnswer,
  ResponseItem,
  ResponseType,
} from '../../../src/shared/questionnaire/types';
import type { LabUser } from '../../../src/shared/types/identity';

const MISSING_ID = '000000000000000000000000';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let codes = 0;
const uniqueCode = (prefix = 'QX') => `${prefix}${(codes += 1)}-${Math.random().toString(36).slice(2, 7)}`;

function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

function question(id: string, num: string, responses: ResponseItem[], changes: Partial<Question> = {}): Question {
  return { ...makeQuestion(id, 'unused'), question_num: num, ...changes, other_info: responses.map((r, position) => ({ ...r, position })) };
}

function cond(qpos: number, rpos: number, op: DependencyCondition['criterion_operator'], value: string): DependencyCondition {
  return { dependent_qpos: qpos, dependent_response_pos: rpos, criterion_operator: op, criterion_value: value };
}

const earlierCheck = (qpos: number | null, rpos: number | null): ResponseItem['validation'] => ({
  required: true,
  regex_string: '',
  identical_to_prev_question: false,
  earlier: { target_qpos: qpos, target_rpos: rpos },
});

// Sign-ins hash passwords: slow on a loaded machine.
jest.setTimeout(30_000);

describe.each(databases)('questionnaires (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let otherLab: SeededLab;
  let manager: string;
  let otherManager: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner);
    otherLab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, otherLab.managerEmail, otherLab.managerPassword);
  });
  afterAll(async () => t.close());

  function create(payload: Record<string, unknown>, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: '/api/qx_list', token, payload });
  }

  async function createQx(token = manager, name = 'Mood diary', code = uniqueCode()): Promise<Questionnaire> {
    const res = await create({ chin_name: name, abbrev: code }, token);
    expect(res.statusCode).toBe(201);
    return json<Questionnaire>(res);
  }

  function read(id: string, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'GET', url: `/api/qx_list/${id}`, token });
  }

  async function readQx(id: string, token = manager): Promise<Questionnaire> {
    const res = await read(id, token);
    expect(res.statusCode).toBe(200);
    return json<Questionnaire>(res);
  }

  function save(id: string, payload: Record<string, unknown>, token = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'PUT', url: `/api/qx_list/${id}/edit`, token, payload });
  }

  async function list(token = manager, page?: number): Promise<QuestionnaireListAnswer> {
    const res = await send(t.app, { method: 'GET', url: page === undefined ? '/api/qx_list' : `/api/qx_list?pageNumber=${page}`, token });
    expect(res.statusCode).toBe(200);
    return json<QuestionnaireListAnswer>(res);
  }

  async function createSet(questionnaireId: string, name = 'Yes/No', token = manager): Promise<MultipleChoiceSet> {
    const res = await send(t.app, {
      method: 'POST',
      url: `/api/qx_list/${questionnaireId}/mc`,
      token,
      payload: { name, choices: [{ name: 'Yes', value: '1' }, { name: 'No', value: '0' }] },
    });
    expect(res.statusCode).toBe(201);
    return json<{ set: MultipleChoiceSet }>(res).set;
  }

  /** A lab user of the lab, registered by its manager, signed in. */
  async function labMember(labManager = manager): Promise<{ user: LabUser; token: string }> {
    const email = uniqueEmail('editor');
    const res = await send(t.app, { method: 'POST', url: '/api/users/lm/register', token: labManager, payload: { email, password: USER_PASSWORD } });
    expect(res.statusCode).toBe(201);
    return { user: json<{ user: LabUser }>(res).user, token: await labUserToken(t.app, email, USER_PASSWORD) };
  }

  /** A questionnaire using every reference kind: a condition on a text and on an mc item, and an earlier-than check. */
  function fullContent(setId: string): Question[] {
    return [
      question('q-a', '1', [response('r-a', 'text', { pre_label: 'I feel', number_only: true })], { html_question: '<p>How many?</p>' }),
      question('q-b', '2', [response('r-b', 'mc', { choices: setId, multiple: true })], { dependency: [{ or: [cond(0, 0, 'greater', '3')] }] }),
      question('q-c', '', [response('r-c', 'instruction')]),
      question('q-d', '3', [response('r-d', 'time', { picker_format: 'DD MM YYYY' })]),
      question('q-e', '4', [response('r-e', 'time', { validation: earlierCheck(3, 0) })], {
        dependency: [{ or: [cond(1, 0, 'is selected', '1'), cond(0, 0, 'equal', '0')] }, { or: [cond(0, 0, 'less', '9')] }],
        guide: true,
        html_guide: '<p>Use the picker</p>',
      }),
    ];
  }

  describe('POST /api/qx_list', () => {
    it('creates a questionnaire with no questions, edited by its creator, and reads it back', async () => {
      const code = uniqueCode();
      const res = await create({ chin_name: '  Sleep  ', abbrev: ` ${code} ` });
      expect(res.statusCode).toBe(201);
      const created = json<Questionnaire>(res);
      expect(created).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        chin_name: 'Sleep',
        abbrev: code,
        createdAt: expect.stringMatching(ISO),
        user: { _id: lab.managerId, email: lab.managerEmail },
        chin_content: [],
        scores: [],
        shuffle_runs: [],
      });
      expect(await readQx(created._id)).toEqual(created);
    });

    it.each([
      ['no name', { abbrev: 'CODE-X' }],
      ['no code', { chin_name: 'Name' }],
      ['a blank name', { chin_name: '   ', abbrev: 'CODE-X' }],
      ['a blank code', { chin_name: 'Name', abbrev: '  ' }],
      ['nothing', {}],
    ])('refuses %s with the creation message', async (_name, payload) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('Questionnaire name and code are required');
    });

    it('refuses a code already used in the lab with 409, and allows it in another lab', async () => {
      const code = uniqueCode('DUP');
      await createQx(manager, 'First', code);
      const again = await create({ chin_name: 'Second', abbrev: ` ${code} ` });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(questionnaireMessages.codeTaken);
      const elsewhere = await create({ chin_name: 'Second', abbrev: code }, otherManager);
      expect(elsewhere.statusCode).toBe(201);
      expect((await list()).qx_list.filter((q) => q.abbrev === code)).toHaveLength(1);
    });
  });

  describe('GET /api/qx_list', () => {
    it('answers pages of 10 summaries, newest first, without their questions', async () => {
      const fresh = await seedLab(t.app, owner);
      const token = await labUserToken(t.app, fresh.managerEmail, fresh.managerPassword);
      expect(await list(token)).toEqual({ qx_list: [], pages: 1, page: 1 });
      const made: Questionnaire[] = [];
      for (let i = 1; i <= 12; i += 1) {
        made.push(await createQx(token, `Questionnaire ${i}`, `P${i}`));
        await sleep(3);
      }
      const newestFirst = [...made].reverse();
      const first = await list(token, 1);
      expect(first.pages).toBe(2);
      expect(first.page).toBe(1);
      expect(first.qx_list.map((q) => q.abbrev)).toEqual(newestFirst.slice(0, 10).map((q) => q.abbrev));
      expect(first.qx_list[0]).toEqual({
        _id: made[11]._id,
        chin_name: 'Questionnaire 12',
        abbrev: 'P12',
        createdAt: made[11].createdAt,
        user: { _id: fresh.managerId, email: fresh.managerEmail },
      });
      const second = await list(token, 2);
      expect({ ...second, qx_list: second.qx_list.map((q) => q.abbrev) }).toEqual({ qx_list: ['P2', 'P1'], pages: 2, page: 2 });
      expect((await list(token, 3)).qx_list).toEqual([]);
      expect(await list(token)).toEqual(first);
    });

    it('refuses a page number below 1', async () => {
      const res = await send(t.app, { method: 'GET', url: '/api/qx_list?pageNumber=0', token: manager });
      expect(res.statusCode).toBe(400);
    });

    it("lists only the caller's lab", async () => {
      const mine = await createQx(manager);
      const theirs = await createQx(otherManager);
      const ids = (await list(manager)).qx_list.map((q) => q._id);
      expect(ids).toContain(mine._id);
      expect(ids).not.toContain(theirs._id);
    });
  });

  describe('LAST EDITED BY', () => {
    it('follows the lab user who saved last', async () => {
      const qx = await createQx(manager);
      const member = await labMember();
      const inList = async () => (await list()).qx_list.find((q) => q._id === qx._id)?.user;

      expect(await inList()).toEqual({ _id: lab.managerId, email: lab.managerEmail });
      const byMember = await save(qx._id, { chin_content: [] }, member.token);
      expect(byMember.statusCode).toBe(200);
      expect(json<Questionnaire>(byMember).user).toEqual({ _id: member.user._id, email: member.user.email });
      expect(await inList()).toEqual({ _id: member.user._id, email: member.user.email });
      expect((await readQx(qx._id)).user?.email).toBe(member.user.email);

      expect((await save(qx._id, { chin_content: [] }, manager)).statusCode).toBe(200);
      expect(await inList()).toEqual({ _id: lab.managerId, email: lab.managerEmail });
      expect((await readQx(qx._id, member.token)).user?.email).toBe(lab.managerEmail);
    });

    it('is not changed by a refused save', async () => {
      const qx = await createQx(manager);
      const member = await labMember();
      const refused = await save(qx._id, { chin_content: [question('q', '', [response('r', 'text')])] }, member.token);
      expect(refused.statusCode).toBe(400);
      expect((await readQx(qx._id)).user?.email).toBe(lab.managerEmail);
    });
  });

  describe('GET /api/qx_list/{id}', () => {
    it('answers 404 for an unknown questionnaire', async () => {
      const res = await read(MISSING_ID);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe('Questionnaire not found');
    });
  });

  describe('PUT /api/qx_list/{id}/edit', () => {
    it('saves the whole questionnaire and answers it as read back', async () => {
      const qx = await createQx(manager);
      const set = await createSet(qx._id);
      const content = fullContent(set._id).map((q) => ({ ...q, position: 9 }));
      const newCode = uniqueCode('RENAMED');
      const res = await save(qx._id, { chin_name: 'Renamed', abbrev: newCode, chin_content: content });
      expect(res.statusCode).toBe(200);
      const saved = json<Questionnaire>(res);
      expect(saved).toEqual(await readQx(qx._id));
      expect(saved).toMatchObject({ _id: qx._id, chin_name: 'Renamed', abbrev: newCode, createdAt: qx.createdAt });
      // Positions are the indexes; everything else comes back as sent.
      expect(saved.chin_content).toEqual(fullContent(set._id).map((q, i) => ({ ...q, position: i })));
      expect((await list()).qx_list.find((q) => q._id === qx._id)).toMatchObject({ chin_name: 'Renamed', abbrev: newCode });
    });

    it('fills response settings left out with the editor defaults', async () => {
      const qx = await createQx(manager);
      const res = await save(qx._id, { chin_content: [{ _id: 'q1', question_num: '1', other_info: [{ _id: 'r1', type: 'text' }] }] });
      expect(res.statusCode).toBe(200);
      const [saved] = json<Questionnaire>(res).chin_content;
      expect(saved).toEqual(question('q1', '1', [response('r1', 'text')]));
    });

    it('answers each save problem in the order of the specification', async () => {
      const qx = await createQx(manager);
      const set = await createSet(qx._id);
      let content: Question[] = [
        question('q1', '1', [response('r1', 'time', { validation: earlierCheck(null, null) })]),
        question('q2', '2', [response('r2', 'slider', { min: 5, max: 5 })]),
        question('q3', '3', [response('r3', 'mc', { choices: null })]),
        question('q4', ' ', [response('r4', 'text')]),
        question('q5', '', [response('r5', 'instruction'), response('r6', 'media')]),
        question('q6', '6', [response('r7', 'time')]),
      ];
      const steps: [string, (qs: Question[]) => Question[]][] = [
        ['Question number cannot be empty', (qs) => qs.map((q) => (q._id === 'q4' ? { ...q, question_num: '4' } : q))],
        [
          'Please specifiy multiple choices set for multiple choice type question',
          (qs) => qs.map((q) => (q._id === 'q3' ? question('q3', '3', [response('r3', 'mc', { choices: set._id })]) : q)),
        ],
        [
          'Slider maximum value must be larger than minimum value',
          (qs) => qs.map((q) => (q._id === 'q2' ? question('q2', '2', [response('r2', 'slider', { min: 5, max: 6 })]) : q)),
        ],
        [
          'Select a question in submission requirement',
          (qs) => qs.map((q) => (q._id === 'q1' ? question('q1', '1', [response('r1', 'time', { validation: earlierCheck(5, null) })]) : q)),
        ],
        [
          'Select a response in submission requirement',
          (qs) => qs.map((q) => (q._id === 'q1' ? question('q1', '1', [response('r1', 'time', { validation: earlierCheck(5, 0) })]) : q)),
        ],
      ];
      for (const [message, fix] of steps) {
        const res = await save(qx._id, { chin_content: content });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(message);
        expect((await readQx(qx._id)).chin_content).toEqual([]);
        content = fix(content);
      }
      const ok = await save(qx._id, { chin_content: content });
      expect(ok.statusCode).toBe(200);
      expect(json<Questionnaire>(ok).chin_content.map((q) => q._id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    });

    it('refuses a questionnaire without a name or code', async () => {
      const qx = await createQx(manager);
      for (const payload of [{ chin_name: ' ' }, { abbrev: '' }]) {
        const res = await save(qx._id, { ...payload, chin_content: [] });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe(questionnaireMessages.nameAndCodeRequired);
      }
      expect(await readQx(qx._id)).toEqual(qx);
    });

    it('refuses a body without questions', async () => {
      const qx = await createQx(manager);
      const res = await save(qx._id, { chin_name: 'No questions' });
      expect(res.statusCode).toBe(400);
      expect((await readQx(qx._id)).chin_name).toBe(qx.chin_name);
    });

    it.each([
      ['a missing question', cond(7, 0, 'is', 'x')],
      ['a missing response', cond(0, 3, 'is', 'x')],
      ['its own question', cond(1, 0, 'is', 'x')],
      ['a time response', cond(2, 0, 'is', 'x')],
      ['an operator that does not fit the response', cond(0, 0, 'greater', '1')],
    ])('refuses a condition on %s and keeps what was saved', async (_name, c) => {
      const qx = await createQx(manager);
      const valid = [question('a', '1', [response('ra', 'text')]), question('b', '2', [response('rb', 'text')]), question('c', '3', [response('rc', 'time')])];
      expect((await save(qx._id, { chin_content: valid })).statusCode).toBe(200);
      const res = await save(qx._id, { chin_content: valid.map((q, i) => (i === 1 ? { ...q, dependency: [{ or: [c] }] } : q)) });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('A visibility condition points at a question or response that does not exist');
      expect((await readQx(qx._id)).chin_content.map((q) => q.dependency)).toEqual([[], [], []]);
    });

    it('refuses an earlier-than check on a response that is not a time one', async () => {
      const qx = await createQx(manager);
      const content = [question('a', '1', [response('ra', 'text')]), question('b', '2', [response('rb', 'time', { validation: earlierCheck(0, 0) })])];
      const res = await save(qx._id, { chin_content: content });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(questionnaireMessages.earlierTargetInvalid);
    });

    it('refuses an mc response naming a set of another questionnaire or no set at all', async () => {
      const qx = await createQx(manager);
      const other = await createQx(manager);
      const foreign = await createSet(other._id);
      for (const setId of [foreign._id, MISSING_ID]) {
        const res = await save(qx._id, { chin_content: [question('a', '1', [response('ra', 'mc', { choices: setId })])] });
        expect(res.statusCode).toBe(400);
        expect(messageOf(res)).toBe('A multiple choices set chosen for a question does not exist');
      }
      expect((await readQx(qx._id)).chin_content).toEqual([]);
      const own = await createSet(qx._id);
      expect((await save(qx._id, { chin_content: [question('a', '1', [response('ra', 'mc', { choices: own._id })])] })).statusCode).toBe(200);
    });

    it('clears the choices of responses other than mc', async () => {
      const qx = await createQx(manager);
      const set = await createSet(qx._id);
      const content = [
        question('a', '1', [response('ra', 'text', { choices: set._id, multiple: true }), response('rb', 'mc', { choices: set._id, multiple: true })]),
        question('b', '2', [response('rc', 'slider', { choices: 'not-a-set' })]),
      ];
      const res = await save(qx._id, { chin_content: content });
      expect(res.statusCode).toBe(200);
      const saved = (await readQx(qx._id)).chin_content;
      expect(saved[0].other_info.map((r) => [r.type, r.choices, r.multiple])).toEqual([
        ['text', null, false],
        ['mc', set._id, true],
      ]);
      expect(saved[1].other_info[0].choices).toBeNull();
    });

    it('drops settings the response does not offer', async () => {
      const qx = await createQx(manager);
      const content = [
        question('a', '', [response('ra', 'instruction', { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } })]),
        question('b', '2', [
          response('rb', 'text', { number_only: true, validation: { required: true, regex_string: '^\\d{8}$', identical_to_prev_question: true, earlier: null } }),
        ]),
      ];
      const saved = json<Questionnaire>(await save(qx._id, { chin_content: content })).chin_content;
      expect(saved[0].other_info[0].validation.required).toBe(false);
      expect(saved[1].other_info[0].validation).toEqual({ required: true, regex_string: '^\\d{8}$', identical_to_prev_question: false, earlier: null });
    });

    it('strips scripts and event handlers from the question text and the guide', async () => {
      const qx = await createQx(manager);
      const content = [
        question('a', '1', [response('ra', 'text')], {
          html_question: '<p>How are you?</p><script>alert(1)</script>',
          guide: true,
          html_guide: '<p>Guide</p><img src="https://example.org/a.png" onerror="alert(2)">',
        }),
      ];
      expect((await save(qx._id, { chin_content: content })).statusCode).toBe(200);
      const [saved] = (await readQx(qx._id)).chin_content;
      expect(saved.html_question).toBe('<p>How are you?</p>');
      expect(saved.html_guide).not.toMatch(/onerror=|alert/);
      expect(saved.html_guide).toContain('<img src="https://example.org/a.png"');
      expect(JSON.stringify(saved)).not.toMatch(/<script/i);
    });

    it("refuses another questionnaire's code in the lab with 409 and keeps its own", async () => {
      const taken = await createQx(manager);
      const qx = await createQx(manager);
      const res = await save(qx._id, { abbrev: taken.abbrev, chin_content: [] });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe(questionnaireMessages.codeTaken);
      expect((await readQx(qx._id)).abbrev).toBe(qx.abbrev);
      expect((await save(qx._id, { abbrev: qx.abbrev, chin_content: [] })).statusCode).toBe(200);
      const theirs = await createQx(otherManager);
      expect((await save(qx._id, { abbrev: theirs.abbrev, chin_content: [] })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown questionnaire', async () => {
      const res = await save(MISSING_ID, { chin_content: [] });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.questionnaireNotFound);
    });
  });

  describe('DELETE /api/qx_list/{id}', () => {
    it('deletes the questionnaire and its multiple-choice sets', async () => {
      const qx = await createQx(manager);
      const set = await createSet(qx._id);
      const keep = await createQx(manager);
      const kept = await createSet(keep._id);
      const res = await send(t.app, { method: 'DELETE', url: `/api/qx_list/${qx._id}`, token: manager });
      expect(res.statusCode).toBe(200);
      expect(messageOf(res)).toBe('Questionnaire has been deleted');
      expect((await read(qx._id)).statusCode).toBe(404);
      expect((await list()).qx_list.map((q) => q._id)).not.toContain(qx._id);
      expect((await send(t.app, { method: 'GET', url: `/api/qx_list/mc/${set._id}`, token: manager })).statusCode).toBe(404);
      expect((await send(t.app, { method: 'GET', url: `/api/qx_list/mc/${kept._id}`, token: manager })).statusCode).toBe(200);
      const again = await send(t.app, { method: 'DELETE', url: `/api/qx_list/${qx._id}`, token: manager });
      expect(again.statusCode).toBe(404);
    });

    it('frees the code for a new questionnaire', async () => {
      const qx = await createQx(manager);
      expect((await send(t.app, { method: 'DELETE', url: `/api/qx_list/${qx._id}`, token: manager })).statusCode).toBe(200);
      expect((await create({ chin_name: 'Again', abbrev: qx.abbrev })).statusCode).toBe(201);
    });
  });

  describe('who may call', () => {
    type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: (id: string) => string; payload?: Record<string, unknown> };
    const calls: Call[] = [
      { method: 'GET', url: (id) => `/api/qx_list/${id}` },
      { method: 'PUT', url: (id) => `/api/qx_list/${id}/edit`, payload: { chin_content: [] } },
      { method: 'GET', url: (id) => `/api/qx_list/${id}/mc` },
      { method: 'POST', url: (id) => `/api/qx_list/${id}/mc`, payload: { name: 'Set', choices: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] } },
      { method: 'DELETE', url: (id) => `/api/qx_list/${id}` },
    ];

    it.each(calls.map((c) => [`${c.method} ${c.url('{id}')}`, c] as const))("answers 404 for another lab's questionnaire: %s", async (_name, c) => {
      const qx = await createQx(manager);
      await save(qx._id, { chin_content: [question('a', '1', [response('ra', 'text')])] });
      const before = await readQx(qx._id);
      const res = await send(t.app, { method: c.method, url: c.url(qx._id), token: otherManager, payload: c.payload });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(questionnaireMessages.questionnaireNotFound);
      expect(await readQx(qx._id)).toEqual(before);
      expect(json<{ sets: MultipleChoiceSet[] }>(await send(t.app, { method: 'GET', url: `/api/qx_list/${qx._id}/mc`, token: manager }))).toEqual({ sets: [] });
    });

    it('refuses the system owner with 403 on every questionnaire call', async () => {
      const qx = await createQx(manager);
      const all: Call[] = [
        { method: 'GET', url: () => '/api/qx_list' },
        { method: 'POST', url: () => '/api/qx_list', payload: { chin_name: 'Owner', abbrev: uniqueCode() } },
        ...calls,
      ];
      for (const c of all) {
        const res = await send(t.app, { method: c.method, url: c.url(qx._id), token: owner, payload: c.payload });
        expect([c.method, c.url('{id}'), res.statusCode]).toEqual([c.method, c.url('{id}'), 403]);
        expect(messageOf(res)).toBe(authMessages.labUserOnly);
      }
      expect(await readQx(qx._id)).toEqual(qx);
    });

    it('refuses a call without a session with 401', async () => {
      const qx = await createQx(manager);
      for (const c of [{ method: 'GET' as const, url: () => '/api/qx_list' }, ...calls]) {
        const res = await send(t.app, { method: c.method, url: c.url(qx._id), payload: c.payload });
        expect([c.method, c.url('{id}'), res.statusCode]).toEqual([c.method, c.url('{id}'), 401]);
      }
    });
  });
});
