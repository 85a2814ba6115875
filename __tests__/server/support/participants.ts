// Helpers for the participant tests: studies with stages and groups, group settings, questionnaires and
// participants. Group settings go through the study structure's own repository functions and stored form
// (services/studies/groupLists.ts), in one place; they skip Save Changes' rules on purpose, so that a test can store a
// setting the plan must leave out.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { DiarySetting, EmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { Participant } from '../../../src/shared/types/participant';
import type { AppSession } from '../../../src/shared/types/participantApp';
import type { MultipleChoiceSet, Question, Questionnaire, Score, ShuffleRun } from '../../../src/shared/questionnaire/types';
import { updateGroup } from '../../../src/server/repositories/studies';
import { replaceGroupReferences } from '../../../src/server/repositories/groupQuestionnaires';
import { diaryCandidate, emaCandidate, listColumns, referencesOf, storedDiary, storedEma, type GroupLists } from '../../../src/server/services/studies/groupLists';
import type { StoredFollowupRule } from '../../../src/server/services/studies/followupLists';
import { call, json } from './testApp';
import { uniqueEmail } from './api';

export const PARTICIPANT_PASSWORD = 'participant-pass-1';

export interface GroupSettings {
  ema?: EmaSetting[];
  diary?: DiarySetting[];
  once?: string[];
  anytime?: string[];
  followups?: StoredFollowupRule[];
}

/** Stores a group's four lists as Save Changes stores them (JSON documents of ids and group_questionnaires). */
export async function setGroupSettings(db: Kysely<Database>, groupId: string, settings: GroupSettings): Promise<void> {
  const lists: GroupLists = {
    ema_list: (settings.ema ?? []).map((setting) => storedEma(emaCandidate(setting))),
    diary_list: (settings.diary ?? []).map((setting) => storedDiary(diaryCandidate(setting))),
    questionnaire_list: settings.once ?? [],
    no_submission_limit_list: settings.anytime ?? [],
    followup_list: settings.followups ?? [],
  };
  await db.transaction().execute(async (trx) => {
    await updateGroup(trx, groupId, listColumns(lists));
    await replaceGroupReferences(trx, groupId, referencesOf(lists));
  });
}

/** Adds a group to a stage with the study editor's add_group call; the new group's id. */
export async function addGroup(app: FastifyInstance, token: string, stageId: string, name?: string): Promise<string> {
  const study = await ok<Study>(app, { method: 'PUT', url: `/api/studies/${stageId}/add_group`, token });
  const stage = study.stage_list.find((s) => s._id === stageId);
  const group = stage?.participant_group_list.at(-1);
  if (!group) throw new Error(`add_group answered no group for stage ${stageId}`);
  if (name !== undefined) {
    await ok(app, {
      method: 'PUT',
      url: `/api/studies/${study._id}/edit_except_consent`,
      token,
      payload: { stage_list: [{ _id: stageId, participant_group_list: [{ _id: group._id, name }] }] },
    });
  }
  return group._id;
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

/**
 * A study marked active in the database, as a fixture: the tests that use it are about participants, not about
 * what activation checks (routes/studyActivation.test.ts), and their groups get settings afterwards.
 */
export async function markActive(db: Kysely<Database>, studyId: string): Promise<void> {
  await db.updateTable('studies').set({ active_status: 'active' }).where('id', '=', studyId).execute();
}

/** A study of the token's lab with the given number of stages (each with group 1), active when asked. */
export async function createStudy(app: FastifyInstance, token: string, options: { stages?: number; active?: boolean; consent?: boolean } = {}): Promise<Study> {
  let study = await ok<Study>(app, { method: 'POST', url: '/api/studies', token, payload: { chin_name: 'Test study' } }, 201);
  for (let i = 1; i < (options.stages ?? 1); i += 1) {
    study = await ok<Study>(app, { method: 'PUT', url: `/api/studies/${study._id}/add_stage`, token });
  }
  if (options.active) await markActive(app.ctx.db, study._id);
  await setConsent(app.ctx.db, study._id, options.consent ?? false);
  return ok<Study>(app, { method: 'GET', url: `/api/studies/${study._id}`, token });
}

/** A questionnaire of the token's lab with the given questions (and, when asked, one multiple-choice set). */
export async function createQuestionnaire(
  app: FastifyInstance,
  token: string,
  build: (mcSetId: string | null) => Question[],
  options: { abbrev?: string; mcSet?: Omit<MultipleChoiceSet, '_id' | 'questionnaire'>; scores?: Score[]; shuffleRuns?: ShuffleRun[] } = {},
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
    payload: { ...created, chin_content: build(setId), ...(options.scores ? { scores: options.scores } : {}), ...(options.shuffleRuns ? { shuffle_runs: options.shuffleRuns } : {}) },
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
