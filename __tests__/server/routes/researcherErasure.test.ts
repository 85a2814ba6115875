// POST /api/participants/{studyId}/{participantId}/erase (issue 36 part 3): the researcher's erasure on request,
// for one study: its answers deleted or kept unlinked as the study chose; the account too when the person is in
// no other study; the audit entry by the researcher without the email; a second call 404; who may call it.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { appLogin, appSignup, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { dataRightsMessages, participantMessages } from '../../../src/shared/messages';
import type { Study } from '../../../src/shared/types/study';
import { verifyAuditChain } from '../../../src/server/services/audit/verify';

jest.setTimeout(60_000);

const questions = (): Question[] => [{ ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), position: 0 }] }];

describe.each(databases)("the researcher's erasure of a participant (%s)", (database) => {
  let t: TestApp;
  let manager: string;
  let otherLab: string;
  let daily: Questionnaire;
  let keeping: Study;
  let deleting: Study;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const labB = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherLab = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
    daily = await createQuestionnaire(t.app, manager, questions);
    keeping = await createStudy(t.app, manager);
    expect((await send(t.app, { method: 'PUT', url: `/api/studies/${keeping._id}/data_rights`, token: manager, payload: { keepAnswersOnErasure: true } })).statusCode).toBe(200);
    deleting = await createStudy(t.app, manager);
    for (const study of [keeping, deleting]) {
      await t.app.ctx.db.updateTable('studies').set({ active_status: 'active' }).where('id', '=', study._id).execute();
      await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { once: [daily._id], anytime: [daily._id] });
    }
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }
  const db = () => t.app.ctx.db;
  const eraseUrl = (study: Study, participantId: string) => `/api/participants/${study._id}/${participantId}/erase`;

  let seq = 0;
  async function answered(token: string, study: Study): Promise<string> {
    expect((await api('GET', `/api/app/studies/${study._id}/tasks`, token)).statusCode).toBe(200);
    seq += 1;
    const now = new Date().toISOString();
    const res = await api('POST', `/api/app/studies/${study._id}/responses`, token, { submissionId: `r-${seq}-${Date.now()}`, taskId: null, questionnaireId: daily._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: 'ok' }] });
    expect(res.statusCode).toBe(201);
    return (JSON.parse(res.body) as { _id: string })._id;
  }

  /** A participant in the given studies (the first made by the researcher, the others joined in the app), each with one answer. */
  async function participant(studies: Study[]): Promise<{ id: string; email: string; token: string; answers: string[] }> {
    const p = await createParticipant(t.app, manager, studies[0]._id);
    const { token } = await appLogin(t.app, p.email);
    for (const s of studies.slice(1)) expect((await api('POST', '/api/app/studies/join', token, { studyCode: s.study_code })).statusCode).toBe(201);
    const answers: string[] = [];
    for (const s of studies) answers.push(await answered(token, s));
    return { id: p._id, email: p.email, token, answers };
  }

  it('erases the whole account when the person is in no other study, recorded by the researcher without the email', async () => {
    const p = await participant([deleting]);
    const res = await api('POST', eraseUrl(deleting, p.id), manager);
    expect([res.statusCode, messageOf(res)]).toEqual([200, dataRightsMessages.participantErased]);
    expect(await db().selectFrom('participants').select('id').where('email', '=', p.email).execute()).toEqual([]);
    expect(await db().selectFrom('submissions').select('id').where('id', 'in', p.answers).execute()).toEqual([]);
    expect((await api('GET', '/api/app/studies', p.token)).statusCode).toBe(401);
    const entries = await db().selectFrom('audit_entries').selectAll().where('kind', '=', 'participant.erased').where('entity_id', '=', p.id).execute();
    expect(entries.map((e) => [e.actor_kind, e.study_id])).toEqual([['lab_user', deleting._id]]);
    expect(entries[0].changes).not.toContain(p.email);
    expect((await verifyAuditChain(db())).broken).toBeNull();
    const again = await api('POST', eraseUrl(deleting, p.id), manager);
    expect([again.statusCode, messageOf(again)]).toEqual([404, participantMessages.participantNotFound]);
  });

  it('erases only that study when the person is in another: deleted or kept unlinked as each study chose, the account kept', async () => {
    const p = await participant([keeping, deleting]);
    const [keptAnswer, deletedAnswer] = p.answers;
    expect((await api('POST', eraseUrl(deleting, p.id), manager)).statusCode).toBe(200);
    expect(await db().selectFrom('submissions').select('id').where('id', '=', deletedAnswer).execute()).toEqual([]);
    expect(await db().selectFrom('participations').select('study_id').where('participant_id', '=', p.id).execute()).toEqual([{ study_id: keeping._id }]);
    expect((await api('GET', '/api/app/studies', p.token)).statusCode).toBe(200);
    expect((await db().selectFrom('submissions').select('participant_id').where('id', '=', keptAnswer).executeTakeFirstOrThrow()).participant_id).toBe(p.id);

    const q = await participant([keeping, deleting]);
    expect((await api('POST', eraseUrl(keeping, q.id), manager)).statusCode).toBe(200);
    const kept = await db().selectFrom('submissions').select(['id', 'participant_id']).where('id', '=', q.answers[0]).executeTakeFirstOrThrow();
    expect(kept.participant_id).not.toBe(q.id);
    const holder = await db().selectFrom('participants').select('email').where('id', '=', kept.participant_id).executeTakeFirstOrThrow();
    expect(holder.email).toMatch(/@erased\.invalid$/);
    expect(await db().selectFrom('participations').select('study_id').where('participant_id', '=', q.id).execute()).toEqual([{ study_id: deleting._id }]);
  });

  it('is open to any lab user of the study\'s lab, as the other participant-management actions', async () => {
    const email = uniqueEmail('member');
    const reg = await api('POST', '/api/users/lm/register', manager, { email, password: USER_PASSWORD });
    expect(reg.statusCode).toBeLessThan(300);
    const member = await labUserToken(t.app, email, USER_PASSWORD);
    const p = await participant([deleting]);
    expect((await api('POST', eraseUrl(deleting, p.id), member)).statusCode).toBe(200);
  });

  it("answers 404 for another lab, an unknown participant or one not in the study; 401 signed out or with a participant's token", async () => {
    const p = await participant([deleting]);
    expect((await api('POST', eraseUrl(deleting, p.id), otherLab)).statusCode).toBe(404);
    expect((await api('POST', eraseUrl(deleting, 'no-such-participant'), manager)).statusCode).toBe(404);
    expect((await api('POST', eraseUrl(keeping, p.id), manager)).statusCode).toBe(404);
    expect((await api('POST', eraseUrl(deleting, p.id), undefined)).statusCode).toBe(401);
    const { token } = await appSignup(t.app);
    expect((await api('POST', eraseUrl(deleting, p.id), token)).statusCode).toBe(401);
    expect((await api('POST', eraseUrl(deleting, p.id), p.token)).statusCode).toBe(401);
    expect(await db().selectFrom('participants').select('id').where('id', '=', p.id).execute()).toHaveLength(1);
  });
});
