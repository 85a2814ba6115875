// A study with an EMA setting, its participants planned and subscribed to the tests' push service, and moving
// their tasks' moments: what the push sender's tests (pushSender, deliveryLedger) start from.
import type { FastifyInstance } from 'fastify';
import { json, labUserToken, ownerToken, seedLab } from './testApp';
import { send } from './api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from './participants';
import type { BrowserSubscription, PushService } from './pushService';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';

export const iso = (ms: number) => new Date(ms).toISOString();
/** No tick of the timer during a test: each test ticks the sender itself. */
export const QUIET = { PUSH_INTERVAL_SECONDS: '3600' };
/** The test's push service is at 127.0.0.1: the server posts there only when PUSH_ENDPOINT_HOSTS names it. */
export const naming = (service: PushService) => ({ PUSH_ENDPOINT_HOSTS: service.host });

export interface Planned {
  studyId: string;
  participantId: string;
  participationId: string;
  token: string;
  subscription: BrowserSubscription;
  /** The participant's EMA prompts and reminders, planned in the future. */
  ema: AppTasksAnswer['ema'];
}

export type Unsubscribed = Omit<Planned, 'subscription'>;

/** A study of the app's manager with an EMA setting (four prompts a day for three days, with reminders). */
export async function emaStudy(app: FastifyInstance): Promise<{ manager: string; study: Study; questionnaire: Questionnaire }> {
  const lab = await seedLab(app, await ownerToken(app));
  const manager = await labUserToken(app, lab.managerEmail, lab.managerPassword);
  const questionnaire = await createQuestionnaire(app, manager, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'text')] }]);
  const study = await createStudy(app, manager, { active: true });
  await setGroupSettings(app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
    ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: questionnaire._id, chin_name: '', abbrev: '' }], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
  });
  return { manager, study, questionnaire };
}

/** A participant of the study, their plan made (their first tasks call), without a push subscription. */
export async function unsubscribedParticipant(app: FastifyInstance, manager: string, study: Study): Promise<Unsubscribed> {
  const created = await createParticipant(app, manager, study._id);
  const { token } = await appLogin(app, created.email);
  const tasks = await send(app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token });
  expect(tasks.statusCode).toBe(200);
  const participation = await app.ctx.db.selectFrom('participations').select('id').where('participant_id', '=', created._id).executeTakeFirstOrThrow();
  return { studyId: study._id, participantId: created._id, participationId: participation.id, token, ema: json<AppTasksAnswer>(tasks).ema };
}

/** The participant's browser subscribes at the push service. */
export async function subscribe(app: FastifyInstance, service: PushService, token: string): Promise<BrowserSubscription> {
  const subscription = service.subscribe();
  expect((await send(app, { method: 'POST', url: '/api/app/push/subscriptions', token, payload: { ...subscription.body } })).statusCode).toBe(201);
  return subscription;
}

/** A participant of the study, their plan made (their first tasks call), their browser subscribed. */
export async function plannedParticipant(app: FastifyInstance, service: PushService, manager: string, study: Study): Promise<Planned> {
  const p = await unsubscribedParticipant(app, manager, study);
  return { ...p, subscription: await subscribe(app, service, p.token) };
}

/** Moves tasks so that their moment came `agoMs` ago and their window closes `closesInMs` from now. */
export async function moveTasks(app: FastifyInstance, ids: string[], agoMs: number, closesInMs: number): Promise<void> {
  const now = Date.now();
  await app.ctx.db.updateTable('tasks').set({ notification_datetime: iso(now - agoMs), window_closes_at: iso(now + closesInMs) }).where('id', 'in', ids).execute();
}
