// Answers arriving together are committed together, their items inserted many rows per statement (on SQLite by
// the answer writer thread): every item of every answer is stored as sent, across the statements' boundaries.
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { send } from '../../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { makeQuestion } from '../../../../src/shared/questionnaire/operations';
import { listAnswerItems } from '../../../../src/server/repositories/submissions';
import type { AppTasksAnswer } from '../../../../src/shared/types/participantApp';

jest.setTimeout(60_000);

const QUESTIONS = 230;

describe.each(databases)('the answer store (%s)', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close(), 30_000);

  it('stores every item of answers committed together, in and across insert statements', async () => {
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const questionnaire = await createQuestionnaire(t.app, manager, () =>
      Array.from({ length: QUESTIONS }, (_, i) => ({ ...makeQuestion(`q${i}`, `r${i}`), question_num: String(i + 1), position: i })),
    );
    const study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { anytime: [questionnaire._id] });
    const participant = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, participant.email);
    const tasks = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: session.token }));

    const now = new Date().toISOString();
    // 230 + 99 + 1 + 70 items: statement boundaries fall inside answers and between them.
    const bodies = [QUESTIONS, 99, 1, 70].map((count, n) => ({
      submissionId: `together-${n}`,
      taskId: tasks.anytime[0]._id,
      questionnaireId: questionnaire._id,
      startedAt: now,
      submittedAt: now,
      answers: Array.from({ length: count }, (_, i) => ({ question_pos: (i * 7 + n) % QUESTIONS, response_pos: 0, value: `answer ${n}.${i}` })),
    }));
    const answers = await Promise.all(bodies.map((payload) => send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/responses`, token: session.token, payload })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    for (const [n, answer] of answers.entries()) {
      const stored = await listAnswerItems(t.app.ctx.db, json<{ _id: string }>(answer)._id);
      const sent = [...bodies[n].answers].sort((a, b) => a.question_pos - b.question_pos);
      expect(stored.map((s) => [s.question_pos, s.response_pos, JSON.parse(s.value) as string])).toEqual(sent.map((a) => [a.question_pos, a.response_pos, a.value]));
    }
  });
});
