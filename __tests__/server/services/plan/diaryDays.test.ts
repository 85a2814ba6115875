// Diary days (PARTICIPANTS.md "Diary"): the days from today to the end that still lack an answer.
import { diaryDaysLeft, diaryEndDate, localDate } from '../../../../src/server/services/plan/diaryDays';

const task = { diary_start_date: '2024-05-01', number_of_days: 5, timezone: 'Asia/Hong_Kong' };

describe('diary days', () => {
  it('ends number_of_days - 1 days after the start', () => {
    expect(diaryEndDate(task)).toBe('2024-05-05');
    expect(diaryEndDate({ ...task, number_of_days: 1 })).toBe('2024-05-01');
  });

  it('reads dates in the task’s zone', () => {
    expect(localDate('2024-04-30T16:30:00Z', 'Asia/Hong_Kong')).toBe('2024-05-01');
    expect(localDate('2024-04-30T15:30:00Z', 'Asia/Hong_Kong')).toBe('2024-04-30');
  });

  it('counts every day before the start, today onwards after it, without the answered ones', () => {
    expect(diaryDaysLeft(task, [], '2024-04-20T00:00:00Z')).toBe(5);
    expect(diaryDaysLeft(task, [], '2024-05-03T02:00:00Z')).toBe(3);
    expect(diaryDaysLeft(task, ['2024-05-03T01:00:00Z'], '2024-05-03T02:00:00Z')).toBe(2);
    // Two answers on one day count once; an answer of a past day does not change the days left.
    expect(diaryDaysLeft(task, ['2024-05-04T01:00:00Z', '2024-05-04T09:00:00Z', '2024-05-01T09:00:00Z'], '2024-05-03T02:00:00Z')).toBe(2);
    expect(diaryDaysLeft(task, [], '2024-05-06T02:00:00Z')).toBe(0);
  });
});
