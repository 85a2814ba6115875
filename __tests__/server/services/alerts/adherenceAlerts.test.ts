// Adherence alerts against an SMTP server of the tests' own: Study Progress's "Needs attention" list names a
// participant who answered too few of their last closed prompts and one whose app was not seen for too long,
// with the reasons, and not one who is fine, withdrawn, or a pilot; the daily digest goes to the study's contact
// at 09:00 in the study's zone, once a day however many rounds (and processes) try, listing the same reasons with
// a link to the Participant List; nothing before 09:00, nothing when alerts are off.
import type { FastifyInstance } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { send, uniqueEmail } from '../../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { startSmtp, type RunningSmtp } from '../../support/smtp';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../../../src/shared/study/assessmentSettings';
import { attentionTexts, reasonText, type AttentionAnswer } from '../../../../src/shared/adherence';
import type { Study } from '../../../../src/shared/types/study';

jest.setTimeout(90_000);

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** 10:00 in Hong Kong (the EMA setting's zone) today, and 08:00: the digest's moment has come, and not yet. */
const today = new Date().toISOString().slice(0, 10);
const AT_TEN = Date.parse(`${today}T02:00:00Z`);
const AT_EIGHT = Date.parse(`${today}T00:00:00Z`);

describe.each(databases)('adherence alerts (%s)', (database) => {
  let smtp: RunningSmtp;
  let t: TestApp;
  let manager: string;
  let questionnaireId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(database, { SMTP_URL: smtp.url, ALERT_INTERVAL_SECONDS: '3600', PUSH_INTERVAL_SECONDS: '3600' });
    const lab = await seedLab(t.app, await ownerToken(t.app));
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    questionnaireId = (await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'text')] }]))._id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, 30_000);

  async function alertingStudy(): Promise<{ study: Study; contact: string }> {
    const study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: questionnaireId, chin_name: '', abbrev: '' }], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
    });
    const contact = uniqueEmail('contact');
    await t.app.ctx.db.updateTable('studies').set({ contact_email: contact }).where('id', '=', study._id).execute();
    return { study, contact };
  }

  /** A participant whose plan is made, every prompt far after `nowMs`, joined and signed in `seenHoursAgo` before it. */
  async function planned(app: FastifyInstance, study: Study, nowMs: number, seenHoursAgo: number) {
    const created = await createParticipant(app, manager, study._id);
    const { token } = await appLogin(app, created.email);
    expect((await send(app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token })).statusCode).toBe(200);
    const db = app.ctx.db;
    const participation = await db.selectFrom('participations').select('id').where('participant_id', '=', created._id).executeTakeFirstOrThrow();
    await db.updateTable('participations').set({ status: 'enrolled', joined_at: iso(nowMs - seenHoursAgo * HOUR) }).where('id', '=', participation.id).execute();
    await db.updateTable('participant_sessions').set({ created_at: iso(nowMs - seenHoursAgo * HOUR) }).where('participant_id', '=', created._id).execute();
    await db.updateTable('tasks').set({ notification_datetime: iso(nowMs + 10 * 24 * HOUR), window_closes_at: iso(nowMs + 10 * 24 * HOUR + HOUR) }).where('participation_id', '=', participation.id).execute();
    const prompts = await db.selectFrom('tasks').select('id').where('participation_id', '=', participation.id).where('kind', '=', 'ema').where('prompt_task_id', 'is', null).orderBy('id').execute();
    return { id: created._id, code: created.participant_code, participationId: participation.id, prompts: prompts.map((p) => p.id) };
  }

  /** The participant's first `count` prompts closed unanswered, an hour apart, the last one ending before `nowMs`. */
  async function missed(participant: { prompts: string[] }, count: number, nowMs: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const at = nowMs - (count - i + 1) * HOUR;
      await t.app.ctx.db.updateTable('tasks').set({ notification_datetime: iso(at), window_closes_at: iso(at + 30 * 60_000), status: 'expired' }).where('id', '=', participant.prompts[i]).execute();
    }
  }

  async function attention(studyId: string): Promise<AttentionAnswer> {
    const res = await send(t.app, { method: 'GET', url: `/api/participants/${studyId}/attention`, token: manager });
    expect(res.statusCode).toBe(200);
    return json<AttentionAnswer>(res);
  }

  it('names the low responder and the silent participant with their reasons; not one who is fine, withdrawn or with too few prompts', async () => {
    const { study } = await alertingStudy();
    const now = Date.now();
    const low = await planned(t.app, study, now, 2);
    await missed(low, 6, now);
    const silent = await planned(t.app, study, now, 30);
    const fine = await planned(t.app, study, now, 2);
    const early = await planned(t.app, study, now, 2);
    await missed(early, 5, now);
    const withdrawn = await planned(t.app, study, now, 50);
    await t.app.ctx.db.updateTable('participations').set({ status: 'withdrawn' }).where('id', '=', withdrawn.participationId).execute();
    // The app's report of a prompt shown is a sign of the phone too: a participant silent by sign-in, seen by it.
    const reported = await planned(t.app, study, now, 40);
    await t.app.ctx.db.updateTable('tasks').set({ delivered_received_at: iso(now - HOUR) }).where('id', '=', reported.prompts[0]).execute();
    // So is the app's device report (its start, or coming to the front): the Participant List's last seen.
    const opened = await planned(t.app, study, now, 40);
    await t.app.ctx.db
      .insertInto('participant_devices')
      .values({ participant_id: opened.id, push_permission: 'granted', installed: 1, app_version: '1', timezone: 'Asia/Hong_Kong', pending_answers: 0, platform: 'other', last_seen_at: iso(now - 2 * HOUR), push_lost_at: null })
      .execute();

    const answer = await attention(study._id);
    expect(answer.adherenceAlerts).toBe(true);
    expect(answer.participants.map((p) => p.participantId).sort()).toEqual([low.id, silent.id].sort());
    expect(answer.participants.find((p) => p.participantId === low.id)?.reasons).toEqual([{ kind: 'lowResponse', answered: 0, prompts: 6, thresholdPercent: 50 }]);
    expect(answer.participants.find((p) => p.participantId === silent.id)?.reasons).toEqual([{ kind: 'silent', lastSeenAt: iso(now - 30 * HOUR), hours: 30, thresholdHours: 24 }]);
    expect([fine.id, early.id, withdrawn.id, reported.id, opened.id].some((id) => answer.participants.some((p) => p.participantId === id))).toBe(false);
  });

  it("follows the study's thresholds", async () => {
    const { study } = await alertingStudy();
    const now = Date.now();
    const p = await planned(t.app, study, now, 30);
    await missed(p, 3, now);
    await t.app.ctx.db.updateTable('studies').set({ alert_prompts: 3, alert_silent_hours: 48 }).where('id', '=', study._id).execute();
    expect((await attention(study._id)).participants.map((x) => x.reasons)).toEqual([[{ kind: 'lowResponse', answered: 0, prompts: 3, thresholdPercent: 50 }]]);
  });

  it("emails the study's contact once a day from 09:00 in the study's zone, listing the reasons with a link to the Participant List", async () => {
    const { study, contact } = await alertingStudy();
    const low = await planned(t.app, study, AT_TEN, 2);
    await missed(low, 6, AT_TEN);
    const silent = await planned(t.app, study, AT_TEN, 30);

    await t.app.ctx.alerts.tick(AT_EIGHT);
    expect(smtp.mails.filter((m) => m.to.includes(contact))).toEqual([]);

    // Two rounds at once (as two processes would), then another later that day: one email.
    await Promise.all([t.app.ctx.alerts.tick(AT_TEN), t.app.ctx.alerts.tick(AT_TEN)]);
    await t.app.ctx.alerts.tick(AT_TEN + 3 * HOUR);
    const mails = smtp.mails.filter((m) => m.to.includes(contact));
    expect(mails).toHaveLength(1);
    const raw = mails[0].raw.replace(/=\r\n/g, '');
    expect(raw).toContain(attentionTexts.digestSubject(study.chin_name, 2));
    expect(raw).toContain(`${low.code}`);
    expect(raw).toContain(reasonText({ kind: 'lowResponse', answered: 0, prompts: 6, thresholdPercent: 50 }));
    expect(raw).toContain(`${silent.code}`);
    expect(raw).toContain(reasonText({ kind: 'silent', lastSeenAt: iso(AT_TEN - 30 * HOUR), hours: 30, thresholdHours: 24 }));
    expect(raw).toMatch(new RegExp(`http://localhost:\\d+/participants/${study._id}`));
    const rows = await t.app.ctx.db.selectFrom('alert_digests').selectAll().where('study_id', '=', study._id).execute();
    expect(rows.map((r) => [r.day, Number(r.participants)])).toEqual([[today, 2]]);

    // The next day, again.
    await t.app.ctx.alerts.tick(AT_TEN + 24 * HOUR);
    expect(smtp.mails.filter((m) => m.to.includes(contact))).toHaveLength(2);
  });

  it('sends nothing when alerts are off, or when nobody needs attention', async () => {
    const off = await alertingStudy();
    const p = await planned(t.app, off.study, AT_TEN, 30);
    expect(p.id).toBeTruthy();
    await t.app.ctx.db.updateTable('studies').set({ adherence_alerts: 0 }).where('id', '=', off.study._id).execute();
    const calm = await alertingStudy();
    await planned(t.app, calm.study, AT_TEN, 1);
    await t.app.ctx.alerts.tick(AT_TEN);
    expect(smtp.mails.filter((m) => m.to.includes(off.contact) || m.to.includes(calm.contact))).toEqual([]);
    // Study Progress still lists them, and says the alerts are off.
    const answer = await attention(off.study._id);
    expect([answer.adherenceAlerts, answer.participants.length]).toEqual([false, 1]);
  });
});
