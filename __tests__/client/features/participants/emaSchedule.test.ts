import { scheduleRows } from '../../../../src/client/features/participants/emaSchedule';
import { dateTimeText } from '../../../../src/client/features/participants/dateTime';
import { emaTask } from './participantFixtures';

const NOW = new Date('2030-03-01T00:00:00.000Z');

describe('the EMA Schedule rows', () => {
  it('formats YYYY-MM-DD hh:mm A in the zone the task was planned in', () => {
    expect(dateTimeText('2030-03-01T01:00:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-01 09:00 AM');
    expect(dateTimeText('2030-03-01T13:30:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-01 09:30 PM');
    expect(dateTimeText('2030-03-01T16:05:00.000Z', 'Asia/Hong_Kong')).toBe('2030-03-02 12:05 AM');
    // Daylight saving: the same wall-clock 09:00 is 09:00 UTC in winter and 08:00 UTC in summer in London.
    expect(dateTimeText('2030-01-15T09:00:00.000Z', 'Europe/London')).toBe('2030-01-15 09:00 AM');
    expect(dateTimeText('2030-07-15T08:00:00.000Z', 'Europe/London')).toBe('2030-07-15 09:00 AM');
  });

  it('groups tasks by time, time zone and reminder flag, listing their questionnaires, soonest first', () => {
    const rows = scheduleRows(
      [
        emaTask('t5', '2030-03-01T05:00:00.000Z', 'MOOD'),
        emaTask('t1', '2030-03-01T01:00:00.000Z', 'MOOD'),
        emaTask('t2', '2030-03-01T01:00:00.000Z', 'SLEEP'),
        emaTask('t3', '2030-03-01T01:05:00.000Z', 'MOOD', { reminder: true }),
        emaTask('t4', '2030-03-01T01:05:00.000Z', 'SLEEP', { reminder: true }),
        emaTask('t6', '2030-03-01T01:00:00.000Z', 'MOOD', { reminder: true }),
        emaTask('t7', '2030-03-01T01:00:00.000Z', 'STRESS', { timezone: 'Europe/London' }),
      ],
      NOW,
    );
    expect(rows.map(({ time, timezone, reminder, questionnaires }) => [time, timezone, reminder, questionnaires.join(',')])).toEqual([
      ['2030-03-01 09:00 AM', 'Asia/Hong_Kong', false, 'MOOD,SLEEP'],
      ['2030-03-01 01:00 AM', 'Europe/London', false, 'STRESS'],
      ['2030-03-01 09:00 AM', 'Asia/Hong_Kong', true, 'MOOD'],
      ['2030-03-01 09:05 AM', 'Asia/Hong_Kong', true, 'MOOD,SLEEP'],
      ['2030-03-01 01:00 PM', 'Asia/Hong_Kong', false, 'MOOD'],
    ]);
  });

  it('leaves out notifications that are not in the future', () => {
    const rows = scheduleRows(
      [
        emaTask('past', '2030-02-28T23:59:00.000Z', 'MOOD'),
        emaTask('now', NOW.toISOString(), 'MOOD'),
        emaTask('next', '2030-03-01T00:01:00.000Z', 'MOOD'),
      ],
      NOW,
    );
    expect(rows.map((r) => r.time)).toEqual(['2030-03-01 08:01 AM']);
    expect(scheduleRows([emaTask('past', '2030-02-01T00:00:00.000Z', 'MOOD')], NOW)).toEqual([]);
  });
});
