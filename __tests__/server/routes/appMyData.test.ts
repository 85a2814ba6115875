// GET /api/app/me/export (issue 36 part 3): My data's zip holds the account, the participations with the consent
// agreed to, every answer with its moments and items (JSON and CSV), and the photos with their manifest; nothing
// of another participant; who may call it.
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setConsent, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

const questions = (): Question[] => [{ ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), position: 0 }] }];

describe.each(databases)('My data (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let daily: Questionnaire;
  let study: Study;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    daily = await createQuestionnaire(t.app, manager, questions);
    study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { once: [daily._id], anytime: [daily._id] });
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  async function participant(): Promise<{ id: string; email: string; token: string }> {
    const p = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, p.email);
    expect((await api('GET', `/api/app/studies/${study._id}/tasks`, token)).statusCode).toBe(200);
    return { id: p._id, email: p.email, token };
  }

  let seq = 0;
  async function answer(token: string, value: string): Promise<string> {
    seq += 1;
    const res = await api('POST', `/api/app/studies/${study._id}/responses`, token, {
      submissionId: `mine-${seq}-${Date.now()}`,
      taskId: null,
      questionnaireId: daily._id,
      startedAt: '2026-12-01T08:00:00.000Z',
      submittedAt: '2026-12-01T08:01:00.000Z',
      answers: [{ question_pos: 0, response_pos: 0, value }],
    });
    expect(res.statusCode).toBe(201);
    return json<{ _id: string }>(res)._id;
  }

  const unzip = (res: LightMyRequestResponse) => unzipSync(new Uint8Array(res.rawPayload));

  it('answers a zip of the account, the participation, every answer with its moments (JSON and CSV) and the photos', async () => {
    await setConsent(t.app.ctx.db, study._id, false);
    const me = await participant();
    const other = await participant();
    const first = await answer(me.token, 'calm, "rested"');
    await answer(me.token, 'tired');
    await answer(other.token, 'someone else');
    // A photo held by the first answer, stored as an upload would store it.
    const photoId = `photo${Date.now()}`;
    const key = `photos/${photoId}.jpg`;
    await t.app.ctx.storage.writeStream(key, Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]), 'image/jpeg');
    await t.app.ctx.db
      .insertInto('photo_uploads')
      .values({ id: photoId, participant_id: me.id, object_key: key, content_type: 'image/jpeg', max_bytes: 100, expires_at: '2026-12-01T09:00:00.000Z', used_at: '2026-12-01T08:00:30.000Z', submission_id: first, created_at: '2026-12-01T08:00:30.000Z' })
      .execute();

    const res = await api('GET', '/api/app/me/export', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.zip"');
    const files = unzip(res);
    expect(Object.keys(files).sort()).toEqual(['account.json', 'answers.csv', 'answers.json', 'participations.json', `photos/${photoId}.jpg`, 'photos.json'].sort());
    const account = JSON.parse(strFromU8(files['account.json'])) as Record<string, unknown>;
    expect(account).toMatchObject({ id: me.id, email: me.email });
    const participations = JSON.parse(strFromU8(files['participations.json'])) as Record<string, unknown>[];
    expect(participations).toEqual([expect.objectContaining({ study_id: study._id, study_code: study.study_code, status: 'enrolled' })]);
    const answers = JSON.parse(strFromU8(files['answers.json'])) as { id: string; started_at: string; submitted_at: string; received_at: string; items: unknown[] }[];
    expect(answers).toHaveLength(2);
    expect(answers.find((a) => a.id === first)).toMatchObject({ started_at: '2026-12-01T08:00:00.000Z', submitted_at: '2026-12-01T08:01:00.000Z', received_at: expect.any(String), items: [{ question_pos: 0, response_pos: 0, value: 'calm, "rested"' }] });
    const csv = strFromU8(files['answers.csv']);
    expect(Array.from(files['answers.csv'].slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.replace('\uFEFF', '').split('\r\n')[0]).toBe('answer_id,study_code,questionnaire,started_at,submitted_at,received_at,late,question_pos,response_pos,value');
    expect(csv).toContain(`${first},${study.study_code},`);
    expect(csv).toContain(',0,0,"calm, ""rested"""\r\n');
    expect(csv).not.toContain('someone else');
    expect(JSON.stringify(answers)).not.toContain('someone else');
    expect(Array.from(files[`photos/${photoId}.jpg`])).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(JSON.parse(strFromU8(files['photos.json']))).toEqual([{ file: `photos/${photoId}.jpg`, answer_id: first, uploaded_at: '2026-12-01T08:00:30.000Z' }]);

    // The other participant's zip holds only their own.
    const theirs = unzip(await api('GET', '/api/app/me/export', other.token));
    expect(JSON.parse(strFromU8(theirs['account.json']))).toMatchObject({ id: other.id, email: other.email });
    expect(strFromU8(theirs['answers.json'])).not.toContain('tired');
    expect(Object.keys(theirs).some((name) => name.startsWith('photos/'))).toBe(false);
  });

  it('answers 401 signed out, to a staff token and once the account is erased', async () => {
    const me = await participant();
    expect((await api('GET', '/api/app/me/export', undefined)).statusCode).toBe(401);
    expect((await api('GET', '/api/app/me/export', manager)).statusCode).toBe(401);
    expect((await api('POST', '/api/app/me/delete', me.token, { password: 'participant-pass-1' })).statusCode).toBe(200);
    expect((await api('GET', '/api/app/me/export', me.token)).statusCode).toBe(401);
  });
});
