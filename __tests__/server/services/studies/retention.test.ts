// A study's retention date carried out (issue 36 part 3), against an SMTP server of the tests' own and with the
// job's clock moved: nothing before the date; the owner mailed once a week before (two rounds at once, as two
// processes would, and a later round, send one mail); from the day after the date the study's answers, their
// photos' rows and stored files deleted once, in the audit trail, the day recorded on the study, another study
// untouched; a later round does nothing more; the data downloads made afterwards say so.
import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { call, createTestApp, databases, labUserToken, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { startSmtp, type RunningSmtp } from '../../support/smtp';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../../src/shared/questionnaire/types';
import type { Study } from '../../../../src/shared/types/study';
import { ZIP_MEDIA_TYPE } from '../../../../src/shared/types/dataDownloads';
import { retentionTexts } from '../../../../src/shared/retention';
import { verifyAuditChain } from '../../../../src/server/services/audit/verify';

jest.setTimeout(90_000);

const RETENTION_UNTIL = '2031-03-10';
/** Noon in Hong Kong (the studies' zone) of a day. */
const noonOf = (day: string) => Date.parse(`${day}T04:00:00Z`);
const questions = (): Question[] => [{ ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), position: 0 }] }];

describe.each(databases)("a study's retention date (%s)", (database) => {
  let smtp: RunningSmtp;
  let t: TestApp;
  let manager: string;
  let daily: Questionnaire;
  let retained: Study;
  let kept: Study;
  let ownerEmail: string;
  let photoKey: string;
  let seq = 0;

  const db = () => t.app.ctx.db;
  const mailsToOwner = () => smtp.mails.filter((m) => m.to.includes(ownerEmail.toLowerCase()));

  async function answered(token: string, study: Study): Promise<string> {
    expect((await call(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token })).statusCode).toBe(200);
    seq += 1;
    const now = new Date().toISOString();
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/app/studies/${study._id}/responses`,
      token,
      payload: { submissionId: `ret-${seq}-${Date.now()}`, taskId: null, questionnaireId: daily._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: `answer ${seq}` }] },
    });
    expect(res.statusCode).toBe(201);
    return (JSON.parse(res.body) as { _id: string })._id;
  }

  async function participantWithAnswer(study: Study): Promise<{ token: string; answer: string; participantId: string }> {
    const p = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, p.email);
    return { token, answer: await answered(token, study), participantId: p._id };
  }

  function download(study: Study, kind: 'download_text_resp' | 'download_analysis') {
    return call(t.app, { method: 'POST', url: `/api/data/${study._id}/${kind}`, token: manager, headers: { accept: ZIP_MEDIA_TYPE }, payload: { stageId: study.stage_list[0]._id } });
  }

  const answersOf = (study: Study) => db().selectFrom('submissions').select('id').where('study_id', '=', study._id).execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(database, { SMTP_URL: smtp.url, RETENTION_INTERVAL_SECONDS: '86400', ALERT_INTERVAL_SECONDS: '3600', PUSH_INTERVAL_SECONDS: '3600' });
    const lab = await seedLab(t.app, await ownerToken(t.app));
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    daily = await createQuestionnaire(t.app, manager, questions);
    retained = await createStudy(t.app, manager);
    kept = await createStudy(t.app, manager);
    for (const study of [retained, kept]) {
      await db().updateTable('studies').set({ active_status: 'active' }).where('id', '=', study._id).execute();
      await setGroupSettings(db(), study.stage_list[0].participant_group_list[0]._id, { once: [daily._id], anytime: [daily._id] });
    }
    const saved = await call(t.app, { method: 'PUT', url: `/api/studies/${retained._id}/data_rights`, token: manager, payload: { retentionUntil: RETENTION_UNTIL } });
    expect(saved.statusCode).toBe(200);
    const owner = await db()
      .selectFrom('studies as s')
      .leftJoin('lab_users as u', 'u.id', 's.managed_by')
      .select(['u.email as owner', 's.contact_email'])
      .where('s.id', '=', retained._id)
      .executeTakeFirstOrThrow();
    ownerEmail = owner.owner ?? owner.contact_email;
    expect(ownerEmail).not.toBe('');

    const first = await participantWithAnswer(retained);
    await answered(first.token, retained);
    await participantWithAnswer(kept);
    // A photo answer's stored file and row, as the app's upload leaves them.
    photoKey = `photos/retention-${Date.now()}.jpg`;
    await t.app.ctx.storage.writeStream(photoKey, Readable.from([Buffer.from('jpeg bytes')]), 'image/jpeg');
    const now = new Date().toISOString();
    await db()
      .insertInto('photo_uploads')
      .values({ id: `ph-${Date.now()}`, participant_id: first.participantId, object_key: photoKey, content_type: 'image/jpeg', max_bytes: 1000, expires_at: now, used_at: now, submission_id: first.answer, created_at: now })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  it('mails the owner once a week before the date and deletes nothing before the day after it', async () => {
    expect(await t.app.ctx.retention.tick(noonOf('2031-03-02'))).toEqual({ noticed: 0, deleted: 0 });
    expect(mailsToOwner()).toEqual([]);

    const rounds = await Promise.all([t.app.ctx.retention.tick(noonOf('2031-03-03')), t.app.ctx.retention.tick(noonOf('2031-03-03'))]);
    expect(rounds.reduce((n, r) => n + r.noticed, 0)).toBe(1);
    await t.app.ctx.retention.tick(noonOf('2031-03-06'));
    expect(await t.app.ctx.retention.tick(noonOf(RETENTION_UNTIL))).toEqual({ noticed: 0, deleted: 0 });
    const mails = mailsToOwner();
    expect(mails).toHaveLength(1);
    const raw = mails[0].raw.replace(/=\r\n/g, '');
    expect(raw).toContain(retentionTexts.noticeSubject(retained.chin_name, RETENTION_UNTIL));
    expect(raw).toContain(RETENTION_UNTIL);
    expect(raw).toMatch(new RegExp(`http://localhost:\\d+/studies/${retained._id}/edit`));

    expect(await answersOf(retained)).toHaveLength(2);
    expect(await t.app.ctx.storage.stat(photoKey)).not.toBeNull();
    const study = await db().selectFrom('studies').select(['answers_deleted_on', 'retention_notice_for']).where('id', '=', retained._id).executeTakeFirstOrThrow();
    expect(study).toEqual({ answers_deleted_on: null, retention_notice_for: RETENTION_UNTIL });
  });

  it('deletes the answers and photos once the day after the date, in the audit trail, and a later round does nothing more', async () => {
    const answers = (await answersOf(retained)).map((a) => a.id);
    const keptAnswers = await answersOf(kept);
    const rounds = await Promise.all([t.app.ctx.retention.tick(noonOf('2031-03-11')), t.app.ctx.retention.tick(noonOf('2031-03-11'))]);
    expect(rounds.reduce((n, r) => n + r.deleted, 0)).toBe(1);

    expect(await answersOf(retained)).toEqual([]);
    expect(await db().selectFrom('answer_items').select('submission_id').where('submission_id', 'in', answers).execute()).toEqual([]);
    expect(await db().selectFrom('photo_uploads').select('id').where('object_key', '=', photoKey).execute()).toEqual([]);
    expect(await t.app.ctx.storage.stat(photoKey)).toBeNull();
    expect(await answersOf(kept)).toEqual(keptAnswers);
    const study = await db().selectFrom('studies').select('answers_deleted_on').where('id', '=', retained._id).executeTakeFirstOrThrow();
    expect(study.answers_deleted_on).toBe('2031-03-11');

    const entries = await db().selectFrom('audit_entries').selectAll().where('kind', '=', 'study.answersDeleted').where('study_id', '=', retained._id).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0].actor_kind).toBe('system');
    expect((await verifyAuditChain(db())).broken).toBeNull();

    // Later rounds: nothing more deleted, no more mail, even with an answer given after the deletion.
    const p = await participantWithAnswer(retained);
    expect(await t.app.ctx.retention.tick(noonOf('2031-03-12'))).toEqual({ noticed: 0, deleted: 0 });
    expect((await answersOf(retained)).map((a) => a.id)).toEqual([p.answer]);
    expect(mailsToOwner()).toHaveLength(1);
    expect(await db().selectFrom('audit_entries').select('seq').where('kind', '=', 'study.answersDeleted').where('study_id', '=', retained._id).execute()).toHaveLength(1);
  });

  it("says in every data download made after the deletion that the answers were deleted, and not in another study's", async () => {
    const statement = retentionTexts.deleted('2031-03-11', RETENTION_UNTIL);
    const text = await download(retained, 'download_text_resp');
    expect(text.statusCode).toBe(200);
    const textFiles = unzipSync(new Uint8Array(text.rawPayload));
    expect(strFromU8(textFiles[retentionTexts.deletedFileName])).toBe(statement);

    const analysis = await download(retained, 'download_analysis');
    expect(analysis.statusCode).toBe(200);
    const analysisFiles = unzipSync(new Uint8Array(analysis.rawPayload));
    expect(strFromU8(analysisFiles[retentionTexts.deletedFileName])).toBe(statement);
    expect(strFromU8(analysisFiles['README.txt'])).toContain(statement);

    const other = unzipSync(new Uint8Array((await download(kept, 'download_analysis')).rawPayload));
    expect(other[retentionTexts.deletedFileName]).toBeUndefined();
    expect(strFromU8(other['README.txt'])).not.toContain('ANSWERS DELETED');
  });

  it('answers the statement when no answer is left to download', async () => {
    await db().deleteFrom('submissions').where('study_id', '=', retained._id).execute();
    const res = await download(retained, 'download_text_resp');
    expect(res.statusCode).toBe(404);
    expect((JSON.parse(res.body) as { message: string }).message).toBe(retentionTexts.deleted('2031-03-11', RETENTION_UNTIL));
  });
});
