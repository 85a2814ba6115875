// The data the generated requests of reliability/fuzzOperations.test.ts aim at: a lab with its manager and a
// plain lab user, an active study with a participant signed in to the app, a draft study with two stages, a
// questionnaire with a multiple-choice set, a media file and an unused upload grant. Generated requests may
// delete or change any of it (none is filtered out), so `restoreWorld` checks each piece and makes again only
// what is gone: a session ended by a generated sign-out is opened again, a deleted draft is created anew.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PNG } from '../../support/mediaSamples';
import { ALL_ACCESS } from '../../../src/shared/access';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { AppParticipationsAnswer, AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { LabUserWithAccess } from '../../../src/shared/types/identity';
import type { MediaFile } from '../../../src/shared/types/media';
import type { Study } from '../../../src/shared/types/study';
import { writeSetting } from '../../../src/server/repositories/settings';
import { OWNERS_SETTING } from '../../../src/server/services/identity/secondFactorRequirement';
import { registerUser } from './api';
import { addGroup, appLogin, createParticipant, createQuestionnaire, createStudy, markActive, setGroupSettings } from './participants';
import { call, grantUpload, json, labUserToken, ownerToken, seedLab, uploadLocalFile, type UploadGrant } from './testApp';

/** Who sends a generated request: each kind of session, a forged token, or nobody. */
export type FuzzCaller = 'nobody' | 'forged' | 'owner' | 'manager' | 'labUser' | 'participant';

export interface FuzzWorld {
  tokens: Record<FuzzCaller, string | undefined>;
  ids: {
    labId: string;
    managerId: string;
    labUserId: string;
    studyId: string;
    stageId: string;
    groupId: string;
    draftStudyId: string;
    draftStageId: string;
    draftGroupId: string;
    questionnaireId: string;
    setId: string;
    fileId: string;
    participantId: string;
    /** The participant's task for the questionnaire (anytime). */
    taskId: string;
    grantId: string;
  };
  /** Values that are valid somewhere, for generated strings to pick from. */
  texts: { studyCode: string; emails: string[]; objectKey: string; signatures: string[]; expires: string[] };
}

interface Account {
  email: string;
  password: string;
}

/** The world and what it takes to make its pieces again. */
export interface FuzzState {
  world: FuzzWorld;
  manager: Account;
  labUser: Account;
  /** The participant signs in with the helpers' PARTICIPANT_PASSWORD. */
  participantEmail: string;
}

function signedParts(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires') ?? '', signature: parsed.searchParams.get('signature') ?? '' };
}

const get = (app: FastifyInstance, url: string, token: string | undefined): Promise<LightMyRequestResponse> => call(app, { method: 'GET', url, token });

async function makeLabUser(app: FastifyInstance, state: FuzzState): Promise<void> {
  const user = await registerUser(app, state.world.tokens.owner ?? '', state.world.ids.labId);
  state.labUser = { email: user.email, password: user.password };
  state.world.ids.labUserId = user._id;
  state.world.tokens.labUser = await labUserToken(app, user.email, user.password);
}

async function makeQuestionnaire(app: FastifyInstance, state: FuzzState): Promise<void> {
  const manager = state.world.tokens.manager ?? '';
  const questionnaire = await createQuestionnaire(
    app,
    manager,
    (setId) => [
      { ...makeQuestion('q1', 'r1'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r1', 'mc'), choices: setId, position: 0 }] },
      { ...makeQuestion('q2', 'r2'), question_num: '2', position: 1, other_info: [{ ...makeResponse('r2', 'text'), position: 0 }] },
    ],
    { mcSet: { name: 'Moods', choices: [{ name: 'Happy', value: 'happy', position: 0 }, { name: 'Sad', value: 'sad', position: 1 }] } },
  );
  const sets = json<{ sets: Array<{ _id: string }> }>(await get(app, `/api/qx_list/${questionnaire._id}/mc`, manager));
  state.world.ids.questionnaireId = questionnaire._id;
  state.world.ids.setId = sets.sets[0]._id;
}

async function makeParticipant(app: FastifyInstance, state: FuzzState): Promise<void> {
  const participant = await createParticipant(app, state.world.tokens.manager ?? '', state.world.ids.studyId);
  state.participantEmail = participant.email;
  state.world.ids.participantId = participant._id;
  state.world.tokens.participant = (await appLogin(app, participant.email)).token;
  const tasks = json<AppTasksAnswer>(await get(app, `/api/app/studies/${state.world.ids.studyId}/tasks`, state.world.tokens.participant));
  state.world.ids.taskId = tasks.anytime[0]?._id ?? '';
}

async function makeStudy(app: FastifyInstance, state: FuzzState): Promise<void> {
  const study = await createStudy(app, state.world.tokens.manager ?? '', { stages: 2, active: true });
  state.world.ids.studyId = study._id;
  state.world.ids.stageId = study.stage_list[0]._id;
  state.world.ids.groupId = study.stage_list[0].participant_group_list[0]._id;
  state.world.texts.studyCode = study.study_code;
  await setGroupSettings(app.ctx.db, state.world.ids.groupId, { anytime: [state.world.ids.questionnaireId] });
  await makeParticipant(app, state);
}

async function makeDraft(app: FastifyInstance, state: FuzzState): Promise<void> {
  const manager = state.world.tokens.manager ?? '';
  const draft = await createStudy(app, manager, { stages: 2 });
  state.world.ids.draftStudyId = draft._id;
  state.world.ids.draftStageId = draft.stage_list[1]._id;
  state.world.ids.draftGroupId = await addGroup(app, manager, draft.stage_list[1]._id);
}

async function makeFile(app: FastifyInstance, state: FuzzState): Promise<void> {
  const file = json<MediaFile>(await uploadLocalFile(app, state.world.tokens.manager ?? '', state.world.ids.labId, 'photo.png', PNG));
  const download = signedParts(file.url);
  const grant = json<UploadGrant>(await grantUpload(app, state.world.tokens.manager ?? '', 'unused.png', PNG.length));
  const upload = signedParts(grant.url);
  state.world.ids.fileId = file._id;
  state.world.ids.grantId = upload.path.split('/').at(-1) ?? '';
  state.world.texts.objectKey = download.path.replace('/api/files/object/', '');
  state.world.texts.signatures = [download.signature, upload.signature];
  state.world.texts.expires = [download.expires, upload.expires];
}

export async function buildWorld(app: FastifyInstance): Promise<FuzzState> {
  const owner = await ownerToken(app);
  const lab = await seedLab(app, owner);
  const manager = await labUserToken(app, lab.managerEmail, lab.managerPassword);
  const none = '';
  const state: FuzzState = {
    world: {
      tokens: { nobody: undefined, forged: 'eyJhbGciOiJIUzI1NiJ9.e30.forged', owner, manager, labUser: none, participant: none },
      ids: {
        labId: lab.labId,
        managerId: lab.managerId,
        labUserId: none,
        studyId: none,
        stageId: none,
        groupId: none,
        draftStudyId: none,
        draftStageId: none,
        draftGroupId: none,
        questionnaireId: none,
        setId: none,
        fileId: none,
        participantId: none,
        taskId: none,
        grantId: none,
      },
      texts: { studyCode: none, emails: [], objectKey: none, signatures: [], expires: [] },
    },
    manager: { email: lab.managerEmail, password: lab.managerPassword },
    labUser: { email: none, password: none },
    participantEmail: none,
  };
  await makeLabUser(app, state);
  await makeQuestionnaire(app, state);
  await makeStudy(app, state);
  await makeDraft(app, state);
  await makeFile(app, state);
  state.world.texts.emails = [state.manager.email, state.labUser.email, state.participantEmail];
  return state;
}

/**
 * A session is open when its caller's own call answers 200; closed ones are opened again. A lab user or
 * participant who can no longer sign in (an account changed or deleted) is made anew; a manager who cannot, or
 * who is a lab manager no more, throws, and the world starts again from a new lab.
 */
/**
 * A generated request may require a second factor of owners or of the lab (issue 36); the fixtures' accounts have
 * none, so every later sign-in would open only a session that adds one. The requirement is dropped again, and
 * sessions opened under it are made whole, as an owner turning it off would leave them at their next sign-in.
 */
async function dropSecondFactorRequirements(app: FastifyInstance): Promise<void> {
  await writeSetting(app.ctx.db, OWNERS_SETTING, '0');
  await app.ctx.db.updateTable('labs').set({ second_factor_required: 0 }).execute();
  await app.ctx.db.updateTable('sessions').set({ second_factor_setup: 0 }).execute();
}

async function reopenSessions(app: FastifyInstance, state: FuzzState): Promise<void> {
  const { tokens } = state.world;
  const closed = async (url: string, token: string | undefined) => (await get(app, url, token)).statusCode === 401;
  if (await closed('/api/labs', tokens.owner)) tokens.owner = await ownerToken(app);
  if (await closed('/api/users/lm/getUsers', tokens.manager)) tokens.manager = await labUserToken(app, state.manager.email, state.manager.password);
  // A generated call of the system owner may have made the manager a plain lab user: nothing can be restored then.
  if ((await get(app, '/api/users/lm/getUsers', tokens.manager)).statusCode === 403) throw new Error('the manager is no longer a lab manager');
  if (await closed('/api/studies', tokens.labUser)) {
    tokens.labUser = await labUserToken(app, state.labUser.email, state.labUser.password).catch(async () => {
      await makeLabUser(app, state);
      return state.world.tokens.labUser;
    });
  }
  if (await closed('/api/app/studies', tokens.participant)) {
    tokens.participant = await appLogin(app, state.participantEmail).then(
      (session) => session.token,
      async () => {
        await makeParticipant(app, state);
        return state.world.tokens.participant;
      },
    );
  }
}

/** The lab user as made: still there, with every permission entry (a generated call may take some away). */
async function restoreLabUser(app: FastifyInstance, state: FuzzState): Promise<void> {
  const { ids, tokens } = state.world;
  const res = await get(app, `/api/users/lm/users/${ids.labUserId}`, tokens.manager);
  if (res.statusCode !== 200 || json<LabUserWithAccess>(res).email !== state.labUser.email) return makeLabUser(app, state);
  if (json<LabUserWithAccess>(res).access.length !== ALL_ACCESS.length) {
    await call(app, { method: 'PUT', url: `/api/users/lm/users/${ids.labUserId}/access`, token: tokens.manager, payload: { access: ALL_ACCESS } });
  }
}

async function restoreStudies(app: FastifyInstance, state: FuzzState, questionnaireMade: boolean): Promise<void> {
  const { ids, tokens } = state.world;
  const stagesOf = (res: LightMyRequestResponse) => (res.statusCode === 200 ? json<Study>(res).stage_list.map((s) => s.participant_group_list.length).join() : '');
  const active = await get(app, `/api/studies/${ids.studyId}`, tokens.manager);
  if (stagesOf(active) !== '1,1') await makeStudy(app, state);
  else {
    if (json<Study>(active).active_status !== 'active') await markActive(app.ctx.db, ids.studyId);
    if (questionnaireMade) await setGroupSettings(app.ctx.db, ids.groupId, { anytime: [ids.questionnaireId] });
    const joined = await get(app, '/api/app/studies', tokens.participant);
    const participation = json<AppParticipationsAnswer>(joined).participations.find((p) => p.study._id === ids.studyId);
    if (!participation || participation.status === 'withdrawn') await makeParticipant(app, state);
  }
  if (stagesOf(await get(app, `/api/studies/${ids.draftStudyId}`, tokens.manager)) !== '1,2') await makeDraft(app, state);
}

/**
 * The world as it was built: each piece a generated request took away or changed is made again (a new lab
 * only when the manager's own account is gone). Answers how many pieces were made again.
 */
export async function restoreWorld(app: FastifyInstance, state: FuzzState): Promise<{ state: FuzzState; remade: number }> {
  await dropSecondFactorRequirements(app);
  try {
    await reopenSessions(app, state);
  } catch {
    // The manager's or the lab user's account was changed or deleted: start again from a new lab.
    return { state: await buildWorld(app), remade: 1 };
  }
  const before = JSON.stringify(state.world.ids);
  const { ids, tokens } = state.world;
  await restoreLabUser(app, state);
  const questionnaire = await get(app, `/api/qx_list/${ids.questionnaireId}`, tokens.manager);
  const set = await get(app, `/api/qx_list/mc/${ids.setId}`, tokens.manager);
  const questionnaireMade = questionnaire.statusCode !== 200 || set.statusCode !== 200;
  if (questionnaireMade) await makeQuestionnaire(app, state);
  await restoreStudies(app, state, questionnaireMade);
  if ((await get(app, `/api/files/mediafile/${ids.fileId}`, tokens.manager)).statusCode !== 200) await makeFile(app, state);
  state.world.texts.emails = [state.manager.email, state.labUser.email, state.participantEmail];
  const after = JSON.stringify(state.world.ids);
  return { state, remade: before === after ? 0 : 1 };
}
