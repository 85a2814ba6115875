// Bad input on the participant calls (malformed bodies, unknown ids, huge numbers, wrong types in answers)
// answers 4xx with a message, never 500; fast-check sends arbitrary bodies and answers.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { fuzzRuns, fuzzTimeout } from '../../support/fuzz';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { generalMessages } from '../../../src/shared/messages';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';

jest.setTimeout(fuzzTimeout(120_000));

const MISSING = '000000000000000000000000';

function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect([label, res.statusCode >= 400 && res.statusCode < 500]).toEqual([label, true]);
  const body = json<{ message?: unknown }>(res);
  expect([label, typeof body.message]).toEqual([label, 'string']);
}

describe('bad input on the participant calls', () => {
  let t: TestApp;
  let manager: string;
  let token: string;
  let studyId: string;
  let questionnaireId: string;
  let anytimeTask: string;
  let participantId: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const study = await createStudy(t.app, manager, { active: true });
    studyId = study._id;
    const r = (id: string, type: ResponseType, changes: Partial<ResponseItem> = {}) => ({ ...makeResponse(id, type), ...changes });
    const q = await createQuestionnaire(
      t.app,
      manager,
      (setId) =>
        [
          [r('a', 'text', { number_only: true })],
          [r('b', 'slider', { min: 0, max: 10 }), r('c', 'time'), r('d', 'duration', { hour: true })],
          [r('e', 'mc', { choices: setId, multiple: true }), r('f', 'textarea'), r('g', 'photoUpload')],
        ].map((responses, i) => ({ ...makeQuestion(`q${i}`, `q${i}r`), question_num: String(i + 1), position: i, other_info: responses.map((x, j) => ({ ...x, position: j })) })),
      { mcSet: { name: 'Set', choices: [{ name: 'A', value: 'a', position: 0 }, { name: 'B', value: 'b', position: 1 }] } },
    );
    questionnaireId = q._id;
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { anytime: [q._id] });
    const p = await createParticipant(t.app, manager, studyId);
    participantId = p._id;
    token = (await appLogin(t.app, p.email)).token;
    anytimeTask = json<AppTasksAnswer>(await call(t.app, { method: 'GET', url: `/api/app/studies/${studyId}/tasks`, token })).anytime[0]._id;
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const bodyCalls = () =>
    [
      ['POST', '/api/app/signup', undefined],
      ['POST', '/api/app/login', undefined],
      ['POST', '/api/app/password/reset_request', undefined],
      ['POST', '/api/app/password/reset', undefined],
      ['PUT', '/api/app/password', token],
      ['POST', '/api/app/studies/join', token],
      ['POST', `/api/app/studies/${studyId}/consent`, token],
      ['POST', `/api/app/studies/${studyId}/events`, token],
      ['POST', '/api/app/uploads', token],
      ['POST', `/api/app/studies/${studyId}/responses`, token],
      ['POST', `/api/participants/${studyId}/get_filtered_participants`, manager],
      ['POST', `/api/participants/${studyId}/create`, manager],
      ['PATCH', `/api/participants/${participantId}/assign_group`, manager],
      ['PATCH', `/api/participants/${participantId}/status`, manager],
    ] as const;

  it('a malformed JSON body answers 400 on every call that takes one', async () => {
    for (const [method, url, auth] of bodyCalls()) {
      const res = await call(t.app, { method, url, token: auth, headers: { 'content-type': 'application/json' }, payload: '{"oops": ' });
      expect([url, res.statusCode, json<{ message: string }>(res).message]).toEqual([url, 400, generalMessages.malformedBody]);
    }
  });

  it('bodies of the wrong shape answer 4xx on every call', async () => {
    for (const [method, url, auth] of bodyCalls()) {
      for (const payload of [[], 'text', 42, { email: { nested: true } }, { events: 'x', answers: 5, studyCode: 1e308, size: -1, agree: 'maybe' }]) {
        const res = await call(t.app, { method, url, token: auth, payload: payload as unknown as Record<string, unknown> });
        expectRefused(res, `${url} ${JSON.stringify(payload)}`);
      }
    }
  });

  it('unknown ids answer 404', async () => {
    const urls: Array<[string, string, string]> = [
      ['GET', `/api/app/studies/${MISSING}/tasks`, token],
      ['POST', `/api/app/studies/${MISSING}/withdraw`, token],
      ['GET', `/api/app/questionnaires/${MISSING}`, token],
      ['GET', `/api/participants/${MISSING}/get_participants`, manager],
      ['GET', `/api/ema_tasks/${studyId}/${MISSING}`, manager],
      ['GET', `/api/diary_ax_tasks/${MISSING}/${participantId}`, manager],
    ];
    for (const [method, url, auth] of urls) {
      const res = await call(t.app, { method: method as 'GET' | 'POST', url, token: auth });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    const events = await call(t.app, { method: 'POST', url: `/api/app/studies/${studyId}/events`, token, payload: { events: [{ taskId: MISSING, kind: 'opened', at: '2024-05-01T00:00:00Z' }] } });
    expect(events.statusCode).toBe(404);
  });

  it('huge numbers and far moments answer 400', async () => {
    const base = { submissionId: 'huge', taskId: anytimeTask, questionnaireId, startedAt: '2024-05-01T00:00:00Z', submittedAt: '2024-05-01T00:01:00Z' };
    for (const changes of [
      { answers: [{ question_pos: 1e308, response_pos: 0, value: '1' }] },
      { answers: [{ question_pos: 0, response_pos: 0, value: '9'.repeat(20_000) }] },
      { answers: [{ question_pos: 1, response_pos: 0, value: 1e308 }] },
      { startedAt: '+275760-09-13T00:00:00Z' },
      { submittedAt: '99999-01-01T00:00:00Z' },
    ]) {
      expectRefused(await call(t.app, { method: 'POST', url: `/api/app/studies/${studyId}/responses`, token, payload: { ...base, ...changes } }), JSON.stringify(changes).slice(0, 80));
    }
    expectRefused(await call(t.app, { method: 'POST', url: '/api/app/uploads', token, payload: { contentType: 'image/png', size: 1e308 } }), 'upload size');
  });

  it('arbitrary answers never make the server fail: 201 or 4xx with a message', async () => {
    const value = fc.oneof(fc.string({ maxLength: 30 }), fc.double(), fc.integer(), fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }), fc.constant(null), fc.boolean(), fc.object({ maxDepth: 1 }));
    const item = fc.record({ question_pos: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.double()), response_pos: fc.integer({ min: -1, max: 4 }), value });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 6 }), fc.oneof(fc.constant(anytimeTask), fc.constant(null), fc.string({ maxLength: 30 })), async (answers, taskId) => {
        n += 1;
        const res = await call(t.app, {
          method: 'POST',
          url: `/api/app/studies/${studyId}/responses`,
          token,
          payload: { submissionId: `fuzz-${n}`, taskId, questionnaireId, startedAt: '2024-05-01T00:00:00Z', submittedAt: '2024-05-01T00:01:00Z', answers },
        });
        if (res.statusCode !== 201) expectRefused(res, JSON.stringify(answers).slice(0, 200));
      }),
      fuzzRuns(150),
    );
  });

  it('arbitrary bodies never make the account and study calls fail', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyCalls()), fc.anything({ maxDepth: 2 }), async ([method, url, auth], payload) => {
        const res = await call(t.app, { method, url, token: auth, payload: JSON.stringify(payload ?? null), headers: { 'content-type': 'application/json' } });
        expect([url, res.statusCode < 500]).toEqual([url, true]);
      }),
      fuzzRuns(150),
    );
  });
});
