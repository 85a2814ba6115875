// Analysts' API keys (issue 36 part 2): made, listed and revoked on the user's own account; a key reads only the
// data downloads and study reads of its studies, never writes, never another call, never a participant call;
// revoked, expired or orphaned keys answer 401; every use is in the audit trail. On SQLite and PostgreSQL.
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send } from '../support/api';
import { appLogin, assign, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Study } from '../../../src/shared/types/study';
import { API_KEY_NAME_MAX, API_KEY_NAME_INPUT_MAX, API_KEY_PREFIX, API_KEY_SHOWN_CHARS, API_KEY_STUDIES_MAX, type ApiKeyStudy, type ApiKeySummary, type CreatedApiKey } from '../../../src/shared/apiKeys';
import { apiKeyMessages, authMessages, participantMessages } from '../../../src/shared/messages';
import { ZIP_MEDIA_TYPE } from '../../../src/shared/types/dataDownloads';
import { tokenId } from '../../../src/server/services/exports/imageDownloads/imageDownloads';

jest.setTimeout(60_000);

const DAY_MS = 24 * 3600_000;

function inDays(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

describe.each(databases)('API keys (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  /** A lab user with no permission entry: may still download the lab's data. */
  let analyst: string;
  let analystId: string;
  let otherManager: string;
  let study: Study;
  let secondStudy: Study;
  let otherStudy: Study;
  let participantToken: string;
  let participantId: string;

  async function createKey(token: string, body: Record<string, unknown>) {
    return send(t.app, { method: 'POST', url: '/api/users/me/api_keys', token, payload: body });
  }

  async function newKey(token: string, studyIds: string[], name = 'Analysis script'): Promise<CreatedApiKey> {
    const res = await createKey(token, { name, studyIds, expiresAt: inDays(30) });
    expect(res.statusCode).toBe(201);
    return json<CreatedApiKey>(res);
  }

  function readStudy(key: string, studyId: string) {
    return send(t.app, { method: 'GET', url: `/api/studies/${studyId}`, token: key });
  }

  function downloadAnalysis(key: string, s: Study) {
    return call(t.app, { method: 'POST', url: `/api/data/${s._id}/download_analysis`, token: key, headers: { accept: ZIP_MEDIA_TYPE }, payload: { stageId: s.stage_list[0]._id } });
  }

  function auditOf(kind: string) {
    return t.app.ctx.db.selectFrom('audit_entries').selectAll().where('kind', '=', kind).orderBy('seq').execute();
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const user = await registerUser(t.app, owner, lab.labId, { access: [] });
    analystId = user._id;
    analyst = await labUserToken(t.app, user.email, user.password);
    const other = await seedLab(t.app, owner);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager, { active: true });
    secondStudy = await createStudy(t.app, manager);
    otherStudy = await createStudy(t.app, otherManager);
    // One questionnaire to answer once, planned for the participant: the analysis zip has a row to write.
    const once = await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('o0', 'or0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('or0', 'text'), position: 0 }] }]);
    const stage = study.stage_list[0];
    await setGroupSettings(t.app.ctx.db, stage.participant_group_list[0]._id, { once: [once._id] });
    const participant = await createParticipant(t.app, manager, study._id);
    participantId = participant._id;
    await assign(t.app, manager, study._id, participantId, stage._id, stage.participant_group_list[0]._id);
    participantToken = (await appLogin(t.app, participant.email)).token;
    expect((await call(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: participantToken })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('answers the key once, stores only its SHA-256, and lists it without the key', async () => {
    const res = await createKey(analyst, { name: '  Nightly R script ', studyIds: [study._id, study._id], expiresAt: inDays(10) });
    expect(res.statusCode).toBe(201);
    const created = json<CreatedApiKey>(res);
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.key.length).toBeGreaterThanOrEqual(40);

    const stored = await t.app.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(Object.values(stored)).not.toContain(created.key);

    const list = await send(t.app, { method: 'GET', url: '/api/users/me/api_keys', token: analyst });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const mine = json<ApiKeySummary[]>(list).find((k) => k.id === created.id);
    expect(mine).toMatchObject({ name: 'Nightly R script', prefix: created.key.slice(0, API_KEY_SHOWN_CHARS), studyIds: [study._id], lastUsedAt: null, revokedAt: null });

    // Another user's list does not hold it.
    const others = json<ApiKeySummary[]>(await send(t.app, { method: 'GET', url: '/api/users/me/api_keys', token: manager }));
    expect(others.map((k) => k.id)).not.toContain(created.id);

    const [entry] = (await auditOf('apiKey.created')).filter((e) => e.entity_id === created.id);
    expect(entry.actor_id).toBe(analystId);
    expect(entry.changes).not.toContain(created.key);
  });

  it('reads the studies it was given and downloads their data, recording each use and the last use', async () => {
    const { id, key } = await newKey(analyst, [study._id]);
    const read = await readStudy(key, study._id);
    expect(read.statusCode).toBe(200);
    expect(json<Study>(read)._id).toBe(study._id);

    const zip = await downloadAnalysis(key, study);
    expect([zip.statusCode, zip.statusCode === 200 ? '' : zip.body]).toEqual([200, '']);
    expect(zip.headers['content-type']).toBe(ZIP_MEDIA_TYPE);
    // Its README shows how to fetch this very zip with a key: the real address and body, in R and Python.
    const readme = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['README.txt']);
    const url = `http://localhost:80/api/data/${study._id}/download_analysis`;
    expect(readme).toContain(`POST ${url}`);
    expect(readme).toContain(`request("${url}") |>`);
    expect(readme).toContain('req_auth_bearer_token(Sys.getenv("PORTAL_API_KEY"))');
    expect(readme).toContain(`req_body_json(list(stageId = "${study.stage_list[0]._id}", includePilot = FALSE))`);
    expect(readme).toContain(`json={"stageId": "${study.stage_list[0]._id}", "includePilot": False}`);
    expect(readme).toContain('"Authorization": "Bearer " + os.environ["PORTAL_API_KEY"]');

    const photos = await send(t.app, { method: 'GET', url: `/api/data/${study._id}/${participantId}/download_img_resp`, token: key });
    expect(photos.statusCode).toBe(200);

    const uses = (await auditOf('apiKey.used')).filter((e) => e.entity_id === id);
    expect(uses.map((e) => e.study_id)).toEqual([study._id, study._id, study._id]);
    expect(uses.map((e) => e.actor_id)).toEqual([analystId, analystId, analystId]);
    expect(uses[1].changes).toContain('POST /api/data/:studyId/download_analysis');
    // The download itself is in the trail as any download is.
    const downloads = (await auditOf('data.downloaded')).filter((e) => e.actor_id === analystId && e.study_id === study._id);
    expect(downloads.length).toBeGreaterThanOrEqual(1);

    const listed = json<ApiKeySummary[]>(await send(t.app, { method: 'GET', url: '/api/users/me/api_keys', token: analyst })).find((k) => k.id === id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(listed?.lastUsedAt ?? '')).toBeLessThan(60_000);
  });

  it('lists the studies a key may be given: those of the lab, for any lab user', async () => {
    const res = await send(t.app, { method: 'GET', url: '/api/users/me/api_keys/studies', token: analyst });
    expect(res.statusCode).toBe(200);
    const ids = json<ApiKeyStudy[]>(res).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([study._id, secondStudy._id]));
    expect(ids).not.toContain(otherStudy._id);
    expect((await send(t.app, { method: 'GET', url: '/api/users/me/api_keys/studies', token: participantToken })).statusCode).toBe(401);
    expect((await send(t.app, { method: 'GET', url: '/api/users/me/api_keys/studies' })).statusCode).toBe(401);
  });

  it('answers 403 for a study the key was not given, on every call it accepts', async () => {
    const { key } = await newKey(analyst, [study._id]);
    expect(messageOf(await readStudy(key, secondStudy._id))).toBe(apiKeyMessages.keyStudyNotAllowed);
    expect((await readStudy(key, secondStudy._id)).statusCode).toBe(403);
    const zip = await downloadAnalysis(key, secondStudy);
    expect(zip.statusCode).toBe(403);
    expect(messageOf(zip)).toBe(apiKeyMessages.keyStudyNotAllowed);
    const time = await send(t.app, { method: 'POST', url: `/api/data/${secondStudy._id}/download_resp_time`, token: key, payload: { stageId: secondStudy.stage_list[0]._id, groupId: secondStudy.stage_list[0].participant_group_list[0]._id } });
    expect(time.statusCode).toBe(403);
    const photos = await send(t.app, { method: 'GET', url: `/api/data/${secondStudy._id}/${participantId}/download_img_resp`, token: key });
    expect(photos.statusCode).toBe(403);
  });

  it("refuses a photo zip's link of a study the key was not given, and gives the one of its own study", async () => {
    const { key } = await newKey(analyst, [study._id]);
    const start = await send(t.app, { method: 'GET', url: `/api/data/${study._id}/${participantId}/download_img_resp`, token: key });
    expect(start.statusCode).toBe(200);
    // A build the analyst started with a session for another study: its link is not the key's to read.
    const secondParticipant = await createParticipant(t.app, manager, secondStudy._id);
    const now = Date.now();
    for (const [token, s, p] of [
      ['own-study-token', study._id, participantId],
      ['other-study-token', secondStudy._id, secondParticipant._id],
    ] as const) {
      await t.app.ctx.db
        .insertInto('image_downloads')
        .values({ id: tokenId(token), lab_user_id: analystId, study_id: s, participant_id: p, status: 'building', object_key: `k-${token}`, file_name: 'photos.zip', photo_count: 1, size: null, created_at: new Date(now).toISOString(), heartbeat_at: new Date(now).toISOString(), expires_at: new Date(now + DAY_MS).toISOString() })
        .execute();
    }
    const refused = await send(t.app, { method: 'POST', url: '/api/data/get_img_resp_link', token: key, payload: { s3ZipperToken: 'other-study-token' } });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(apiKeyMessages.keyStudyNotAllowed);
    const pending = await send(t.app, { method: 'POST', url: '/api/data/get_img_resp_link', token: key, payload: { s3ZipperToken: 'own-study-token' } });
    expect(pending.statusCode).toBe(202);
    // The session still reads both.
    expect((await send(t.app, { method: 'POST', url: '/api/data/get_img_resp_link', token: analyst, payload: { s3ZipperToken: 'other-study-token' } })).statusCode).toBe(202);
  });

  it('answers 403 on every other staff call: writes, other reads, key management, the owner’s calls', async () => {
    const { key } = await newKey(manager, [study._id, secondStudy._id]);
    const refusedCalls = [
      { method: 'PUT', url: `/api/studies/${study._id}/edit_basic`, payload: { chin_name: 'Renamed' } },
      { method: 'DELETE', url: `/api/studies/${secondStudy._id}` },
      { method: 'POST', url: '/api/studies', payload: { chin_name: 'New' } },
      { method: 'POST', url: `/api/studies/${study._id}/activate` },
      { method: 'POST', url: `/api/participants/${study._id}/create`, payload: { studyId: study._id, email: 'x@lab.org', password: 'pass-word-1', confirmPassword: 'pass-word-1' } },
      { method: 'GET', url: '/api/studies' },
      { method: 'GET', url: `/api/participants/${study._id}/get_participants` },
      { method: 'GET', url: '/api/access/get_all_access' },
      { method: 'GET', url: '/api/users/me/api_keys' },
      { method: 'POST', url: '/api/users/me/api_keys', payload: { name: 'Minted', studyIds: [study._id], expiresAt: inDays(5) } },
      { method: 'POST', url: '/api/users/logout' },
      { method: 'GET', url: '/api/labs' },
    ] as const;
    for (const c of refusedCalls) {
      const res = await send(t.app, { ...c, token: key });
      expect([`${c.method} ${c.url}`, res.statusCode, messageOf(res)]).toEqual([`${c.method} ${c.url}`, 403, apiKeyMessages.keyNotAllowedHere]);
    }
    // Nothing was changed.
    expect(json<Study>(await readStudy(manager, study._id)).chin_name).toBe(study.chin_name);
    expect((await readStudy(manager, secondStudy._id)).statusCode).toBe(200);
  });

  it('never works on a participant (/api/app) call', async () => {
    const { key } = await newKey(manager, [study._id]);
    const res = await send(t.app, { method: 'GET', url: '/api/app/studies', token: key });
    expect(res.statusCode).toBe(401);
    expect(messageOf(res)).toBe(authMessages.sessionMissing);
  });

  it("does not take a participant's token for a key, on the reads a key may make or on the key calls", async () => {
    for (const c of [
      { method: 'GET', url: `/api/studies/${study._id}` },
      { method: 'POST', url: `/api/data/${study._id}/download_analysis`, payload: { stageId: study.stage_list[0]._id } },
      { method: 'GET', url: '/api/users/me/api_keys' },
      { method: 'POST', url: '/api/users/me/api_keys', payload: { name: 'Participant', studyIds: [study._id], expiresAt: inDays(5) } },
      { method: 'DELETE', url: '/api/users/me/api_keys/some-id' },
    ] as const) {
      const res = await send(t.app, { ...c, token: participantToken });
      expect([c.url, res.statusCode, messageOf(res)]).toEqual([c.url, 401, participantMessages.wrongTokenKind]);
    }
  });

  it('answers 401 signed out and 403 to the system owner on the key calls', async () => {
    for (const c of [
      { method: 'GET', url: '/api/users/me/api_keys' },
      { method: 'POST', url: '/api/users/me/api_keys', payload: { name: 'x', studyIds: [study._id], expiresAt: inDays(5) } },
      { method: 'DELETE', url: '/api/users/me/api_keys/some-id' },
    ] as const) {
      const out = await send(t.app, c);
      expect([c.method, out.statusCode, messageOf(out)]).toEqual([c.method, 401, authMessages.sessionMissing]);
      const asOwner = await send(t.app, { ...c, token: owner });
      expect([c.method, asOwner.statusCode, messageOf(asOwner)]).toEqual([c.method, 403, authMessages.labUserOnly]);
    }
  });

  it("refuses a key of another lab's user on this lab's study, and such a key cannot be made", async () => {
    const { key } = await newKey(otherManager, [otherStudy._id]);
    expect((await readStudy(key, otherStudy._id)).statusCode).toBe(200);
    const read = await readStudy(key, study._id);
    expect(read.statusCode).toBe(403);
    expect(messageOf(read)).toBe(apiKeyMessages.keyStudyNotAllowed);
    expect((await downloadAnalysis(key, study)).statusCode).toBe(403);

    const res = await createKey(otherManager, { name: 'Theirs', studyIds: [otherStudy._id, study._id], expiresAt: inDays(5) });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe(apiKeyMessages.studyNotDownloadable);
  });

  it('answers 401 once revoked; only the owner revokes; revoking again is harmless', async () => {
    const { id, key } = await newKey(analyst, [study._id]);
    expect((await readStudy(key, study._id)).statusCode).toBe(200);

    const notMine = await send(t.app, { method: 'DELETE', url: `/api/users/me/api_keys/${id}`, token: manager });
    expect(notMine.statusCode).toBe(404);
    expect(messageOf(notMine)).toBe(apiKeyMessages.keyNotFound);
    expect((await readStudy(key, study._id)).statusCode).toBe(200);

    const revoked = await send(t.app, { method: 'DELETE', url: `/api/users/me/api_keys/${id}`, token: analyst });
    expect(revoked.statusCode).toBe(200);
    expect(messageOf(revoked)).toBe(apiKeyMessages.keyRevokedDone);
    for (const res of [await readStudy(key, study._id), await downloadAnalysis(key, study)]) {
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(apiKeyMessages.keyRevoked);
    }
    expect((await send(t.app, { method: 'DELETE', url: `/api/users/me/api_keys/${id}`, token: analyst })).statusCode).toBe(200);
    const listed = json<ApiKeySummary[]>(await send(t.app, { method: 'GET', url: '/api/users/me/api_keys', token: analyst })).find((k) => k.id === id);
    expect(listed?.revokedAt).not.toBeNull();
    expect((await auditOf('apiKey.revoked')).filter((e) => e.entity_id === id)).toHaveLength(1);
  });

  it('answers 401 once expired, and for a key that was never made', async () => {
    const { id, key } = await newKey(analyst, [study._id]);
    await t.app.ctx.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    const expired = await readStudy(key, study._id);
    expect(expired.statusCode).toBe(401);
    expect(messageOf(expired)).toBe(apiKeyMessages.keyExpired);

    const unknown = await readStudy(`${API_KEY_PREFIX}${'A'.repeat(43)}`, study._id);
    expect(unknown.statusCode).toBe(401);
    expect(messageOf(unknown)).toBe(apiKeyMessages.keyInvalid);
  });

  it("stops working when its user is removed or the study is deleted", async () => {
    const gone = await registerUser(t.app, owner, (await t.app.ctx.db.selectFrom('lab_users').select('lab_id').where('id', '=', analystId).executeTakeFirstOrThrow()).lab_id, { access: [] });
    const goneToken = await labUserToken(t.app, gone.email, gone.password);
    const { key } = await newKey(goneToken, [study._id]);
    expect((await readStudy(key, study._id)).statusCode).toBe(200);
    expect((await send(t.app, { method: 'DELETE', url: `/api/users/systemowner/users/${gone._id}`, token: owner })).statusCode).toBe(200);
    const res = await readStudy(key, study._id);
    expect(res.statusCode).toBe(401);
    expect(messageOf(res)).toBe(apiKeyMessages.keyInvalid);

    const doomed = await createStudy(t.app, manager);
    const { id, key: doomedKey } = await newKey(manager, [doomed._id, study._id]);
    expect((await send(t.app, { method: 'DELETE', url: `/api/studies/${doomed._id}`, token: manager })).statusCode).toBe(200);
    expect((await readStudy(doomedKey, doomed._id)).statusCode).toBe(403);
    const listed = json<ApiKeySummary[]>(await send(t.app, { method: 'GET', url: '/api/users/me/api_keys', token: manager })).find((k) => k.id === id);
    expect(listed?.studyIds).toEqual([study._id]);
  });

  it('refuses bad inputs with the shared messages', async () => {
    const good = { name: 'Script', studyIds: [study._id], expiresAt: inDays(30) };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...good, name: '' }, 400, apiKeyMessages.nameRequired],
      [{ ...good, name: '   ' }, 400, apiKeyMessages.nameRequired],
      [{ ...good, name: 'n'.repeat(API_KEY_NAME_MAX + 1) }, 400, apiKeyMessages.nameTooLong],
      [{ ...good, studyIds: [] }, 400, apiKeyMessages.studiesRequired],
      [{ ...good, studyIds: Array.from({ length: API_KEY_STUDIES_MAX + 1 }, (_, i) => `study-${i}`) }, 400, apiKeyMessages.tooManyStudies],
      [{ ...good, expiresAt: '' }, 400, apiKeyMessages.expiryRequired],
      [{ ...good, expiresAt: 'next week' }, 400, apiKeyMessages.expiryRequired],
      [{ ...good, expiresAt: new Date(Date.now() - 60_000).toISOString() }, 400, apiKeyMessages.expiryInPast],
      [{ ...good, expiresAt: inDays(367) }, 400, apiKeyMessages.expiryTooFar],
      [{ ...good, studyIds: ['no-such-study'] }, 403, apiKeyMessages.studyNotDownloadable],
      [{ ...good, studyIds: [study._id, otherStudy._id] }, 403, apiKeyMessages.studyNotDownloadable],
    ];
    for (const [body, status, message] of cases) {
      const res = await createKey(analyst, body);
      expect([JSON.stringify(body).slice(0, 80), res.statusCode, messageOf(res)]).toEqual([JSON.stringify(body).slice(0, 80), status, message]);
    }
    // Past the request's bounds, or missing a field: refused before the rules.
    for (const body of [{ ...good, name: 'n'.repeat(API_KEY_NAME_INPUT_MAX + 1) }, { name: 'Script', studyIds: [study._id] }, { ...good, studyIds: [{ id: 1 }] }]) {
      expect((await createKey(analyst, body)).statusCode).toBe(400);
    }
    // A year ahead to the day is allowed.
    expect((await createKey(analyst, { ...good, expiresAt: inDays(364) })).statusCode).toBe(201);
  });
});
