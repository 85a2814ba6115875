// POST /api/app/me/delete (issue 36 part 3): the password checked (the message when wrong), then the account,
// its email, sessions and push subscriptions erased and, per study, its answers deleted or kept under an empty
// account as the study chose; one audit entry per study without the email, the chain still verifiable; the same
// token again answers the first answer; an answer sent while the account is erased ends stored-then-erased or
// refused, never linked; who may call it.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, PARTICIPANT_PASSWORD, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { authMessages, dataRightsMessages } from '../../../src/shared/messages';
import type { Study } from '../../../src/shared/types/study';
import { verifyAuditChain } from '../../../src/server/services/audit/verify';
import type { AnswerWrite } from '../../../src/server/repositories/answerWrites';


jest.setTimeout(60_000);

const questions = (): Question[] => [{ ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), position: 0 }] }];

describe.each(databases)('erasing a participant account from the app (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let daily: Questionnaire;
  let keeping: Study;
  let deleting: Study;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
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

  function api(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  /** A participant in both studies, signed in. */
  async function participant(): Promise<{ id: string; email: string; token: string }> {
    const p = await createParticipant(t.app, manager, keeping._id);
    const { token } = await appLogin(t.app, p.email);
    expect((await api('POST', '/api/app/studies/join', token, { studyCode: deleting.study_code })).statusCode).toBe(201);
    // The first read of the tasks is the arrival that makes the plan.
    for (const study of [keeping, deleting]) expect((await api('GET', `/api/app/studies/${study._id}/tasks`, token)).statusCode).toBe(200);
    return { id: p._id, email: p.email, token };
  }

  let seq = 0;
  function respond(token: string, studyId: string) {
    seq += 1;
    const now = new Date().toISOString();
    return api('POST', `/api/app/studies/${studyId}/responses`, token, { submissionId: `erase-${seq}-${Date.now()}`, taskId: null, questionnaireId: daily._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: 'fine' }] });
  }

  const erase = (token: string | undefined, password = PARTICIPANT_PASSWORD) => api('POST', '/api/app/me/delete', token, { password });
  const db = () => t.app.ctx.db;
  const submissionsOf = (studyId: string) =>
    db().selectFrom('submissions').innerJoin('participations', 'participations.id', 'submissions.participation_id').select(['submissions.id', 'submissions.participant_id']).where('participations.study_id', '=', studyId).execute();

  it('erases the account: email, sessions and push subscriptions gone; answers deleted or kept unlinked as each study chose', async () => {
    const p = await participant();
    for (const studyId of [keeping._id, deleting._id]) {
      const res = await respond(p.token, studyId);
      expect(res.statusCode).toBe(201);
    }
    await db().insertInto('push_subscriptions').values({ id: `push-${p.id}`, participant_id: p.id, endpoint: `https://push.example/${p.id}`, p256dh: 'k', auth: 'a', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    const keptBefore = (await submissionsOf(keeping._id)).filter((s) => s.participant_id === p.id).map((s) => s.id);
    expect(keptBefore).toHaveLength(1);

    const res = await erase(p.token);
    expect([res.statusCode, messageOf(res)]).toEqual([200, dataRightsMessages.accountErased]);

    expect(await db().selectFrom('participants').select('id').where('id', '=', p.id).execute()).toEqual([]);
    expect(await db().selectFrom('participants').select('id').where('email', '=', p.email).execute()).toEqual([]);
    expect(await db().selectFrom('participant_sessions').select('id').where('participant_id', '=', p.id).execute()).toEqual([]);
    expect(await db().selectFrom('push_subscriptions').select('id').where('participant_id', '=', p.id).execute()).toEqual([]);
    expect(await db().selectFrom('participations').select('id').where('participant_id', '=', p.id).execute()).toEqual([]);
    // The deleting study has none of its answers left; the keeping study keeps it under an empty account.
    expect((await submissionsOf(deleting._id)).filter((s) => s.participant_id === p.id)).toEqual([]);
    const kept = (await submissionsOf(keeping._id)).filter((s) => keptBefore.includes(s.id));
    expect(kept).toHaveLength(1);
    const holder = await db().selectFrom('participants').selectAll().where('id', '=', kept[0].participant_id).executeTakeFirstOrThrow();
    expect(holder.id).not.toBe(p.id);
    expect(holder.email).toBe(`erased-${holder.id}@erased.invalid`);
    expect(holder.password_hash).toBe('');
    const keptParticipation = await db().selectFrom('participations').selectAll().where('participant_id', '=', holder.id).executeTakeFirstOrThrow();
    expect([keptParticipation.study_id, keptParticipation.status]).toEqual([keeping._id, 'withdrawn']);

    // The session is over and the password signs in no more.
    expect((await api('GET', '/api/app/studies', p.token)).statusCode).toBe(401);
    expect((await api('POST', '/api/app/login', undefined, { email: p.email, password: PARTICIPANT_PASSWORD })).statusCode).toBe(401);
  });

  it('records one entry per study without the email, and the audit chain stays verifiable', async () => {
    const p = await participant();
    expect((await erase(p.token)).statusCode).toBe(200);
    const entries = await db().selectFrom('audit_entries').selectAll().where('kind', '=', 'participant.erased').where('entity_id', '=', p.id).execute();
    expect(entries.map((e) => e.study_id).sort()).toEqual([keeping._id, deleting._id].sort());
    for (const e of entries) {
      expect(JSON.stringify(e)).not.toContain(p.email);
      expect([e.actor_kind, e.actor_email]).toEqual(['participant', null]);
    }
    const report = await verifyAuditChain(db());
    expect(report.broken).toBeNull();
  });

  it('answers the same 200 to the same token sent again after success (the app retrying), and the account stays erased', async () => {
    const p = await participant();
    const first = await erase(p.token);
    const again = await erase(p.token);
    expect([again.statusCode, json(again)]).toEqual([first.statusCode, json(first)]);
    expect(await db().selectFrom('participant_erasures').select('participant_id').where('participant_id', '=', p.id).execute()).toHaveLength(1);
  });

  it('refuses a wrong password with 400 and the message, erasing nothing; a missing, mistyped or over-long password 400', async () => {
    const p = await participant();
    const wrong = await erase(p.token, 'not-the-password');
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, dataRightsMessages.erasePasswordWrong]);
    expect((await api('POST', '/api/app/me/delete', p.token, {})).statusCode).toBe(400);
    expect((await api('POST', '/api/app/me/delete', p.token, { password: 12345678 })).statusCode).toBe(400);
    expect((await api('POST', '/api/app/me/delete', p.token, { password: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect(await db().selectFrom('participants').select('id').where('id', '=', p.id).execute()).toHaveLength(1);
    expect((await api('GET', '/api/app/studies', p.token)).statusCode).toBe(200);
  });

  it("erases only the token's own account: another participant's password does not work, and that account stays", async () => {
    const a = await participant();
    const b = await participant();
    const res = await api('POST', '/api/app/me/delete', b.token, { password: PARTICIPANT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await db().selectFrom('participants').select('id').where('id', '=', a.id).execute()).toHaveLength(1);
    expect((await api('GET', '/api/app/studies', a.token)).statusCode).toBe(200);
  });

  it("answers 401 signed out and to a staff token, erasing nothing", async () => {
    const p = await participant();
    const signedOut = await erase(undefined);
    expect([signedOut.statusCode, messageOf(signedOut)]).toEqual([401, authMessages.sessionMissing]);
    expect((await erase(manager)).statusCode).toBe(401);
    expect((await erase('not-a-token')).statusCode).toBe(401);
    expect(await db().selectFrom('participants').select('id').where('id', '=', p.id).execute()).toHaveLength(1);
  });

  it('an answer sent while the account is erased is stored-then-erased or refused, never left linked', async () => {
    for (let round = 0; round < 4; round += 1) {
      const p = await participant();
      const [answerA, answerB, erased] = await Promise.all([respond(p.token, deleting._id), respond(p.token, keeping._id), erase(p.token)]);
      expect(erased.statusCode).toBe(200);
      for (const res of [answerA, answerB]) expect([201, 401, 404, 409]).toContain(res.statusCode);
      expect(await db().selectFrom('submissions').select('id').where('participant_id', '=', p.id).execute()).toEqual([]);
      expect(await db().selectFrom('participants').select('id').where('id', '=', p.id).execute()).toEqual([]);
      const keptIds = (await submissionsOf(keeping._id)).map((s) => s.participant_id);
      expect(keptIds).not.toContain(p.id);
    }
  });

  it('refuses, in the writer, an answer whose account was erased on its way, and still stores the answer written beside it', async () => {
    const alive = await participant();
    const gone = await participant();
    const stored = async (who: { token: string }) => {
      const res = await respond(who.token, deleting._id);
      expect(res.statusCode).toBe(201);
      const { _id } = json<{ _id: string }>(res);
      return db().selectFrom('submissions').selectAll().where('id', '=', _id).executeTakeFirstOrThrow();
    };
    const writeLike = ({ request_fingerprint: _fingerprint, ...row }: Awaited<ReturnType<typeof stored>>, n: number): AnswerWrite => ({
      submission: { ...row, id: `${row.id.slice(0, 20)}w${n}`, client_submission_id: `writer-${n}-${Date.now()}` },
      sentTaskId: null,
      items: [[0, 0, '"fine"']],
      completes: [],
      clockOffsetMs: 0,
      photoIds: [],
      followups: [],
    });
    const [aliveRow, goneRow] = [await stored(alive), await stored(gone)];
    expect((await erase(gone.token)).statusCode).toBe(200);
    // Submitted in one turn of the event loop, so that both are written in one group.
    const [kept, refused] = await Promise.all([t.app.ctx.answers.submit(writeLike(aliveRow, 1)), t.app.ctx.answers.submit(writeLike(goneRow, 2))]);
    expect(kept).toEqual({ _id: expect.any(String), status: 201 });
    expect(refused).toEqual({ refused: 'accountErased' });
    expect(await db().selectFrom('submissions').select('id').where('participant_id', '=', gone.id).execute()).toEqual([]);
    expect(await db().selectFrom('submissions').select('id').where('participant_id', '=', alive.id).execute()).toHaveLength(2);
  });
});
