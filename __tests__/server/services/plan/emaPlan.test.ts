// The EMA plan as computation: examples of the rules of PARTICIPANTS.md "The plan", and fast-check properties
// for any setting that passes the nine rules, in a zone with daylight saving (Europe/London).
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { dayOne, emaPrompts, reminderTimes } from '../../../../src/server/services/plan/emaPlan';
import { seededRandom } from '../../../../src/server/services/plan/seededRandom';
import { fuzzRuns, fuzzTimeout } from '../../../support/fuzz';
import { emaSettingProblem, minutesOfDay, newEmaSetting, type EmaSetting } from '../../../../src/shared/study/assessmentSettings';

const MINUTE = 60_000;
const LONDON = 'Europe/London';
const HK = 'Asia/Hong_Kong';

function setting(changes: Partial<EmaSetting>): EmaSetting {
  return { ...newEmaSetting(HK), questionnaire_list: [{ _id: 'q', chin_name: '', abbrev: '' }], time_list: ['09:00'], ...changes };
}

const at = (iso: string, zone = HK) => DateTime.fromISO(iso, { zone }).toMillis();
const wall = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm');

// The properties below run FUZZ_RUNS times longer in npm run fuzz.
jest.setTimeout(fuzzTimeout(30_000));

describe('fixed times', () => {
  it('plans each time of each day in the zone, with the window and the reminders before it closes', () => {
    const plan = emaPrompts(setting({ time_list: ['21:00', '09:00'], number_of_days: 2 }), at('2024-05-01T08:00'), Math.random);
    expect(plan.map((p) => wall(p.at, HK))).toEqual(['2024-05-01 09:00', '2024-05-01 21:00', '2024-05-02 09:00', '2024-05-02 21:00']);
    expect(plan[0].windowClosesAt - plan[0].at).toBe(15 * MINUTE);
    expect(plan[0].reminders.map((r) => (r - plan[0].at) / MINUTE)).toEqual([5, 10]);
  });

  it('does not plan a time that has passed on day one', () => {
    const plan = emaPrompts(setting({ time_list: ['09:00', '21:00'], number_of_days: 2 }), at('2024-05-01T12:00'), Math.random);
    expect(plan.map((p) => wall(p.at, HK))).toEqual(['2024-05-01 21:00', '2024-05-02 09:00', '2024-05-02 21:00']);
  });

  it('starts the next day when day one is not the arrival day', () => {
    const s = setting({ day_one_eq_same_day: false, number_of_days: 1 });
    expect(dayOne(s, at('2024-05-01T23:30')).toISODate()).toBe('2024-05-02');
    expect(emaPrompts(s, at('2024-05-01T23:30'), Math.random).map((p) => wall(p.at, HK))).toEqual(['2024-05-02 09:00']);
  });

  it('keeps the wall-clock time across a daylight-saving change (never +24 h)', () => {
    const plan = emaPrompts(setting({ timezone: LONDON, number_of_days: 3 }), at('2024-03-30T08:00', LONDON), Math.random);
    expect(plan.map((p) => wall(p.at, LONDON))).toEqual(['2024-03-30 09:00', '2024-03-31 09:00', '2024-04-01 09:00']);
    // 23 hours between the first two (the clocks went forward), 24 between the next.
    expect((plan[1].at - plan[0].at) / 3_600_000).toBe(23);
    expect((plan[2].at - plan[1].at) / 3_600_000).toBe(24);
  });

  it('a time the clocks skip comes at the next valid minute, once (New York, 10 March 2024: 02:00 became 03:00)', () => {
    const NEW_YORK = 'America/New_York';
    const plan = emaPrompts(setting({ timezone: NEW_YORK, time_list: ['02:00', '02:30', '02:59', '09:00'], number_of_days: 2 }), at('2024-03-09T08:00', NEW_YORK), Math.random);
    expect(plan.map((p) => wall(p.at, NEW_YORK))).toEqual(['2024-03-09 09:00', '2024-03-10 03:00', '2024-03-10 09:00']);
    expect(plan[1].at).toBe(Date.parse('2024-03-10T07:00:00Z'));
    // The day before, 02:30 exists and is planned.
    const before = emaPrompts(setting({ timezone: NEW_YORK, time_list: ['02:30'], number_of_days: 2 }), at('2024-03-09T00:00', NEW_YORK), Math.random);
    expect(before.map((p) => wall(p.at, NEW_YORK))).toEqual(['2024-03-09 02:30', '2024-03-10 03:00']);
  });

  it('a time that happens twice when the clocks go back comes once (London, 27 October 2024)', () => {
    const plan = emaPrompts(setting({ timezone: LONDON, time_list: ['01:30'], number_of_days: 1 }), at('2024-10-27T00:00', LONDON), Math.random);
    expect(plan).toHaveLength(1);
    expect(wall(plan[0].at, LONDON)).toBe('2024-10-27 01:30');
  });

  it('reminders: interval 5 in a 15-minute window gives +5 and +10; none when the interval leaves no room', () => {
    expect(reminderTimes(0, 5, 15).map((r) => r / MINUTE)).toEqual([5, 10]);
    expect(reminderTimes(0, 10, 30).map((r) => r / MINUTE)).toEqual([10, 20]);
    expect(reminderTimes(0, 7, 15).map((r) => r / MINUTE)).toEqual([7, 14]);
  });
});

describe('randomised times', () => {
  const s = setting({
    time_randomize: true,
    time_list: [],
    randomize_settings: [
      { start_time: '09:00', end_time: '12:00' },
      { start_time: '14:00', end_time: '14:20' },
    ],
    number_of_days: 5,
  });

  it('draws one prompt per period whose whole window fits, reproducibly from the seed', () => {
    const a = emaPrompts(s, at('2024-05-01T00:00'), seededRandom('seed-1', 'ema:0'));
    const b = emaPrompts(s, at('2024-05-01T00:00'), seededRandom('seed-1', 'ema:0'));
    const c = emaPrompts(s, at('2024-05-01T00:00'), seededRandom('seed-2', 'ema:0'));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a).toHaveLength(10);
    for (const p of a) {
      const minute = minutesOfDay(DateTime.fromMillis(p.at, { zone: HK }).toFormat('HH:mm'));
      const close = minute + 15;
      const inFirst = minute >= 9 * 60 && close <= 12 * 60;
      const inSecond = minute >= 14 * 60 && close <= 14 * 60 + 20;
      expect(inFirst || inSecond).toBe(true);
    }
  });
});

/**
 * The first instant whose wall-clock time in London is at or after `hhmm` on the day: the time itself, or the
 * moment the clocks jumped when they skip it. Found by walking minutes, independently of the plan's arithmetic.
 */
function nextValidMinute(day: DateTime, hhmm: string): number {
  const wanted = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const local = day.setZone(LONDON);
  const exact = local.set({ hour: Math.floor(wanted / 60), minute: wanted % 60 });
  if (exact.hour * 60 + exact.minute === wanted) return exact.toMillis();
  // Skipped: walk on from two hours before, minute by minute, to the first minute at or after it that day.
  let t = DateTime.fromMillis(exact.toMillis() - 120 * MINUTE, { zone: LONDON });
  while (!(t.hasSame(local, 'day') && t.hour * 60 + t.minute >= wanted)) t = t.plus({ minutes: 1 });
  return t.toMillis();
}

describe('randomised times across the spring-forward gap (London, 31 March 2024: 01:00 became 02:00)', () => {
  const s = setting({ timezone: LONDON, time_randomize: true, time_list: [], randomize_settings: [{ start_time: '00:30', end_time: '02:30' }], number_of_days: 1 });

  it('draws among the minutes that exist: the period is one real hour long, every prompt a valid local time', () => {
    const arrival = at('2024-03-31T00:00', LONDON);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const [p] = emaPrompts(s, arrival, seededRandom(`seed-${i}`, 'ema:0'));
      const local = DateTime.fromMillis(p.at, { zone: LONDON });
      expect(p.at).toBeGreaterThanOrEqual(Date.parse('2024-03-31T00:30:00Z'));
      expect(p.windowClosesAt).toBeLessThanOrEqual(Date.parse('2024-03-31T01:30:00Z'));
      // No local time in the gap: before 01:00 GMT or from 02:00 BST.
      expect(local.hour === 0 || local.hour >= 2).toBe(true);
      seen.add(local.toFormat('HH:mm'));
    }
    expect([...seen].some((t) => t < '01:00')).toBe(true);
    expect([...seen].some((t) => t >= '02:00')).toBe(true);
  });

  it('a period starting in the gap starts at the next valid minute', () => {
    const inGap = setting({ timezone: LONDON, time_randomize: true, time_list: [], randomize_settings: [{ start_time: '01:10', end_time: '02:40' }], number_of_days: 1 });
    for (let i = 0; i < 100; i += 1) {
      const [p] = emaPrompts(inGap, at('2024-03-31T00:00', LONDON), seededRandom(`seed-${i}`, 'ema:0'));
      expect(p.at).toBeGreaterThanOrEqual(Date.parse('2024-03-31T01:00:00Z'));
      expect(p.windowClosesAt).toBeLessThanOrEqual(Date.parse('2024-03-31T01:40:00Z'));
    }
  });
});

// Settings that pass the nine rules of part 2 section 5, in London.
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const timing = fc
  .record({ reminder: fc.integer({ min: 5, max: 60 }), extra: fc.integer({ min: 1, max: 60 }) })
  .map(({ reminder, extra }) => ({ reminder_interval: reminder, response_in: reminder + extra }));

const validSetting: fc.Arbitrary<EmaSetting> = fc
  .record({
    timing,
    randomize: fc.boolean(),
    times: fc.uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 1, maxLength: 6 }),
    periods: fc.array(fc.tuple(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 24 * 60 - 1 })), { minLength: 1, maxLength: 4 }),
    days: fc.integer({ min: 1, max: 10 }),
    sameDay: fc.boolean(),
  })
  .map(({ timing: t, randomize, times, periods, days, sameDay }) => ({
    ...setting({}),
    timezone: LONDON,
    time_randomize: randomize,
    time_list: randomize ? [] : times.map(hhmm),
    randomize_settings: randomize
      ? periods.map(([a, b]) => {
          const start = Math.min(a, b, 24 * 60 - 1 - t.response_in - 1);
          const end = Math.max(a, b, start + t.response_in + 1);
          return { start_time: hhmm(start), end_time: hhmm(Math.min(end, 24 * 60 - 1)) };
        })
      : [],
    number_of_days: days,
    day_one_eq_same_day: sameDay,
    ...t,
  }))
  .filter((s) => emaSettingProblem(s, []) === null);

// Arrivals around the 2024 changes in London (31 March forward, 27 October back) and in between.
const arrival = fc.oneof(
  fc.integer({ min: Date.parse('2024-03-25T00:00:00Z'), max: Date.parse('2024-04-02T00:00:00Z') }),
  fc.integer({ min: Date.parse('2024-10-22T00:00:00Z'), max: Date.parse('2024-10-30T00:00:00Z') }),
  fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2024-12-31T00:00:00Z') }),
);

describe('properties of the plan (Europe/London)', () => {
  it('every prompt lies on one of exactly number_of_days days, none before the arrival', () => {
    fc.assert(
      fc.property(validSetting, arrival, fc.string(), (s, arrivalMs, seed) => {
        const plan = emaPrompts(s, arrivalMs, seededRandom(seed, 'ema:0'));
        const first = dayOne(s, arrivalMs);
        for (const p of plan) {
          expect(p.at).toBeGreaterThanOrEqual(arrivalMs);
          const date = DateTime.fromMillis(p.at, { zone: LONDON }).startOf('day');
          const day = Math.round(date.diff(first, 'days').days);
          expect(day).toBe(p.day);
          expect(day).toBeGreaterThanOrEqual(0);
          expect(day).toBeLessThan(s.number_of_days);
        }
        // Every day after day one has all its prompts (a fixed time skipped by the clocks still gets one; two
        // skipped times come at the same next valid minute, once).
        if (!s.time_randomize) {
          for (let d = 1; d < s.number_of_days; d += 1) {
            const date = first.plus({ days: d });
            const moments = new Set(s.time_list.map((t) => nextValidMinute(date, t)));
            expect(plan.filter((p) => p.day === d)).toHaveLength(moments.size);
          }
        }
      }),
      fuzzRuns(100),
    );
  });

  it('fixed prompts fall at their wall-clock time, whatever the offset that day', () => {
    fc.assert(
      fc.property(validSetting.filter((s) => !s.time_randomize), arrival, (s, arrivalMs) => {
        for (const p of emaPrompts(s, arrivalMs, Math.random)) {
          const local = DateTime.fromMillis(p.at, { zone: LONDON });
          // A time the clocks skip (01:00-01:59 on the last Sunday of March) comes at the next valid minute, 02:00
          // (luxon alone would move it on by the hour skipped: 01:30 to 02:30; changed with issue 34 part 5).
          const planned = s.time_list.some((t) => local.toFormat('HH:mm') === t || nextValidMinute(local.startOf('day'), t) === p.at);
          expect(planned).toBe(true);
        }
      }),
      fuzzRuns(100),
    );
  });

  it('randomised prompts lie inside their period with their whole window', () => {
    fc.assert(
      fc.property(validSetting.filter((s) => s.time_randomize), arrival, fc.string(), (s, arrivalMs, seed) => {
        for (const p of emaPrompts(s, arrivalMs, seededRandom(seed, 'ema:0'))) {
          const date = DateTime.fromMillis(p.at, { zone: LONDON });
          const inside = s.randomize_settings.some((period) => {
            const start = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: Number(period.start_time.slice(0, 2)), minute: Number(period.start_time.slice(3)) }, { zone: LONDON });
            const end = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: Number(period.end_time.slice(0, 2)), minute: Number(period.end_time.slice(3)) }, { zone: LONDON });
            return p.at >= start.toMillis() && p.windowClosesAt <= end.toMillis();
          });
          expect(inside).toBe(true);
        }
      }),
      fuzzRuns(100),
    );
  });

  it('reminders come every interval after the prompt and strictly before the window closes', () => {
    fc.assert(
      fc.property(validSetting, arrival, (s, arrivalMs) => {
        for (const p of emaPrompts(s, arrivalMs, Math.random)) {
          expect(p.windowClosesAt - p.at).toBe(s.response_in * MINUTE);
          p.reminders.forEach((r, i) => {
            expect(r - p.at).toBe((i + 1) * s.reminder_interval * MINUTE);
            expect(r).toBeLessThan(p.windowClosesAt);
          });
          expect(p.reminders).toHaveLength(Math.ceil(s.response_in / s.reminder_interval) - 1);
        }
      }),
      fuzzRuns(100),
    );
  });
});
