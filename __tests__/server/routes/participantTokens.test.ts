// Every participant call with the wrong kind of token: a staff token on the app's calls, a participant token on
// the researcher's, another participant's token, and another lab's token. Each works only on its own calls.
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, appSignup, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import { authMessages, participantMessages, studyMessages } from '../../../src/shared/messages';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';

jest.setTimeout(60_000);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

interface Ids {
  studyId: string;
  participantId: string;
  questionnaireId: string;
  taskId: string;
  stageId: string;
  groupId: string;
}

interface AppRoute {
  method: Method;
  path: string;
  body?: (ids: Ids) => Record<string, unknown>;
  /** What a participant who does not own the named records hears: one who has not joined the study, or one in it. */
  strangerMessage?: string;
  stranger?: 'outsider' | 'inStudy';
}

/** Every /api/app call that needs a participant's session (sign-up, sign-in and reset need none). */
const appRoutes: AppRoute[] = [
  { method: 'POST', path: '/api/app/logout' },
  { method: 'PUT', path: '/api/app/password', body: () => ({ currentPassword: 'x', newPassword: 'y' }) },
  { method: 'POST', path: '/api/app/studies/join', body: () => ({ studyCode: 'ABCDEF' }) },
  { method: 'GET', path: '/api/app/studies' },
  { method: 'POST', path: '/api/app/studies/{studyId}/consent', body: () => ({ agree: true }), strangerMessage: participantMessages.studyNotJoined, stranger: 'outsider' },
  { method: 'POST', path: '/api/app/studies/{studyId}/withdraw', strangerMessage: participantMessages.studyNotJoined, stranger: 'outsider' },
  { method: 'GET', path: '/api/app/studies/{studyId}/tasks', strangerMessage: participantMessages.studyNotJoined, stranger: 'outsider' },
  { method: 'GET', path: '/api/app/questionnaires/{questionnaireId}', strangerMessage: participantMessages.questionnaireNotAssigned, stranger: 'inStudy' },
  {
    method: 'POST',
    path: '/api/app/studies/{studyId}/events',
    body: (ids) => ({ events: [{ taskId: ids.taskId, kind: 'delivered', at: '2024-05-01T09:00:00Z' }] }),
    strangerMessage: participantMessages.taskNotFound,
    stranger: 'inStudy',
  },
  { method: 'POST', path: '/api/app/uploads', body: () => ({ contentType: 'image/png', size: 10 }) },
  { method: 'GET', path: '/api/app/messages' },
  { method: 'GET', path: '/api/app/prompt_emails' },
  { method: 'PUT', path: '/api/app/prompt_emails', body: () => ({ enabled: true }) },
  {
    method: 'POST',
    path: '/api/app/studies/{studyId}/responses',
    body: (ids) => ({
      submissionId: `s-${Math.random()}`,
      taskId: ids.taskId,
      questionnaireId: ids.questionnaireId,
      startedAt: '2024-05-01T09:00:00Z',
      submittedAt: '2024-05-01T09:01:00Z',
      answers: [],
    }),
    strangerMessage: participantMessages.taskNotFound,
    stranger: 'inStudy',
  },
];

/** The researcher's participant calls (part 2 section 7). */
const staffRoutes: AppRoute[] = [
  { method: 'GET', path: '/api/participants/{studyId}/get_participants' },
  { method: 'POST', path: '/api/participants/{studyId}/get_filtered_participants', body: (ids) => ({ currentStageId: ids.stageId }) },
  { method: 'POST', path: '/api/participants/{studyId}/progress', body: (ids) => ({ stageId: ids.stageId, groupId: ids.groupId }) },
  { method: 'POST', path: '/api/participants/{studyId}/create', body: (ids) => ({ studyId: ids.studyId, email: `x${Math.random()}@example.org`, password: 'secret-123', confirmPassword: 'secret-123' }) },
  { method: 'PATCH', path: '/api/participants/{participantId}/assign_group', body: (ids) => ({ studyId: ids.studyId, stageId: ids.stageId, groupId: ids.groupId }) },
  { method: 'PATCH', path: '/api/participants/{participantId}/status', body: (ids) => ({ studyId: ids.studyId, status: 'withdrawn' }) },
  { method: 'GET', path: '/api/ema_tasks/{studyId}/{participantId}' },
  { method: 'GET', path: '/api/diary_ax_tasks/{studyId}/{participantId}' },
  { method: 'GET', path: '/api/participants/{studyId}/attention' },
  { method: 'POST', path: '/api/participants/{studyId}/messages', body: (ids) => ({ participantIds: [ids.participantId], text: 'Hello' }) },
];

function urlOf(route: AppRoute, ids: Ids): string {
  return route.path
    .replace('{studyId}', ids.studyId)
    .replace('{participantId}', ids.participantId)
    .replace('{questionnaireId}', ids.questionnaireId);
}

const name = (r: AppRoute) => `${r.method} ${r.path}`;

describe.each(databases)('participant and staff tokens (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let otherLab: string;
  let owned: Ids;
  let participantToken: string;
  let strangerToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherLab = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    const study = await createStudy(t.app, manager, { active: true });
    const q = await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('q', 'r'), question_num: '1', other_info: [{ ...makeResponse('r', 'text'), position: 0 }] }]);
    const groupId = study.stage_list[0].participant_group_list[0]._id;
    await setGroupSettings(t.app.ctx.db, groupId, { ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: q._id, chin_name: '', abbrev: '' }], time_list: ['00:00', '12:00'], number_of_days: 2 }] });
    const p = await createParticipant(t.app, manager, study._id);
    participantToken = (await appLogin(t.app, p.email)).token;
    const tasks = json<AppTasksAnswer>(await call(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: participantToken }));
    owned = { studyId: study._id, participantId: p._id, questionnaireId: q._id, taskId: tasks.ema[0]._id, stageId: study.stage_list[0]._id, groupId };
    // Another participant, in the same study: joined, but owning none of the records above.
    const stranger = await appSignup(t.app);
    strangerToken = stranger.token;
    await call(t.app, { method: 'POST', url: '/api/app/studies/join', token: strangerToken, payload: { studyCode: study.study_code } });
    // And one who has not joined it.
    outsiderToken = (await appSignup(t.app)).token;
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function request(route: AppRoute, token: string | undefined, ids: Ids = owned): Promise<LightMyRequestResponse> {
    const body = route.body?.(ids);
    return send(t.app, { method: route.method, url: urlOf(route, ids), token, ...(body ? { payload: body } : {}) });
  }

  describe.each(appRoutes)('app call %#', (route) => {
    it(`${name(route)}: no token 401; a lab user's or the system owner's token 401`, async () => {
      const none = await request(route, undefined);
      expect([name(route), none.statusCode, messageOf(none)]).toEqual([name(route), 401, authMessages.sessionMissing]);
      for (const token of [manager, owner]) {
        const res = await request(route, token);
        expect([name(route), res.statusCode, messageOf(res)]).toEqual([name(route), 401, participantMessages.wrongTokenKind]);
      }
    });

    if (route.strangerMessage) {
      it(`${name(route)}: another participant's token reaches none of the records (404)`, async () => {
        const res = await request(route, route.stranger === 'outsider' ? outsiderToken : strangerToken);
        expect([name(route), res.statusCode, messageOf(res)]).toEqual([name(route), 404, route.strangerMessage]);
      });
    }
  });

  describe.each(staffRoutes)('researcher call %#', (route) => {
    it(`${name(route)}: a participant's token 401; the system owner 403; another lab 404`, async () => {
      const asParticipant = await request(route, participantToken);
      expect([name(route), asParticipant.statusCode, messageOf(asParticipant)]).toEqual([name(route), 401, participantMessages.wrongTokenKind]);
      const asOwner = await request(route, owner);
      expect([name(route), asOwner.statusCode]).toEqual([name(route), 403]);
      const asOtherLab = await request(route, otherLab);
      expect([name(route), asOtherLab.statusCode, messageOf(asOtherLab)]).toEqual([name(route), 404, studyMessages.studyNotFound]);
    });
  });

  it('a participant token works on no other staff call either', async () => {
    for (const url of ['/api/studies', '/api/qx_list', '/api/access/get_all_access', '/api/labs']) {
      const res = await call(t.app, { method: 'GET', url, token: participantToken });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });

  it('documents every app call under its own tag, with its request and response schemas', async () => {
    const doc = json<{ paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown; responses: Record<string, { content?: unknown }> }>> }>(
      await call(t.app, { method: 'GET', url: '/api/docs/json' }),
    );
    const publicOnes: AppRoute[] = [
      { method: 'POST', path: '/api/app/signup', body: () => ({}) },
      { method: 'POST', path: '/api/app/login', body: () => ({}) },
      { method: 'POST', path: '/api/app/password/reset_request', body: () => ({}) },
      { method: 'POST', path: '/api/app/password/reset', body: () => ({}) },
    ];
    for (const route of [...appRoutes, ...publicOnes]) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect([name(route), operation?.tags]).toEqual([name(route), ['participant app']]);
      if (route.body) expect([name(route), operation?.requestBody !== undefined]).toEqual([name(route), true]);
      const success = operation?.responses['200'] ?? operation?.responses['201'];
      expect([name(route), success?.content !== undefined]).toEqual([name(route), true]);
    }
    for (const route of staffRoutes) {
      expect([name(route), doc.paths[route.path]?.[route.method.toLowerCase()]?.tags]).toEqual([name(route), ['participants']]);
    }
  });
});
