// Study Progress (POST /api/participants/{studyId}/progress): a stored plan with tasks in known states, relative
// to now, and every count and rate (over closed prompts only), the 3-day flag and its minimum of closed prompts,
// the order, the days of the study and the 404s checked.
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { appLogin, assign, createParticipant, createStudy } from '../support/participants';
import { insertTasks } from '../../../src/server/repositories/tasks';
import type { TaskRow } from '../../../src/server/db/types';
import { studyMessages } from '../../../src/shared/messages';
import { CONTACT_FLAG_MIN_CLOSED_PROMPTS } from '../../../src/shared/progress';
import type { ParticipantProgress, StudyProgressAnswer } from '../../../src/shared/types/progress';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(30_000);

const ZONE = 'Asia/Hong_Kong';
const HOUR = 3_600_000;
const WINDOW_MIN = 30;
const at = (ms: number) => new Date(ms).toISOString();
const localDay = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(ZONE).toISODate() ?? '';

describe.each(databases)('Study Progress (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let study: Study;
  let otherStudy: Study;
  let stageId: string;
  let groupId: string;
  let seq = 0;
  /** Set just before the participants are seeded: every time of the plan is relative to it. */
  let now: number;
  const codes: Record<string, string> = {};
  const arrivals: Record<string, string> = {};
  /** The prompts inserted, for the expected days of the study. */
  const prompts: { who: string; at: string; delivered: boolean; completed: boolean; closed: boolean }[] = [];

  const db = () => t.app.ctx.db;

  function progress(body: Record<string, unknown>, token = manager, studyId = study._id): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: `/api/participants/${studyId}/progress`, token, payload: body });
  }

  /** A participant of the group; arrived `arrivedHoursAgo` hours ago unless null (assigned, never loaded). */
  async function participant(name: string, arrivedHoursAgo: number | null) {
    const p = await createParticipant(t.app, manager, study._id);
    codes[name] = p.participant_code;
    await assign(t.app, manager, study._id, p._id, stageId, groupId);
    if (arrivedHoursAgo === null) return null;
    const session = await appLogin(t.app, p.email);
    const res = await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: session.token });
    expect(res.statusCode).toBe(200);
    const pa = await db().selectFrom('participations').selectAll().where('participant_id', '=', p._id).executeTakeFirstOrThrow();
    const arrival = await db().selectFrom('enrolment_times').selectAll().where('participation_id', '=', pa.id).where('assignment_num', '=', pa.assignment_num).executeTakeFirstOrThrow();
    arrivals[name] = at(now - arrivedHoursAgo * HOUR);
    await db().updateTable('enrolment_times').set({ start_datetime: arrivals[name] }).where('id', '=', arrival.id).execute();
    return { participantId: p._id, participationId: pa.id, arrivalId: arrival.id };
  }

  type Arrived = NonNullable<Awaited<ReturnType<typeof participant>>>;

  function task(who: Arrived, fields: Partial<TaskRow>): TaskRow {
    seq += 1;
    return {
      id: `task${String(seq).padStart(8, '0')}${database.slice(0, 2)}`,
      participation_id: who.participationId,
      enrolment_time_id: who.arrivalId,
      study_id: study._id,
      stage_id: stageId,
      group_id: groupId,
      kind: 'ema',
      questionnaire_id: 'q-ema',
      questionnaire_version_id: 'v-ema',
      setting_index: 0,
      prompt_task_id: null,
      notification_datetime: null,
      timezone: ZONE,
      reminder: 0,
      window_closes_at: null,
      diary_start_date: null,
      number_of_days: null,
      status: 'planned',
      delivered_at: null,
      opened_at: null,
      completed_at: null,
      cancelled_at: null,
      delivered_received_at: null,
      opened_received_at: null,
      ...fields,
    };
  }

  async function answer(who: Arrived, row: TaskRow, submittedAt: string, late: boolean) {
    seq += 1;
    await db()
      .insertInto('submissions')
      .values({
        id: `sub${seq}`,
        participant_id: who.participantId,
        participation_id: who.participationId,
        client_submission_id: `client-${seq}`,
        study_id: study._id,
        stage_id: stageId,
        group_id: groupId,
        task_id: row.id,
        questionnaire_id: row.questionnaire_id,
        questionnaire_version_id: row.questionnaire_version_id,
        started_at: submittedAt,
        submitted_at: submittedAt,
        received_at: submittedAt,
        late: late ? 1 : 0,
        exclusive_task_id: row.kind === 'ema' || row.kind === 'once' ? row.id : null,
      })
      .execute();
  }

  interface PromptPlan {
    hoursAgo: number;
    delivered?: boolean;
    opened?: boolean;
    /** Answered in time, or after the window closed. */
    answer?: 'inTime' | 'late';
    cancelled?: boolean;
    /** A reminder of the prompt reported shown, though the prompt itself was not. */
    reminderShown?: boolean;
  }

  /** EMA prompts (each with one reminder 10 minutes later) in the states asked for. */
  async function plan(name: string, who: Arrived, list: PromptPlan[]) {
    for (const p of list) {
      const notified = now - p.hoursAgo * HOUR;
      const closes = notified + WINDOW_MIN * 60_000;
      const prompt = task(who, {
        notification_datetime: at(notified),
        window_closes_at: at(closes),
        status: p.cancelled ? 'cancelled' : p.answer === 'inTime' ? 'completed' : p.opened ? 'opened' : p.delivered ? 'delivered' : 'planned',
        delivered_at: p.delivered || p.opened ? at(notified + 60_000) : null,
        opened_at: p.opened ? at(notified + 120_000) : null,
        completed_at: p.answer === 'inTime' ? at(notified + 300_000) : null,
        cancelled_at: p.cancelled ? at(notified) : null,
      });
      const reminder = task(who, {
        prompt_task_id: prompt.id,
        reminder: 1,
        notification_datetime: at(notified + 10 * 60_000),
        window_closes_at: prompt.window_closes_at,
        status: p.reminderShown ? 'delivered' : 'planned',
        delivered_at: p.reminderShown ? at(notified + 11 * 60_000) : null,
      });
      await insertTasks(db(), [prompt, reminder]);
      if (p.answer) await answer(who, prompt, at(p.answer === 'inTime' ? notified + 300_000 : closes + 600_000), p.answer === 'late');
      if (!p.cancelled && p.hoursAgo >= 0) {
        const delivered = Boolean(p.delivered || p.opened || p.answer || p.reminderShown);
        prompts.push({ who: name, at: at(notified), delivered, completed: p.answer === 'inTime', closed: Boolean(p.answer) || closes <= now });
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager, { stages: 2, active: true });
    otherStudy = await createStudy(t.app, manager, { stages: 1 });
    stageId = study.stage_list[1]._id;
    groupId = study.stage_list[1].participant_group_list[0]._id;
    now = Date.now();

    const a = await participant('A', 120);
    const b = await participant('B', 120);
    const c = await participant('C', 48);
    const d = await participant('D', 1);
    await participant('E', null);
    const g = await participant('G', 1);
    const h = await participant('H', 5);
    // Another group's participant is not counted.
    const f = await createParticipant(t.app, manager, study._id);
    codes.F = f.participant_code;
    if (!a || !b || !c || !d || !g || !h) throw new Error('arrivals missing');

    await plan('A', a, [
      { hoursAgo: 100, delivered: true, opened: true, answer: 'inTime' },
      { hoursAgo: 90 },
      { hoursAgo: 80, reminderShown: true },
      { hoursAgo: 60, delivered: true, cancelled: true },
      { hoursAgo: 50, delivered: true, opened: true, answer: 'late' },
      { hoursAgo: 40, delivered: true },
      // Answered without the app reporting it shown: the answer proves it was delivered.
      { hoursAgo: 30, answer: 'inTime' },
      { hoursAgo: 20, delivered: true, opened: true },
      { hoursAgo: 10 },
      // Notified 5 minutes ago: its window is still open.
      { hoursAgo: 5 / 60, delivered: true },
      // Still to come.
      { hoursAgo: -2 },
    ]);
    // B: three closed prompts in the last 3 days, none delivered.
    await plan('B', b, [{ hoursAgo: 100, delivered: true, answer: 'inTime' }, { hoursAgo: 30 }, { hoursAgo: 20 }, { hoursAgo: 10 }]);
    await plan('C', c, [
      { hoursAgo: 30, delivered: true, answer: 'inTime' },
      { hoursAgo: 20, delivered: true, opened: true, answer: 'inTime' },
    ]);
    await plan('D', d, [{ hoursAgo: -3 }]);
    // G arrived an hour ago; its one prompt was shown 5 minutes ago and is still open.
    await plan('G', g, [{ hoursAgo: 5 / 60, delivered: true }]);
    // H: two closed prompts seen and not answered, and an open one: one short of the flag's minimum.
    await plan('H', h, [{ hoursAgo: 4, delivered: true }, { hoursAgo: 3, delivered: true, opened: true }, { hoursAgo: 5 / 60, delivered: true }]);

    // A's diary: started 5 local days ago for 10 days; answers 4 and 2 days ago (twice), today at midnight, and
    // one the day before it started. A second diary questionnaire was cancelled after one answer.
    const today = DateTime.fromMillis(now, { zone: ZONE }).startOf('day');
    const noonOf = (daysAgo: number) => at(today.minus({ days: daysAgo }).plus({ hours: 12 }).toMillis());
    const diary = task(a, { kind: 'diary', questionnaire_id: 'q-diary', diary_start_date: today.minus({ days: 5 }).toISODate(), number_of_days: 10 });
    const cancelled = task(a, { kind: 'diary', questionnaire_id: 'q-diary2', diary_start_date: today.minus({ days: 5 }).toISODate(), number_of_days: 10, status: 'cancelled', cancelled_at: noonOf(1) });
    const onceDone = task(a, { kind: 'once', questionnaire_id: 'q-once1', timezone: null, status: 'completed', completed_at: noonOf(3) });
    const onceOpen = task(a, { kind: 'once', questionnaire_id: 'q-once2', timezone: null });
    const onceCancelled = task(a, { kind: 'once', questionnaire_id: 'q-once3', timezone: null, status: 'cancelled', cancelled_at: noonOf(1) });
    await insertTasks(db(), [diary, cancelled, onceDone, onceOpen, onceCancelled]);
    await answer(a, diary, noonOf(6), false);
    await answer(a, diary, noonOf(4), false);
    await answer(a, diary, at(today.minus({ days: 2 }).plus({ hours: 9 }).toMillis()), false);
    await answer(a, diary, noonOf(2), false);
    await answer(a, diary, at(today.toMillis()), false);
    await answer(a, cancelled, noonOf(3), false);
    await answer(a, onceDone, noonOf(3), false);
  }, 90_000);
  afterAll(async () => t.close(), 30_000);

  async function answerFor(): Promise<StudyProgressAnswer> {
    const res = await progress({ stageId, groupId });
    expect(res.statusCode).toBe(200);
    return json<StudyProgressAnswer>(res);
  }

  const row = (answer: StudyProgressAnswer, name: string): ParticipantProgress => {
    const found = answer.participants.find((p) => p.participant_code === codes[name]);
    if (!found) throw new Error(`no row for ${name}`);
    return found;
  };

  it("counts every prompt planned so far by what became of it, and the participant's rates over closed prompts", async () => {
    const a = row(await answerFor(), 'A');
    expect(a.prompts).toEqual({ planned: 9, delivered: 7, opened: 4, completed: 2, late: 1, expired: 5, open: 1, closed: 8, closedDelivered: 6 });
    // The prompt shown 5 minutes ago is still open: in neither rate's whole.
    expect(a.rates.delivery).toBeCloseTo(6 / 8);
    expect(a.rates.response).toBeCloseTo(2 / 6);
    expect(a.rates.completion).toBeCloseTo(2 / 8);
    expect(a.arrived_at).toBe(arrivals.A);
    expect(a.status).toBe('enrolled');
  });

  it('counts diary days done and left, and the one-time questionnaires done', async () => {
    const a = row(await answerFor(), 'A');
    // Done: 4 and 2 days ago and today on the diary, 3 days ago on the cancelled one. Left: today to 4 days on,
    // without today (answered), on the diary only.
    expect(a.diary).toEqual({ daysDone: 4, daysLeft: 4 });
    expect(a.once).toEqual({ done: 1, total: 2 });
  });

  it('counts a prompt still open as neither missed nor unanswered', async () => {
    const g = row(await answerFor(), 'G');
    expect(g.prompts).toEqual({ planned: 1, delivered: 1, opened: 0, completed: 0, late: 0, expired: 0, open: 1, closed: 0, closedDelivered: 0 });
    expect(g.rates).toEqual({ delivery: null, response: null, completion: null });
    expect(g.recent).toEqual({ planned: 1, closed: 0, delivered: 0, completed: 0, response: null });
    expect(g.flag).toBeNull();
  });

  it(`does not flag below ${CONTACT_FLAG_MIN_CLOSED_PROMPTS} closed prompts of the last 3 days`, async () => {
    const h = row(await answerFor(), 'H');
    expect(h.recent).toEqual({ planned: 3, closed: 2, delivered: 2, completed: 0, response: 0 });
    expect(h.rates.response).toBe(0);
    expect(h.flag).toBeNull();
  });

  it(`flags low response over the last 3 days apart from prompts that never reached the phone, from ${CONTACT_FLAG_MIN_CLOSED_PROMPTS} closed prompts on`, async () => {
    const answer = await answerFor();
    // A, last 72 hours: prompts at 50, 40, 30, 20, 10 hours and 5 minutes ago; the last still open; of the 5
    // closed, 4 delivered, 1 in time.
    expect(row(answer, 'A').recent).toEqual({ planned: 6, closed: 5, delivered: 4, completed: 1, response: 0.25 });
    expect(row(answer, 'A').flag).toBe('lowResponse');
    // B: exactly the minimum of closed prompts, none delivered.
    expect(CONTACT_FLAG_MIN_CLOSED_PROMPTS).toBe(3);
    expect(row(answer, 'B').recent).toEqual({ planned: 3, closed: 3, delivered: 0, completed: 0, response: null });
    expect(row(answer, 'B').flag).toBe('notDelivered');
    expect(row(answer, 'C').recent).toEqual({ planned: 2, closed: 2, delivered: 2, completed: 2, response: 1 });
    expect(row(answer, 'C').flag).toBeNull();
  });

  it('lists the least compliant first; those with nothing planned yet last; no other group', async () => {
    const answer = await answerFor();
    // A and B are flagged with the same completion rate (2 of 8, 1 of 4): by code. H completed none of its closed
    // prompts; D, E and G have none closed yet.
    const flagged = [codes.A, codes.B].sort();
    const nothingClosed = [codes.D, codes.E, codes.G].sort();
    expect(answer.participants.map((p) => p.participant_code)).toEqual([...flagged, codes.H, codes.C, ...nothingClosed]);
    expect(row(answer, 'D').prompts.planned).toBe(0);
    expect(row(answer, 'D').rates).toEqual({ delivery: null, response: null, completion: null });
    const e = row(answer, 'E');
    expect(e.arrived_at).toBeNull();
    expect(e.prompts).toEqual({ planned: 0, delivered: 0, opened: 0, completed: 0, late: 0, expired: 0, open: 0, closed: 0, closedDelivered: 0 });
    expect(e.diary).toEqual({ daysDone: 0, daysLeft: 0 });
  });

  it("sums the group's prompts per day of the study (day 1 the arrival day)", async () => {
    const answer = await answerFor();
    const expected = new Map<number, { planned: number; delivered: number; completed: number; closed: number; closedDelivered: number; who: Set<string> }>();
    for (const p of prompts) {
      const day = DateTime.fromISO(localDay(p.at)).diff(DateTime.fromISO(localDay(arrivals[p.who])), 'days').days + 1;
      const sum = expected.get(day) ?? { planned: 0, delivered: 0, completed: 0, closed: 0, closedDelivered: 0, who: new Set<string>() };
      sum.planned += 1;
      sum.delivered += Number(p.delivered);
      sum.completed += Number(p.completed);
      sum.closed += Number(p.closed);
      sum.closedDelivered += Number(p.closed && p.delivered);
      sum.who.add(p.who);
      expected.set(day, sum);
    }
    const days = [...expected.entries()].sort(([x], [y]) => x - y);
    expect(answer.days).toEqual(
      days.map(([day, s]) => ({
        day,
        participants: s.who.size,
        planned: s.planned,
        delivered: s.delivered,
        completed: s.completed,
        closed: s.closed,
        closedDelivered: s.closedDelivered,
        delivery: s.closed ? s.closedDelivered / s.closed : null,
        response: s.closedDelivered ? s.completed / s.closedDelivered : null,
      })),
    );
    expect(answer.days.reduce((n, d) => n + d.planned, 0)).toBe(9 + 4 + 2 + 1 + 3);
  });

  it('answers a group whose only participant has not arrived: the row, and no days', async () => {
    const emptyGroup = study.stage_list[0].participant_group_list[0]._id;
    const res = await progress({ stageId: study.stage_list[0]._id, groupId: emptyGroup });
    expect(res.statusCode).toBe(200);
    const answer = json<StudyProgressAnswer>(res);
    expect(answer.days).toEqual([]);
    expect(answer.participants.map((p) => p.participant_code)).toEqual([codes.F]);
    expect(answer.participants[0].arrived_at).toBeNull();
  });

  describe('refusals', () => {
    it("answers 404 for another lab's study", async () => {
      const res = await progress({ stageId, groupId }, otherManager);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(studyMessages.studyNotFound);
    });

    it("answers 404 for a stage of another study, and for a group of another stage", async () => {
      const foreignStage = await progress({ stageId: otherStudy.stage_list[0]._id, groupId });
      expect(foreignStage.statusCode).toBe(404);
      expect(json(foreignStage).message).toBe(studyMessages.stageNotFound);
      const foreignGroup = await progress({ stageId, groupId: study.stage_list[0].participant_group_list[0]._id });
      expect(foreignGroup.statusCode).toBe(404);
      expect(json(foreignGroup).message).toBe(studyMessages.groupNotFound);
    });

    it('answers 400 without a group, and 401 without a token', async () => {
      expect((await progress({ stageId })).statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'POST', url: `/api/participants/${study._id}/progress`, payload: { stageId, groupId } });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
