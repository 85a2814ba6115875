// The task list's groups are the task's own time zone's days: a prompt at 23:30 in Hong Kong is "today" there
// whatever the phone's zone; diaries run from their start day for their number of days.
import { dayIn, groupTasks, timeIn } from '../../../src/participant/tasks/taskGroups';
import type { AppDiaryTask, AppTasksAnswer } from '../../../src/shared/types/participantApp';

const empty: AppTasksAnswer = { ema: [], diary: [], once: [], anytime: [] };
const q = { _id: 'q', chin_name: 'Diary', abbrev: 'D' };

function diary(start: string, days: number, daysLeft: number): AppDiaryTask {
  return { _id: `d-${start}`, kind: 'diary', questionnaire: q, diary_task_start_date: start, number_of_days_required: days, days_left: daysLeft, timezone: 'Asia/Hong_Kong' };
}

describe('task groups', () => {
  it('counts days in the task zone', () => {
    // 16:30 UTC is 00:30 the next day in Hong Kong.
    expect(dayIn(new Date('2026-03-01T16:30:00Z'), 'Asia/Hong_Kong')).toBe('2026-03-02');
    expect(dayIn(new Date('2026-03-01T15:30:00Z'), 'Asia/Hong_Kong')).toBe('2026-03-01');
  });

  it('shows a diary from its first day through its last, while days are left', () => {
    const now = new Date('2026-03-05T04:00:00Z'); // 12:00 in Hong Kong
    const shown = (task: AppDiaryTask) => groupTasks({ ...empty, diary: [task] }, now).diaryToday.length === 1;
    expect(shown(diary('2026-03-05', 1, 1))).toBe(true);
    expect(shown(diary('2026-03-01', 5, 2))).toBe(true);
    expect(shown(diary('2026-03-01', 4, 2))).toBe(false); // ended on 03-04
    expect(shown(diary('2026-03-06', 3, 3))).toBe(false); // not started
    expect(shown(diary('2026-03-01', 7, 0))).toBe(false); // every day answered
  });

  it('puts a prompt later in the zone day under later today, and one of tomorrow nowhere', () => {
    const now = new Date('2026-03-05T04:00:00Z');
    const prompt = (at: string) => ({
      _id: at, kind: 'ema' as const, prompt_id: null, questionnaire: q, notification_datetime: at, timezone: 'Asia/Hong_Kong',
      reminder: false, window_closes_at: new Date(Date.parse(at) + 15 * 60_000).toISOString(), status: 'planned' as const, followup: false, trigger_submission_id: null,
    });
    const groups = groupTasks({ ...empty, ema: [prompt('2026-03-05T15:30:00Z'), prompt('2026-03-05T16:30:00Z')] }, now);
    expect(groups.laterToday.map((t) => t._id)).toEqual(['2026-03-05T15:30:00Z']);
    expect(groups.openNow).toEqual([]);
  });

  it('names the zone with the time', () => {
    expect(timeIn('2026-03-05T06:30:00Z', 'Asia/Hong_Kong', 'en')).toMatch(/^2:30\sPM (HKT|GMT\+8)$/);
  });
});
