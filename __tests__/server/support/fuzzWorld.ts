// The data the generated requests of reliability/fuzzOperations.test.ts aim at: a lab with its manager and a
// plain lab user, an active study with a participant signed in to the app, a draft study, a questionnaire
// with a multiple-choice set, a media file and an unused upload grant. Generated requests may delete or change
// any of it (they are not filtered), so `intact` says whether the world still holds, and the test builds a
// new one when it does not.
import type { FastifyInstance } from 'fastify';
import { PNG } from '../../support/mediaSamples';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { AppParticipationsAnswer } from '../../../src/shared/types/participantApp';
import type { LabUserWithAccess } from '../../../src/shared/types/identity';
import type { MediaFile } from '../../../src/shared/types/media';
import type { Study } from '../../../src/shared/types/study';
import { registerUser } from './api';
import { addGroup, appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from './participants';
import { call, grantUpload, json, labUserToken, ownerToken, seedLab, uploadLocalFile, type UploadGrant } from './testApp';

/** Who sends a generated request: each kind of session, a forged token, or nobody. */
export const CALLERS = ['nobody', 'forged', 'owner', 'manager', 'labUser', 'participant'] as const;
export type FuzzCaller = (typeof CALLERS)[number];

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
    grantId: string;
  };
  /** Values that are valid somewhere, for generated strings to pick from. */
  texts: { studyCode: string; emails: string[]; objectKey: string; signatures: string[]; expires: string[] };
  labUserAccessCount: number;
  /** How each session was opened, to open it again after a generated sign-out. */
  signIns: Record<SignedInCaller, () => Promise<string>>;
}

type SignedInCaller = 'owner' | 'manager' | 'labUser' | 'participant';

/** A call that answers 200 exactly while the caller's session is open. */
const SESSION_CHECKS: Record<SignedInCaller, string> = {
  owner: '/api/labs',
  manager: '/api/users/lm/getUsers',
  labUser: '/api/studies',
  participant: '/api/app/studies',
};

function signedParts(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires') ?? '', signature: parsed.searchParams.get('signature') ?? '' };
}

export async function buildWorld(app: FastifyInstance): Promise<FuzzWorld> {
  const owner = await ownerToken(app);
  const lab = await seedLab(app, owner);
  const manager = await labUserToken(app, lab.managerEmail, lab.managerPassword);
  const user = await registerUser(app, owner, lab.labId);
  const labUser = await labUserToken(app, user.email, user.password);

  const questionnaire = await createQuestionnaire(
    app,
    manager,
    (setId) => [
      { ...makeQuestion('q1', 'r1'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r1', 'mc'), choices: setId, position: 0 }] },
      { ...makeQuestion('q2', 'r2'), question_num: '2', position: 1, other_info: [{ ...makeResponse('r2', 'text'), position: 0 }] },
    ],
    { mcSet: { name: 'Moods', choices: [{ name: 'Happy', value: 'happy', position: 0 }, { name: 'Sad', value: 'sad', position: 1 }] } },
  );
  const sets = json<{ sets: Array<{ _id: string }> }>(await call(app, { method: 'GET', url: `/api/qx_list/${questionnaire._id}/mc`, token: manager }));

  const study: Study = await createStudy(app, manager, { stages: 2, active: true });
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  await setGroupSettings(app.ctx.db, group._id, { anytime: [questionnaire._id] });
  const draft: Study = await createStudy(app, manager, { stages: 2 });
  const draftStage = draft.stage_list[1];
  const draftGroupId = await addGroup(app, manager, draftStage._id);

  const uploaded = await uploadLocalFile(app, manager, lab.labId, 'photo.png', PNG);
  const file = json<MediaFile>(uploaded);
  const download = signedParts(file.url);
  const grant = json<UploadGrant>(await grantUpload(app, manager, 'unused.png', PNG.length));
  const upload = signedParts(grant.url);

  const participant = await createParticipant(app, manager, study._id);
  const session = await appLogin(app, participant.email);
  const access = json<LabUserWithAccess>(await call(app, { method: 'GET', url: `/api/users/lm/users/${user._id}`, token: manager })).access;

  return {
    tokens: { nobody: undefined, forged: 'eyJhbGciOiJIUzI1NiJ9.e30.forged', owner, manager, labUser, participant: session.token },
    ids: {
      labId: lab.labId,
      managerId: lab.managerId,
      labUserId: user._id,
      studyId: study._id,
      stageId: stage._id,
      groupId: group._id,
      draftStudyId: draft._id,
      draftStageId: draftStage._id,
      draftGroupId,
      questionnaireId: questionnaire._id,
      setId: sets.sets[0]._id,
      fileId: file._id,
      participantId: participant._id,
      grantId: upload.path.split('/').at(-1) ?? '',
    },
    texts: {
      studyCode: study.study_code,
      emails: [lab.managerEmail, user.email, participant.email],
      objectKey: download.path.replace('/api/files/object/', ''),
      signatures: [download.signature, upload.signature],
      expires: [download.expires, upload.expires],
    },
    labUserAccessCount: access.length,
    signIns: {
      owner: () => ownerToken(app),
      manager: () => labUserToken(app, lab.managerEmail, lab.managerPassword),
      labUser: () => labUserToken(app, user.email, user.password),
      participant: async () => (await appLogin(app, participant.email)).token,
    },
  };
}

/**
 * The world as it was built: sessions that a generated request ended are opened again (one sign-in each);
 * when a fixture is gone or changed, or a sign-in fails, a new world is built. Says whether it was rebuilt.
 */
export async function restoreWorld(app: FastifyInstance, world: FuzzWorld): Promise<{ world: FuzzWorld; rebuilt: boolean }> {
  try {
    for (const caller of Object.keys(SESSION_CHECKS) as SignedInCaller[]) {
      const res = await call(app, { method: 'GET', url: SESSION_CHECKS[caller], token: world.tokens[caller] });
      if (res.statusCode === 401) world.tokens[caller] = await world.signIns[caller]();
    }
    if (await fixturesIntact(app, world)) return { world, rebuilt: false };
  } catch {
    // A sign-in refused (an account changed or deleted): build anew below.
  }
  return { world: await buildWorld(app), rebuilt: true };
}

/** Whether every session still works and every fixture is still there, as built. */
async function fixturesIntact(app: FastifyInstance, world: FuzzWorld): Promise<boolean> {
  const { tokens, ids } = world;
  const get = (url: string, token: string | undefined) => call(app, { method: 'GET', url, token });
  const answers = await Promise.all([
    get(`/api/labs/systemowner/${ids.labId}`, tokens.owner),
    get(`/api/studies/${ids.studyId}`, tokens.manager),
    get(`/api/studies/${ids.draftStudyId}`, tokens.labUser),
    get(`/api/qx_list/${ids.questionnaireId}`, tokens.labUser),
    get(`/api/qx_list/mc/${ids.setId}`, tokens.manager),
    get(`/api/files/mediafile/${ids.fileId}`, tokens.manager),
    get('/api/app/studies', tokens.participant),
    get(`/api/users/lm/users/${ids.labUserId}`, tokens.manager),
  ]);
  if (answers.some((res) => res.statusCode !== 200)) return false;
  const [, active, draft, , , , joined, labUser] = answers;
  const stagesOf = (study: Study) => study.stage_list.map((s) => s.participant_group_list.length);
  const participation = json<AppParticipationsAnswer>(joined).participations.find((p) => p.study._id === ids.studyId);
  return (
    json<Study>(active).active_status === 'active' &&
    stagesOf(json<Study>(active)).length === 2 &&
    stagesOf(json<Study>(draft)).join() === '1,2' &&
    participation !== undefined &&
    participation.status !== 'withdrawn' &&
    json<LabUserWithAccess>(labUser).access.length === world.labUserAccessCount
  );
}
