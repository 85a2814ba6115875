// Helpers for the participant tests: studies with stages and groups, group settings, questionnaires and
// participants. Group settings are written straight into the group's JSON columns here, in one place, so
// that a change of how the study editor stores them changes only this helper.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { DiarySetting, EmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { Participant } from '../../../src/shared/types/participant';
import type { AppSession } from '../../../src/shared/types/participantApp';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { newId } from '../../../src/server/services/ids';
import { call, json } from './testApp';
import { uniqueEmail } from './api';

export const PARTICIPANT_PASSWORD = 'participant-pass-1';

export interface GroupSettings {
  ema?: EmaSetting[];
  diary?: DiarySetting[];
  once?: string[];
  anytime?: string[];
}

/** Writes a group's assessment settings (the JSON columns the study editor saves). */
export async function setGroupSettings(db: Kysely<Database>, groupId: string, settings: GroupSettings): Promise<void> {
  await db
    .updateTable('participant_groups')
    .set({
      ema_list: JSON.stringify(settings.ema ?? []),
      diary_list: JSON.stringify(settings.diary ?? []),
      questionnaire_list: JSON.stringify(settings.once ?? []),
      no_submission_limit_list: JSON.stringify(settings.anytime ?? []),
    })
    .where('id', '=', groupId)
    .execute();
}

/** Adds a group to a stage (the study editor's add-group call belongs to another issue). */
export async function addGroup(db: Kysely<Database>, stageId: string, groupNum: number, name = `Group ${groupNum}`): Promise<string> {
  const id = newId();
  await db
    .insertInto('participant_groups')
    .values({
      id,
      stage_id: stageId,
      group_num: groupNum,
      name,
      ema_list: '[]',
      diary_list: '[]',
      questionnaire_list: '[]',
      questionnaire_list_free_to_choose: 0,
      no_submission_limit_list: '[]',
    })
    .execute();
  return id;
}

export async function setConsent(db: Kysely<Database>, studyId: string, needed: boolean, content = '<p>I agree</p>'): Promise<void> {
  await db
    .updateTable('stages')
    .set({ consent_needed: needed ? 1 : 0, consent_content: content })
    .where('study_id', '=', studyId)
    .where('stage_num', '=', 1)
    .execute();
}

async function ok<T>(app: FastifyInstance, options: Parameters<typeof call>[1], status = 200): Promise<T> {
  const res = await call(app, options);
  if (res.statusCode !== status) throw new Error(`${options.method} ${options.url} answered ${res.statusCode}: ${res.body}`);
  return json<T>(res);
}

/** A study of the token's lab with the given number of stages (each with group 1), active when asked. */
export async function createStudy(app: FastifyInstance, token: string, options: { stages?: number; active?: boolean; consent?: boolean } = {}): Promise<Study> {
  let study = await ok<Study>(app, { method: 'POST', url: '/api/studies', token }, 201);
  for (let i = 1; i < (options.stages ?? 1); i += 1) {
    study = await ok<Study>(app, { method: 'PUT', url: `/api/studies/${study._id}/add_stage`, token });
  }
  if (options.active) await ok(app, { method: 'POST', url: `/api/studies/${study._id}/activate`, token });
  await setConsent(app.ctx.db, study._id, options.consent ?? false);
  return ok<Study>(app, { method: 'GET', url: `/api/studies/${study._id}`, token });
}

/** A questionnaire of the token's lab with the given questions (and, when asked, one multiple-choice set). */
export async function createQuestionnaire(
  app: FastifyInstance,
  token: string,
  build: (mcSetId: string | null) => Question[],
  options: { abbrev?: string; mcSet?: Omit<MultipleChoiceSet, '_id' | 'questionnaire'> } = {},
): Promise<Questionnaire> {
  const abbrev = options.abbrev ?? `Q${Math.random().toString(36).slice(2, 8)}`;
  const created = await ok<Questionnaire>(app, { method: 'POST', url: '/api/qx_list', token, payload: { chin_name: `Questionnaire ${abbrev}`, abbrev } }, 201);
  let setId: string | null = null;
  if (options.mcSet) {
    const answer = await ok<{ set: MultipleChoiceSet }>(app, { method: 'POST', url: `/api/qx_list/${created._id}/mc`, token, payload: options.mcSet }, 201);
    setId = answer.set._id;
  }
  await ok(app, {
    method: 'PUT',
    url: `/api/qx_list/${created._id}/edit`,
    token,
    payload: { ...created, chin_content: build(setId) },
  });
  return ok<Questionnaire>(app, { method: 'GET', url: `/api/qx_list/${created._id}`, token });
}

export async function createParticipant(app: FastifyInstance, token: string, studyId: string, email = uniqueEmail('participant')): Promise<Participant> {
  const answer = await ok<{ participant: Participant }>(
    app,
    { method: 'POST', url: `/api/participants/${studyId}/create`, token, payload: { studyId, email, password: PARTICIPANT_PASSWORD, confirmPassword: PARTICIPANT_PASSWORD } },
    201,
  );
  return answer.participant;
}

export async function assign(app: FastifyInstance, token: string, studyId: string, participantId: string, stageId: string, groupId: string): Promise<Participant> {
  const answer = await ok<{ participant: Participant }>(app, {
    method: 'PATCH',
    url: `/api/participants/${participantId}/assign_group`,
    token,
    payload: { studyId, stageId, groupId },
  });
  return answer.participant;
}

export async function appLogin(app: FastifyInstance, email: string, password = PARTICIPANT_PASSWORD): Promise<AppSession> {
  return ok<AppSession>(app, { method: 'POST', url: '/api/app/login', payload: { email, password } });
}

export async function appSignup(app: FastifyInstance, email = uniqueEmail('app'), password = PARTICIPANT_PASSWORD): Promise<AppSession> {
  return ok<AppSession>(app, { method: 'POST', url: '/api/app/signup', payload: { email, password } }, 201);
}
