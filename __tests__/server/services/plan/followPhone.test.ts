// Time zones that travel (issue 34 part 5), through the app's calls on both databases: a setting that follows
// the phone is planned in the zone the phone reported at arrival and re-planned, for the days not yet begun, when
// it reports a new one (Asia/Hong_Kong, then Europe/London: 09:00 and 21:00 London time from the next day, the
// day begun keeping its Hong Kong prompts, no prompt twice); the same report again, or received twice at once,
// re-plans once; "participant" keeps the zone of the arrival; with no zone reported the setting's zone is used;
// a live edit after a move re-plans the days in the new zone and leaves the days begun in the old one.
import { DateTime } from 'luxon';
import type { FastifyInstance } from 'fastify';
import { createTestApp, databases, type TestApp } from '../../support/testApp';
import { send } from '../../support/api';
import { appLogin, createParticipant, setGroupSettings } from '../../support/participants';
import { emaStudy } from '../../support/pushPlans';
import { newDiarySetting, newEmaSetting, type ZoneRule } from '../../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../../src/shared/types/study';
import type { Questionnaire } from '../../../../src/shared/questionnaire/types';
import type { TaskRow } from '../../../../src/server/db/types';
import { claimPhoneZone } from '../../../../src/server/repositories/planZones';

jest.setTimeout(60_000);

const HONG_KONG = 'Asia/Hong_Kong';
const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const DAYS = 4;

const dayOf = (task: TaskRow) => DateTime.fromISO(task.notification_datetime ?? '', { zone: task.timezone ?? 'UTC' }).toISODate() ?? '';
const wallOf = (task: TaskRow) => DateTime.fromISO(task.notification_datetime ?? '', { zone: task.timezone ?? 'UTC' }).toFormat('HH:mm');
const nextDay = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate() ?? '';
const today = (zone: string) => DateTime.now().setZone(zone).toISODate() ?? '';

describe.each(databases)('settings that follow the participant (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let study: Study;
  let questionnaire: Questionnaire;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600', PORTAL_TIMEZONES: `${HONG_KONG},${NEW_YORK},${LONDON}` });
    ({ manager, study, questionnaire } = await emaStudy(t.app));
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  async function useRule(zone_rule: ZoneRule): Promise<void> {
    const item = { _id: questionnaire._id, chin_name: '', abbrev: '' };
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(NEW_YORK), questionnaire_list: [item], time_list: ['09:00', '21:00'], number_of_days: DAYS, zone_rule }],
      diary: [{ ...newDiarySetting(NEW_YORK), questionnaire_list: [{ ...item, _id: questionnaire._id }], number_of_days: DAYS, zone_rule }],
    });
  }

  const report = (app: FastifyInstance, token: string, timezone: string) =>
    send(app, { method: 'POST', url: '/api/app/device', token, payload: { pushPermission: 'granted', installed: true, appVersion: '1', timezone, pendingAnswers: 0 } });

  /** A participant signed in on the app, their phone's zone reported (unless null), then their plan made. */
  async function arrived(zone: string | null): Promise<{ token: string; participantId: string }> {
    const created = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, created.email);
    if (zone) expect((await report(t.app, token, zone)).statusCode).toBe(200);
    expect((await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token })).statusCode).toBe(200);
    return { token, participantId: created._id };
  }

  async function tasksOf(participantId: string): Promise<TaskRow[]> {
    return t.app.ctx.db
      .selectFrom('tasks as t')
      .innerJoin('participations as p', 'p.id', 't.participation_id')
      .selectAll('t')
      .where('p.participant_id', '=', participantId)
      .where('t.status', '!=', 'cancelled')
      .orderBy('t.notification_datetime')
      .orderBy('t.id')
      .execute();
  }

  const prompts = (tasks: readonly TaskRow[]) => tasks.filter((task) => task.kind === 'ema' && task.reminder === 0);

  /** Each day's prompts as `zone HH:mm`, no day holding one twice. */
  function byDay(tasks: readonly TaskRow[]): Map<string, string[]> {
    const days = new Map<string, string[]>();
    for (const task of prompts(tasks)) days.set(dayOf(task), [...(days.get(dayOf(task)) ?? []), `${task.timezone} ${wallOf(task)}`]);
    for (const list of days.values()) expect(new Set(list).size).toBe(list.length);
    return days;
  }

  /** Every prompt has its two reminders (+5, +10 minutes) in its zone, and every reminder its prompt. */
  function expectReminders(tasks: readonly TaskRow[]): void {
    const promptIds = new Set(prompts(tasks).map((p) => p.id));
    const reminders = tasks.filter((task) => task.reminder === 1);
    expect(reminders).toHaveLength(promptIds.size * 2);
    for (const reminder of reminders) {
      expect(promptIds.has(reminder.prompt_task_id ?? '')).toBe(true);
      const prompt = tasks.find((task) => task.id === reminder.prompt_task_id);
      expect(reminder.timezone).toBe(prompt?.timezone);
    }
  }

  it('follow the phone: Hong Kong at arrival, then London: future days at 09:00 and 21:00 London time, the begun day kept', async () => {
    await useRule('follow_phone');
    const { token, participantId } = await arrived(HONG_KONG);
    const before = await tasksOf(participantId);
    const first = today(HONG_KONG);
    // Planned in the phone's zone, not the setting's (New York), from the arrival's date there.
    expect(prompts(before).every((p) => p.timezone === HONG_KONG)).toBe(true);
    expect([...byDay(before).keys()].sort().at(-1)).toBe(DateTime.fromISO(first).plus({ days: DAYS - 1 }).toISODate());
    expect(before.find((task) => task.kind === 'diary')).toMatchObject({ timezone: HONG_KONG, diary_start_date: first });

    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    const after = await tasksOf(participantId);
    // The first day begun in neither zone: the day after the later of the two dates now.
    const from = nextDay([today(HONG_KONG), today(LONDON)].sort()[1]);
    const days = byDay(after);
    for (const [day, list] of days) {
      if (day < from) {
        // Begun: its Hong Kong prompts stay, the very same tasks.
        const kept = prompts(before).filter((p) => dayOf(p) === day).map((p) => p.id);
        expect(prompts(after).filter((p) => dayOf(p) === day).map((p) => p.id)).toEqual(kept);
      } else {
        expect(list).toEqual([`${LONDON} 09:00`, `${LONDON} 21:00`]);
      }
    }
    const last = DateTime.fromISO(first).plus({ days: DAYS - 1 }).toISODate() ?? '';
    for (let day = from; day <= last; day = nextDay(day)) expect(days.has(day)).toBe(true);
    expect([...days.keys()].sort().at(-1)).toBe(last);
    expectReminders(after);
    expect(after.find((task) => task.kind === 'diary')).toMatchObject({ timezone: LONDON, diary_start_date: first, number_of_days: DAYS });
    const arrival = await t.app.ctx.db.selectFrom('enrolment_times as e').innerJoin('participations as p', 'p.id', 'e.participation_id').select(['e.arrival_zone', 'e.phone_zone']).where('p.participant_id', '=', participantId).executeTakeFirstOrThrow();
    expect(arrival).toEqual({ arrival_zone: HONG_KONG, phone_zone: LONDON });

    const replans = () => t.app.ctx.db.selectFrom('audit_entries').select(['actor_kind', 'changes']).where('kind', '=', 'plan.changed').where('entity_id', '=', participantId).execute();
    expect(await replans()).toHaveLength(1);
    expect((await replans())[0].actor_kind).toBe('system');
    expect((await replans())[0].changes).toContain(LONDON);

    // The same report again (a retry, or the app coming to the front) re-plans nothing.
    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    expect(await tasksOf(participantId)).toEqual(after);
    expect(await replans()).toHaveLength(1);

    // One new zone received twice at once (as by two server processes): re-planned once.
    const [a, b] = await Promise.all([report(t.app, token, 'Europe/Paris'), report(t.app, token, 'Europe/Paris')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const paris = await tasksOf(participantId);
    const fromParis = nextDay([today(LONDON), today('Europe/Paris')].sort()[1]);
    for (const [day, list] of byDay(paris)) if (day >= fromParis) expect(list).toEqual(['Europe/Paris 09:00', 'Europe/Paris 21:00']);
    expectReminders(paris);
    expect(prompts(paris).length).toBe(prompts(after).length);
    expect(await replans()).toHaveLength(2);
    // The claim behind it: of two processes that read Paris and report Tokyo, one changes the zone.
    const enrolment = await t.app.ctx.db.selectFrom('enrolment_times as e').innerJoin('participations as p', 'p.id', 'e.participation_id').select('e.id').where('p.participant_id', '=', participantId).executeTakeFirstOrThrow();
    const claims = await Promise.all([1, 2].map(() => t.app.ctx.db.transaction().execute((trx) => claimPhoneZone(trx, enrolment.id, 'Europe/Paris', 'Asia/Tokyo'))));
    expect(claims.sort()).toEqual([false, true]);
  });

  it('the participant\'s zone at arrival: a new report re-plans nothing', async () => {
    await useRule('participant');
    const { token, participantId } = await arrived(HONG_KONG);
    const before = await tasksOf(participantId);
    expect(prompts(before).every((p) => p.timezone === HONG_KONG)).toBe(true);
    expect([...byDay(before).values()].slice(1).every((list) => list.join() === `${HONG_KONG} 09:00,${HONG_KONG} 21:00`)).toBe(true);
    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    expect(await tasksOf(participantId)).toEqual(before);
  });

  it('with no zone reported at arrival the setting\'s zone is used; following the phone, its first report re-plans', async () => {
    await useRule('follow_phone');
    const { token, participantId } = await arrived(null);
    const before = await tasksOf(participantId);
    expect(prompts(before).every((p) => p.timezone === NEW_YORK)).toBe(true);
    expect(before.find((task) => task.kind === 'diary')).toMatchObject({ timezone: NEW_YORK, diary_start_date: today(NEW_YORK) });
    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    const from = nextDay([today(NEW_YORK), today(LONDON)].sort()[1]);
    for (const [day, list] of byDay(await tasksOf(participantId))) {
      expect(list).toEqual(day < from ? list.filter((p) => p.startsWith(NEW_YORK)) : [`${LONDON} 09:00`, `${LONDON} 21:00`]);
    }
  });

  it('the setting\'s zone: the phone\'s zone is never used', async () => {
    await useRule('setting');
    const { token, participantId } = await arrived(HONG_KONG);
    const before = await tasksOf(participantId);
    expect(before.filter((task) => task.kind !== 'once' && task.kind !== 'anytime').every((task) => task.timezone === NEW_YORK)).toBe(true);
    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    expect(await tasksOf(participantId)).toEqual(before);
  });

  it('a live edit after a move re-plans the days in the new zone and leaves the days begun in the old one as they were', async () => {
    await useRule('follow_phone');
    const { token, participantId } = await arrived(HONG_KONG);
    expect((await report(t.app, token, LONDON)).statusCode).toBe(200);
    const moved = await tasksOf(participantId);
    const from = nextDay([today(HONG_KONG), today(LONDON)].sort()[1]);
    const stage = study.stage_list[0];
    const group = stage.participant_group_list[0];
    const item = { _id: questionnaire._id, chin_name: '', abbrev: '' };
    const setting = { ...newEmaSetting(NEW_YORK), questionnaire_list: [item], time_list: ['09:00', '15:00', '21:00'], number_of_days: DAYS, zone_rule: 'follow_phone' as const };
    const saved = await send(t.app, {
      method: 'PUT',
      url: `/api/studies/${study._id}/edit_except_consent`,
      token: manager,
      payload: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, ema_list: [setting] }] }], apply_now: [`${group._id}:ema`] },
    });
    expect(saved.statusCode).toBe(200);
    const after = await tasksOf(participantId);
    for (const [day, list] of byDay(after)) {
      if (day < from) expect(prompts(after).filter((p) => dayOf(p) === day).map((p) => p.id)).toEqual(prompts(moved).filter((p) => dayOf(p) === day).map((p) => p.id));
      else expect(list).toEqual([`${LONDON} 09:00`, `${LONDON} 15:00`, `${LONDON} 21:00`]);
    }
    expectReminders(after);
  });
});
