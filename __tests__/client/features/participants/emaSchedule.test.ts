import { scheduleRows, todayIndex, todayText } from '../../../../src/client/features/participants/emaSchedule';
import { dateTimeText, momentText } from '../../../../src/client/features/participants/dateTime';
import { emaPromptState } from '../../../../src/shared/emaSchedule';
import { emaTask } from './participantFixtures';

describe('the EMA Schedule rows', () => {
  it('formats YYYY-MM-DD hh:mm A in the zone the task was planned in', () => {
    expect(dateTimeText('2030-03-01T01:00:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-01 09:00 AM');
    expect(dateTimeText('2030-03-01T13:30:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-01 09:30 PM');
    expect(dateTimeText('2030-03-01T16:05:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-02 12:05 AM');
    // Daylight saving: the same wall-clock 09:00 is 09:00 UTC in winter and 08:00 UTC in summer in London.
    expect(dateTimeText('2030-01-15T09:00:00.000Z', 'Europe/London')).toBe('2030-01-15 09:00 AM');
    expect(dateTimeText('2030-07-15T08:00:00.000Z', 'Europe/London')).toBe('2030-07-15 09:00 AM');
  });

  it("says the zone's short name after every moment", () => {
    expect(momentText('2026-11-26T04:43:00.000Z', 'Asia/Hong_Kong')).toBe('2026-11-26 12:43 PM GMT+8');
    expect(momentText('2030-07-15T08:00:00.000Z', 'Europe/London')).toBe('2030-07-15 09:00 AM GMT+1');
    expect(momentText('2030-01-15T09:00:00.000Z', 'UTC')).toBe('2030-01-15 09:00 AM UTC');
  });

  it('groups every task, past ones too, by time, time zone and reminder flag, soonest first', () => {
    const rows = scheduleRows([
      emaTask('t5', '2030-03-01T05:00:00.000Z', 'MOOD'),
      emaTask('t1', '2030-03-01T01:00:00.000Z', 'MOOD'),
      emaTask('t2', '2030-03-01T01:00:00.000Z', 'SLEEP'),
      emaTask('t3', '2030-03-01T01:05:00.000Z', 'MOOD', { reminder: true }),
      emaTask('t4', '2030-03-01T01:05:00.000Z', 'SLEEP', { reminder: true }),
      emaTask('t6', '2030-03-01T01:00:00.000Z', 'MOOD', { reminder: true }),
      emaTask('t7', '2030-03-01T01:00:00.000Z', 'STRESS', { timezone: 'Europe/London' }),
      emaTask('t0', '2020-01-01T01:00:00.000Z', 'OLD', { status: 'expired' }),
    ]);
    expect(rows.map(({ notifiedAt, timezone, reminder, questionnaires }) => [notifiedAt, timezone, reminder, questionnaires.map((q) => q.abbrev).join(',')])).toEqual([
      ['2020-01-01T01:00:00.000Z', 'Asia/Hong_Kong', false, 'OLD'],
      ['2030-03-01T01:00:00.000Z', 'Asia/Hong_Kong', false, 'MOOD,SLEEP'],
      ['2030-03-01T01:00:00.000Z', 'Europe/London', false, 'STRESS'],
      ['2030-03-01T01:00:00.000Z', 'Asia/Hong_Kong', true, 'MOOD'],
      ['2030-03-01T01:05:00.000Z', 'Asia/Hong_Kong', true, 'MOOD,SLEEP'],
      ['2030-03-01T05:00:00.000Z', 'Asia/Hong_Kong', false, 'MOOD'],
    ]);
    expect(rows[0].questionnaires[0].state).toBe('missed');
  });

  it('marks a follow-up prompt (one an answer planned) among the questionnaires of its moment', () => {
    const rows = scheduleRows([
      emaTask('t1', '2030-03-01T01:00:00.000Z', 'MOOD'),
      emaTask('t2', '2030-03-01T01:00:00.000Z', 'CHECK', { trigger_submission_id: 'sub1' }),
    ]);
    expect(rows[0].questionnaires.map((q) => [q.abbrev, q.followup])).toEqual([['MOOD', false], ['CHECK', true]]);
  });

  it('maps the stored status and the answer to the seven states', () => {
    const answered = { answered_at: '2030-03-01T01:05:00.000Z' };
    const cases = [
      [emaTask('a', '2030-03-01T01:00:00.000Z', 'M'), 'planned'],
      [emaTask('b', '2030-03-01T01:00:00.000Z', 'M', { status: 'delivered' }), 'delivered'],
      [emaTask('c', '2030-03-01T01:00:00.000Z', 'M', { status: 'opened' }), 'opened'],
      [emaTask('d', '2030-03-01T01:00:00.000Z', 'M', { status: 'completed', ...answered }), 'answered'],
      // A late answer leaves the task expired: it reads as answered late, not missed.
      [emaTask('e', '2030-03-01T01:00:00.000Z', 'M', { status: 'expired', ...answered, answered_late: true }), 'late'],
      [emaTask('f', '2030-03-01T01:00:00.000Z', 'M', { status: 'expired' }), 'missed'],
      [emaTask('g', '2030-03-01T01:00:00.000Z', 'M', { status: 'cancelled' }), 'cancelled'],
      // A reminder whose prompt was answered.
      [emaTask('h', '2030-03-01T01:00:00.000Z', 'M', { status: 'completed', reminder: true }), 'answered'],
    ] as const;
    for (const [task, state] of cases) expect([task._id, emaPromptState(task)]).toEqual([task._id, state]);
  });

  it("finds where today starts in the shown zone, or the end when everything is before today", () => {
    const rows = scheduleRows([
      emaTask('y', '2030-02-28T15:00:00.000Z', 'M'), // 23:00 on 28 February in Hong Kong
      emaTask('t', '2030-02-28T16:30:00.000Z', 'M'), // 00:30 on 1 March in Hong Kong, still 28 February in London
      emaTask('n', '2030-03-01T05:00:00.000Z', 'M'),
    ]);
    const now = new Date('2030-03-01T04:00:00.000Z');
    expect(todayIndex(rows, now, 'Asia/Hong_Kong')).toBe(1);
    expect(todayIndex(rows, now, 'Europe/London')).toBe(2);
    expect(todayIndex(rows, new Date('2030-03-05T00:00:00.000Z'), 'Asia/Hong_Kong')).toBe(3);
    expect(todayText(now, 'Asia/Hong_Kong')).toBe('2030-03-01');
  });
});
