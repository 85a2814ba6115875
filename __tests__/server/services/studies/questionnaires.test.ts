// The questionnaire service on a real database: the order of its checks, what it stores, and the helpers that
// turn rows into the shapes of the specification.
import { createTestApp, databases, ownerToken, seedLab, type SeededLab, type TestApp } from '../../support/testApp';
import {
  changeMcSet,
  createMcSet,
  createQuestionnaire,
  questionnaireOfLab,
  questionsUsingSet,
  saveQuestionnaire,
  toMcSet,
  toQuestionnaire,
  toSummary,
} from '../../../../src/server/services/studies/questionnaires';
import { HttpError } from '../../../../src/server/httpErrors';
import { findLabUser } from '../../../../src/server/repositories/labUsers';
import { findQuestionnaireInLab, listMcSets } from '../../../../src/server/repositories/questionnaires';
import type { LabUserRow, McSetRow, QuestionnaireRow } from '../../../../src/server/db/types';
import type { Db } from '../../../../src/server/repositories/db';
import type { AuditActor } from '../../../../src/server/services/audit/record';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import { questionnaireMessages } from '../../../../src/shared/questionnaire/rules';
import type { DependencyCondition, Question, ResponseItem, ResponseType } from '../../../../src/shared/questionnaire/types';

let codes = 0;
const uniqueCode = () => `SVC${(codes += 1)}-${Math.random().toString(36).slice(2, 7)}`;

function question(id: string, num: string, type: ResponseType, changes: Partial<ResponseItem> = {}, dependency: DependencyCondition[] = []): Question {
  return {
    ...makeQuestion(id, 'unused'),
    question_num: num,
    other_info: [{ ...makeResponse(`${id}-r`, type), ...changes }],
    dependency: dependency.length ? [{ or: dependency }] : [],
  };
}

function row(content: string, changes: Partial<QuestionnaireRow> = {}): QuestionnaireRow {
  return {
    id: 'q-row',
    lab_id: 'lab',
    chin_name: 'Name',
    abbrev: 'CODE',
    content,
    scores: '[]',
    shuffle_runs: '[]',
    last_edited_by: null,
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    ...changes,
  };
}

// Sign-ins hash passwords: slow on a loaded machine.
jest.setTimeout(30_000);

describe('row helpers', () => {
  it('questionsUsingSet names the questions whose mc responses use the set, by number or position', () => {
    const content: Question[] = [
      question('a', ' 1a ', 'mc', { choices: 'set-1' }),
      question('b', '2', 'mc', { choices: 'set-2' }),
      question('c', '', 'mc', { choices: 'set-1' }),
      question('d', '4', 'text', { choices: 'set-1' }),
    ].map((q, position) => ({ ...q, position }));
    expect(questionsUsingSet(row(JSON.stringify(content)), 'set-1')).toEqual(['1a', 'question at position 3']);
    expect(questionsUsingSet(row(JSON.stringify(content)), 'set-2')).toEqual(['2']);
    expect(questionsUsingSet(row(JSON.stringify(content)), 'set-3')).toEqual([]);
    expect(questionsUsingSet(row('not json'), 'set-1')).toEqual([]);
  });

  it('toSummary names the last editor only when known', () => {
    const base = { ...row('[]'), editor_email: 'a@lab.org' };
    expect(toSummary({ ...base, last_edited_by: 'u1' })).toEqual({
      _id: 'q-row',
      chin_name: 'Name',
      abbrev: 'CODE',
      createdAt: '2024-01-02T03:04:05.000Z',
      user: { _id: 'u1', email: 'a@lab.org' },
    });
    expect(toSummary({ ...base, last_edited_by: null }).user).toBeNull();
    expect(toSummary({ ...base, last_edited_by: 'u1', editor_email: null }).user).toBeNull();
  });

  it('toMcSet answers the choices, or none when they cannot be read', () => {
    const set: McSetRow = { id: 's1', questionnaire_id: 'q1', name: 'Set', choices: JSON.stringify([{ name: 'A', value: 'a', position: 0 }]), created_at: 'x' };
    expect(toMcSet(set)).toEqual({ _id: 's1', name: 'Set', questionnaire: 'q1', choices: [{ name: 'A', value: 'a', position: 0 }] });
    expect(toMcSet({ ...set, choices: '{' }).choices).toEqual([]);
  });
});

describe.each(databases)('questionnaire service (%s)', (database) => {
  let t: TestApp;
  let db: Db;
  let lab: SeededLab;
  let user: LabUserRow;
  let otherUser: LabUserRow;

  beforeAll(async () => {
    t = await createTestApp(database);
    db = t.app.ctx.db;
    const owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner);
    const otherLab = await seedLab(t.app, owner);
    user = (await findLabUser(db, lab.managerId)) as LabUserRow;
    otherUser = (await findLabUser(db, otherLab.managerId)) as LabUserRow;
    expect([user, otherUser].every(Boolean)).toBe(true);
  });
  afterAll(async () => t.close());

  const actorOf = (by: LabUserRow): AuditActor => ({ kind: 'lab_user', id: by.id, email: by.email });

  async function fresh(by = user): Promise<QuestionnaireRow> {
    const id = await createQuestionnaire(db, by, { chin_name: 'Service', abbrev: uniqueCode() }, actorOf(by));
    return questionnaireOfLab(db, id, by.lab_id);
  }

  /** An HttpError with this status and message. */
  function refusal(status: number, message: string): unknown {
    return expect.objectContaining({ constructor: HttpError, statusCode: status, message });
  }

  describe('createQuestionnaire', () => {
    it('stores the trimmed name and code, no questions, and the creator as last editor', async () => {
      const code = uniqueCode();
      const id = await createQuestionnaire(db, user, { chin_name: ' Named ', abbrev: ` ${code} ` }, actorOf(user));
      const stored = await findQuestionnaireInLab(db, id, user.lab_id);
      expect(stored).toMatchObject({ id, lab_id: user.lab_id, chin_name: 'Named', abbrev: code, content: '[]', last_edited_by: user.id });
      expect(stored?.created_at).toBe(stored?.updated_at);
    });

    it('refuses a missing name or code with 400 and a taken code with 409', async () => {
      await expect(createQuestionnaire(db, user, { chin_name: 'x' }, actorOf(user))).rejects.toEqual(refusal(400, questionnaireMessages.nameAndCodeRequired));
      const taken = await fresh();
      await expect(createQuestionnaire(db, user, { chin_name: 'x', abbrev: taken.abbrev }, actorOf(user))).rejects.toEqual(refusal(409, questionnaireMessages.codeTaken));
      await expect(createQuestionnaire(db, otherUser, { chin_name: 'x', abbrev: taken.abbrev }, actorOf(otherUser))).resolves.toEqual(expect.any(String));
    });
  });

  describe('questionnaireOfLab', () => {
    it("answers the lab's questionnaire and 404 for another lab's", async () => {
      const qx = await fresh();
      await expect(questionnaireOfLab(db, qx.id, user.lab_id)).resolves.toEqual(qx);
      await expect(questionnaireOfLab(db, qx.id, otherUser.lab_id)).rejects.toEqual(refusal(404, questionnaireMessages.questionnaireNotFound));
    });
  });

  describe('toQuestionnaire', () => {
    it('reads the questions and the last editor', async () => {
      const qx = await fresh();
      expect(await toQuestionnaire(db, qx)).toEqual({
        _id: qx.id,
        chin_name: 'Service',
        abbrev: qx.abbrev,
        createdAt: qx.created_at,
        user: { _id: user.id, email: user.email },
        chin_content: [],
        scores: [],
        shuffle_runs: [],
      });
      expect((await toQuestionnaire(db, { ...qx, last_edited_by: null, content: 'broken' })).user).toBeNull();
      expect((await toQuestionnaire(db, { ...qx, content: 'broken' })).chin_content).toEqual([]);
    });
  });

  describe('saveQuestionnaire', () => {
    it('checks in order: name and code, the save rules, references, sets, then the code', async () => {
      const qx = await fresh();
      const taken = await fresh();
      const noNumber = question('a', '', 'text');
      const dangling = question('b', '2', 'text', {}, [{ dependent_qpos: 9, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'x' }]);
      const unknownSet = question('c', '3', 'mc', { choices: 'no-such-set' });
      const cases: [Parameters<typeof saveQuestionnaire>[3], number, string][] = [
        [{ chin_name: ' ', chin_content: [noNumber] }, 400, questionnaireMessages.nameAndCodeRequired],
        [{ chin_content: [dangling, noNumber] }, 400, questionnaireMessages.questionNumberEmpty],
        [{ chin_content: [unknownSet, dangling] }, 400, questionnaireMessages.conditionTargetInvalid],
        [{ abbrev: taken.abbrev, chin_content: [unknownSet] }, 400, questionnaireMessages.mcSetUnknown],
        [{ abbrev: taken.abbrev, chin_content: [] }, 409, questionnaireMessages.codeTaken],
      ];
      for (const [body, status, message] of cases) {
        await expect(saveQuestionnaire(db, user, qx, body, actorOf(user))).rejects.toEqual(refusal(status, message));
      }
      expect(await findQuestionnaireInLab(db, qx.id, user.lab_id)).toEqual(qx);
    });

    it('stores the prepared, sanitised questions and the saver as last editor', async () => {
      const qx = await fresh();
      const set = await createMcSet(db, qx, { name: 'Set', choices: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] }, actorOf(user));
      const content: Question[] = [
        { ...question('a', '1', 'mc', { choices: set.id }), position: 5, html_question: '<p onclick="x()">Pick</p><script>bad()</script>' },
        { ...question('b', '2', 'text', { choices: set.id, multiple: true }), html_guide: '<b>ok</b><script>bad()</script>' },
      ];
      await new Promise((resolve) => setTimeout(resolve, 5));
      await saveQuestionnaire(db, user, qx, { chin_name: ' Renamed ', chin_content: content }, actorOf(user));
      const stored = await findQuestionnaireInLab(db, qx.id, user.lab_id);
      expect(stored).toMatchObject({ chin_name: 'Renamed', abbrev: qx.abbrev, last_edited_by: user.id, created_at: qx.created_at });
      expect(stored && stored.updated_at > qx.updated_at).toBe(true);
      const saved = JSON.parse(stored?.content ?? '[]') as Question[];
      expect(saved.map((q) => q.position)).toEqual([0, 1]);
      expect(saved[0].html_question).toBe('<p>Pick</p>');
      expect(saved[1].html_guide).toBe('<b>ok</b>');
      expect(saved[0].other_info[0].choices).toBe(set.id);
      expect(saved[1].other_info[0]).toMatchObject({ choices: null, multiple: false });
    });
  });

  describe('createMcSet and changeMcSet', () => {
    it('store trimmed choices numbered by their order', async () => {
      const qx = await fresh();
      const created = await createMcSet(db, qx, { name: ' Set ', choices: [{ name: ' A ', value: ' a ' }, { name: 'B', value: 'b' }] }, actorOf(user));
      expect(toMcSet(created)).toEqual({
        _id: created.id,
        name: 'Set',
        questionnaire: qx.id,
        choices: [
          { name: 'A', value: 'a', position: 0 },
          { name: 'B', value: 'b', position: 1 },
        ],
      });
      expect(await listMcSets(db, qx.id)).toEqual([created]);

      const changed = await changeMcSet(db, created, { name: 'New', choices: [{ name: 'C', value: 'c' }, { name: 'D', value: 'd' }, { name: 'E', value: 'e' }] }, user.lab_id, actorOf(user));
      expect(changed).toMatchObject({ id: created.id, questionnaire_id: qx.id, created_at: created.created_at, name: 'New' });
      expect(toMcSet(changed).choices.map((c) => [c.value, c.position])).toEqual([
        ['c', 0],
        ['d', 1],
        ['e', 2],
      ]);
      expect(await listMcSets(db, qx.id)).toEqual([changed]);
    });

    it('refuse incomplete sets before storing anything', async () => {
      const qx = await fresh();
      await expect(createMcSet(db, qx, { name: 'Set', choices: [{ name: 'A', value: 'a' }] }, actorOf(user))).rejects.toEqual(refusal(400, questionnaireMessages.tooFewChoices));
      const set = await createMcSet(db, qx, { name: 'Set', choices: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] }, actorOf(user));
      await expect(changeMcSet(db, set, { name: '', choices: [] }, user.lab_id, actorOf(user))).rejects.toEqual(refusal(400, questionnaireMessages.choiceEmpty));
      expect(await listMcSets(db, qx.id)).toEqual([set]);
    });
  });
});
