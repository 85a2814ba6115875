// "Push lost" through the real push sender (issue 33): a push service of the tests' own answering 410 or 404
// removes the subscription, and the Participant List's device shows push off, lost; the app's next subscription
// turns it back on.
import type { FastifyInstance } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { send } from '../../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { startPushService, type PushService } from '../../support/pushService';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../../src/shared/types/study';
import type { AppTasksAnswer } from '../../../../src/shared/types/participantApp';
import type { GetParticipantsAnswer } from '../../../../src/shared/types/participant';
import type { ParticipantDevice } from '../../../../src/shared/devices';

jest.setTimeout(90_000);

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(databases)('push lost (%s)', (database) => {
  let service: PushService;
  let t: TestApp;
  let manager: string;
  let study: Study;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600', PUSH_ENDPOINT_HOSTS: service.host }, { pushAgent: service.agent });
    const lab = await seedLab(t.app, await ownerToken(t.app));
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const questionnaire = await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'text')] }]);
    study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: questionnaire._id, chin_name: '', abbrev: '' }], time_list: ['09:00'], number_of_days: 3 }],
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await service.close();
  }, 30_000);

  async function deviceOf(app: FastifyInstance, participantId: string): Promise<ParticipantDevice | null | undefined> {
    const res = await send(app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token: manager });
    return json<GetParticipantsAnswer>(res).participantsData.participants.find((p) => p._id === participantId)?.device;
  }

  it.each([410, 404])('a push service answering %i: the subscription is removed and the list shows push lost until the app subscribes again', async (status) => {
    const created = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, created.email);
    const tasks = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token }));
    const report = { pushPermission: 'granted', installed: true, appVersion: 'test', timezone: 'Asia/Hong_Kong', pendingAnswers: 0 };
    expect((await send(t.app, { method: 'POST', url: '/api/app/device', token, payload: report })).statusCode).toBe(200);
    const subscription = service.subscribe();
    expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token, payload: { ...subscription.body } })).statusCode).toBe(201);
    expect(await deviceOf(t.app, created._id)).toMatchObject({ push: 'on', pushOffReason: null });

    service.answers.set(subscription.path, status);
    const prompt = tasks.ema.filter((task) => !task.reminder)[0];
    await t.app.ctx.db.updateTable('tasks').set({ notification_datetime: iso(Date.now() - 60_000), window_closes_at: iso(Date.now() + 600_000) }).where('id', '=', prompt._id).execute();
    await t.app.ctx.push.tick();

    expect(service.received.filter((r) => r.path === subscription.path)).toHaveLength(1);
    expect(await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('participant_id', '=', created._id).execute()).toEqual([]);
    expect(await deviceOf(t.app, created._id)).toMatchObject({ push: 'off', pushOffReason: 'lost' });

    const renewed = service.subscribe();
    expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token, payload: { ...renewed.body } })).statusCode).toBe(201);
    expect(await deviceOf(t.app, created._id)).toMatchObject({ push: 'on', pushOffReason: null });
  });
});
