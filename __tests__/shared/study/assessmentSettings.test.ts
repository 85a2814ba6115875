// The EMA and diary rules of part 2 section 5, one test per rule in the specification's order: each breaks its
// rule and every later one it can, so the test shows both the message and that the earlier rule is reported.
import { assessmentMessages as m } from '../../../src/shared/messages';
import {
  DEFAULT_FIXED_TIME,
  DEFAULT_RANDOMIZE_PERIOD,
  DEFAULT_TIMEZONE,
  diarySettingProblem,
  emaSettingProblem,
  groupSettingsProblem,
  isIsoDate,
  MAX_TIMES_PER_DAY,
  newDiarySetting,
  newEmaSetting,
  withRandomize,
  ZONE_RULE_LABELS,
  ZONE_RULES,
  type AssessmentListItem,
  type DiarySettingDraft,
  type EmaSettingDraft,
} from '../../../src/shared/study/assessmentSettings';

const A: AssessmentListItem = { _id: 'qa', chin_name: 'Mood', abbrev: 'MD' };
const B: AssessmentListItem = { _id: 'qb', chin_name: 'Sleep', abbrev: 'SL' };
const OFFERED = ['Asia/Hong_Kong', 'Europe/London'];

function ema(changes: Partial<EmaSettingDraft> = {}): EmaSettingDraft {
  return { ...newEmaSetting(), questionnaire_list: [A], time_list: ['09:00'], number_of_days: 7, ...changes };
}

function randomized(changes: Partial<EmaSettingDraft> = {}): EmaSettingDraft {
  return ema({ time_randomize: true, time_list: [], randomize_settings: [{ start_time: '09:00', end_time: '21:00' }], ...changes });
}

function diary(changes: Partial<DiarySettingDraft> = {}): DiarySettingDraft {
  return { ...newDiarySetting(), questionnaire_list: [A], number_of_days: 7, ...changes };
}

describe('the specification quotes these EMA and diary messages exactly', () => {
  it.each([
    [m.emaQuestionnaireTaken, 'Questionnaire has been selected in another EMA setting'],
    [m.daysLargerThanZero, "'For number of days' field must be larger than 0"],
    [m.reminderNotNumber, 'Interval between reminder notifications must be a number'],
    [m.reminderTooSmall, 'Interval between reminder notifications cannot be empty or less than 5 minutes'],
    [m.needAssessmentTime, 'There must be at least one assessment time'],
    [m.needPeriod, 'There must be at least one period of time for setting randomized time'],
    [
      m.reminderNotBelowResponseIn,
      "Interval between reminder notifications cannot be larger than or equal to the number in 'Response has to be made within' field",
    ],
    [m.diaryQuestionnaireTaken, 'Questionnaire has been selected in another Diary Assessment setting'],
    [m.startDateRequired, 'Please specify the start date'],
  ])('%j', (actual, quoted) => {
    expect(actual).toBe(quoted);
  });

  it('defines each message once', () => {
    const texts = Object.values(m);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('defaults (part 2 section 9)', () => {
  it('a new EMA setting: empty lists, not randomised, Hongkong, same day, reminder 5, response within 15', () => {
    expect(newEmaSetting()).toEqual({
      questionnaire_list: [],
      time_randomize: false,
      time_list: [],
      randomize_settings: [],
      timezone: 'Asia/Hong_Kong',
      // Issue 34 part 5: the setting's own zone, as before zone rules existed.
      zone_rule: 'setting',
      number_of_days: 1,
      day_one_eq_same_day: true,
      reminder_interval: 5,
      response_in: 15,
    });
    expect(newEmaSetting('Europe/London').timezone).toBe('Europe/London');
  });

  it('a new diary setting: no fixed start date, Hongkong', () => {
    expect(newDiarySetting()).toEqual({ questionnaire_list: [], fix_start_date: false, start_date: null, number_of_days: 1, timezone: DEFAULT_TIMEZONE, zone_rule: 'setting' });
  });

  it('a new fixed time is 09:00 and a new period 09:00-21:00', () => {
    expect(DEFAULT_FIXED_TIME).toBe('09:00');
    expect(DEFAULT_RANDOMIZE_PERIOD).toEqual({ start_time: '09:00', end_time: '21:00' });
  });

  it('toggling randomise clears both time lists', () => {
    const setting = ema({ randomize_settings: [{ start_time: '09:00', end_time: '21:00' }] });
    expect(withRandomize(setting, true)).toMatchObject({ time_randomize: true, time_list: [], randomize_settings: [] });
    expect(withRandomize(randomized(), false)).toMatchObject({ time_randomize: false, time_list: [], randomize_settings: [] });
  });
});

describe('emaSettingProblem: the nine rules in their order', () => {
  it('accepts a valid fixed-time setting and a valid randomised one', () => {
    expect(emaSettingProblem(ema(), [ema({ questionnaire_list: [B] })], OFFERED)).toBeNull();
    expect(emaSettingProblem(randomized(), [], OFFERED)).toBeNull();
  });

  it('1. a questionnaire already in another EMA setting of the group, before every other rule', () => {
    const broken = ema({ number_of_days: 0, reminder_interval: 'x', time_list: [], response_in: 'x' });
    expect(emaSettingProblem(broken, [ema({ questionnaire_list: [B, A] })])).toBe(m.emaQuestionnaireTaken);
    expect(emaSettingProblem(ema(), [ema({ questionnaire_list: [B] })])).toBeNull();
  });

  it('2. number of days larger than 0 (0, negative, blank or text), before rules 3 to 9', () => {
    for (const days of [0, -3, '', ' ', 'abc']) {
      expect(emaSettingProblem(ema({ number_of_days: days, reminder_interval: 'x', time_list: [] }), [])).toBe(m.daysLargerThanZero);
    }
  });

  it('3. reminder interval a number (text) and at least 5 (blank or smaller), before rules 4 to 9', () => {
    expect(emaSettingProblem(ema({ reminder_interval: 'five', time_list: [], response_in: 'x' }), [])).toBe(m.reminderNotNumber);
    for (const reminder of ['', '  ', 4, '4', -10]) {
      expect(emaSettingProblem(ema({ reminder_interval: reminder, time_list: [], response_in: 'x' }), [])).toBe(m.reminderTooSmall);
    }
  });

  it('4. not randomised: at least one assessment time, before rules 7 to 9', () => {
    expect(emaSettingProblem(ema({ time_list: [], response_in: 'x' }), [])).toBe(m.needAssessmentTime);
  });

  it('5. randomised: at least one period, before rules 7 to 9', () => {
    expect(emaSettingProblem(randomized({ randomize_settings: [], response_in: 'x' }), [])).toBe(m.needPeriod);
    // The fixed times are not read when randomised, nor the periods when not.
    expect(emaSettingProblem(randomized({ time_list: [] }), [])).toBeNull();
  });

  it('6. each period starts before it ends, before rules 7 to 9', () => {
    for (const period of [{ start_time: '21:00', end_time: '09:00' }, { start_time: '10:00', end_time: '10:00' }]) {
      const setting = randomized({ randomize_settings: [{ start_time: '08:00', end_time: '12:00' }, period], response_in: 'x' });
      expect(emaSettingProblem(setting, [])).toBe(m.periodStartBeforeEnd);
    }
  });

  it('7. response within a number (text) and at least 5 (blank or smaller), before rules 8 and 9', () => {
    const short = [{ start_time: '09:00', end_time: '09:01' }];
    expect(emaSettingProblem(randomized({ response_in: 'soon', randomize_settings: short }), [])).toBe(m.responseInNotNumber);
    for (const responseIn of ['', 4, '3']) {
      expect(emaSettingProblem(randomized({ response_in: responseIn, randomize_settings: short }), [])).toBe(m.responseInTooSmall);
    }
  });

  it('8. the reminder interval below the response window (equal or larger refused), before rule 9', () => {
    const short = [{ start_time: '09:00', end_time: '09:01' }];
    expect(emaSettingProblem(randomized({ reminder_interval: 15, response_in: 15, randomize_settings: short }), [])).toBe(m.reminderNotBelowResponseIn);
    expect(emaSettingProblem(ema({ reminder_interval: 20, response_in: '15' }), [])).toBe(m.reminderNotBelowResponseIn);
    expect(emaSettingProblem(ema({ reminder_interval: 14, response_in: 15 }), [])).toBeNull();
  });

  it('9. each randomised period longer than the response window', () => {
    const period = (end_time: string) => randomized({ response_in: 15, randomize_settings: [{ start_time: '09:00', end_time }] });
    expect(emaSettingProblem(period('09:15'), [])).toBe(m.periodShorterThanResponseIn);
    expect(emaSettingProblem(period('09:10'), [])).toBe(m.periodShorterThanResponseIn);
    expect(emaSettingProblem(period('09:16'), [])).toBeNull();
    // Fixed times have no periods to check.
    expect(emaSettingProblem(ema({ response_in: 600 }), [])).toBeNull();
  });
});

describe("emaSettingProblem: the server's shape checks after the nine", () => {
  it('days are whole numbers up to 366', () => {
    for (const days of [1.5, '2.0', '1e2', 367, 1e300, '99999999999999999999']) {
      expect(emaSettingProblem(ema({ number_of_days: days }), [])).toBe(m.daysWholeNumber);
    }
    expect(emaSettingProblem(ema({ number_of_days: '366' }), [])).toBeNull();
  });

  it('minutes are whole numbers up to 1440', () => {
    expect(emaSettingProblem(ema({ reminder_interval: 5.5 }), [])).toBe(m.minutesWholeNumber);
    expect(emaSettingProblem(ema({ response_in: 1441 }), [])).toBe(m.minutesWholeNumber);
    expect(emaSettingProblem(ema({ reminder_interval: '10', response_in: '1440' }), [])).toBeNull();
  });

  it('times are HH:mm', () => {
    for (const time of ['9:00', '24:00', '09:60', '0900', '09:00:00', '']) {
      expect(emaSettingProblem(ema({ time_list: ['10:00', time] }), [])).toBe(m.timeFormat);
    }
    expect(emaSettingProblem(randomized({ randomize_settings: [{ start_time: '9am', end_time: '21:00' }] }), [])).toBe(m.timeFormat);
  });

  it(`at most ${MAX_TIMES_PER_DAY} times or periods a day`, () => {
    const quarter = (i: number) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
    const times = Array.from({ length: MAX_TIMES_PER_DAY + 1 }, (_, i) => quarter(i));
    expect(emaSettingProblem(ema({ time_list: times }), [])).toBe(m.tooManyTimes);
    expect(emaSettingProblem(ema({ time_list: times.slice(1) }), [])).toBeNull();
  });

  it('the time zone must be offered, when the offer is given', () => {
    expect(emaSettingProblem(ema({ timezone: 'Asia/Tokyo' }), [], OFFERED)).toBe(m.timezoneNotOffered);
    expect(emaSettingProblem(ema({ timezone: 'Europe/London' }), [], OFFERED)).toBeNull();
    expect(emaSettingProblem(ema({ timezone: 'Asia/Tokyo' }), [])).toBeNull();
  });

  it('last, whose zone the schedule follows: one of the three rules (issue 34 part 5), "setting" by default', () => {
    expect(newEmaSetting().zone_rule).toBe('setting');
    for (const zone_rule of ZONE_RULES) expect(emaSettingProblem(ema({ zone_rule }), [], OFFERED)).toBeNull();
    for (const wrong of ['phone', '', null, 1]) {
      expect(emaSettingProblem({ ...ema(), zone_rule: wrong } as unknown as EmaSettingDraft, [], OFFERED)).toBe(m.zoneRuleUnknown);
      expect(diarySettingProblem({ ...diary(), zone_rule: wrong } as unknown as DiarySettingDraft, [], OFFERED)).toBe(m.zoneRuleUnknown);
    }
    // After the offered zone: the earlier rule is reported first.
    expect(emaSettingProblem({ ...ema({ timezone: 'Asia/Tokyo' }), zone_rule: 'x' } as unknown as EmaSettingDraft, [], OFFERED)).toBe(m.timezoneNotOffered);
    expect(newDiarySetting().zone_rule).toBe('setting');
    expect(Object.keys(ZONE_RULE_LABELS)).toEqual([...ZONE_RULES]);
  });
});

describe('diarySettingProblem: the three rules in their order', () => {
  it('accepts a valid setting, with or without a fixed start date', () => {
    expect(diarySettingProblem(diary(), [diary({ questionnaire_list: [B] })], OFFERED)).toBeNull();
    expect(diarySettingProblem(diary({ fix_start_date: true, start_date: '2025-03-01' }), [], OFFERED)).toBeNull();
  });

  it('1. a questionnaire already in another diary setting of the group, before the other rules', () => {
    const broken = diary({ number_of_days: 0, fix_start_date: true, start_date: null });
    expect(diarySettingProblem(broken, [diary()])).toBe(m.diaryQuestionnaireTaken);
  });

  it('2. number of days larger than 0, before rule 3', () => {
    for (const days of [0, -1, '', 'many']) {
      expect(diarySettingProblem(diary({ number_of_days: days, fix_start_date: true, start_date: null }), [])).toBe(m.daysLargerThanZero);
    }
  });

  it('3. a start date when the start date is fixed', () => {
    expect(diarySettingProblem(diary({ fix_start_date: true, start_date: null }), [])).toBe(m.startDateRequired);
    expect(diarySettingProblem(diary({ fix_start_date: true, start_date: '' }), [])).toBe(m.startDateRequired);
    expect(diarySettingProblem(diary({ fix_start_date: false, start_date: null }), [])).toBeNull();
  });

  it("then the server's shape checks: whole days, a real date, an offered time zone", () => {
    expect(diarySettingProblem(diary({ number_of_days: 2.5 }), [])).toBe(m.daysWholeNumber);
    expect(diarySettingProblem(diary({ number_of_days: 400 }), [])).toBe(m.daysWholeNumber);
    for (const date of ['2025-02-30', '2025-13-01', '01/03/2025', 'tomorrow']) {
      expect(diarySettingProblem(diary({ fix_start_date: true, start_date: date }), [])).toBe(m.dateFormat);
    }
    expect(diarySettingProblem(diary({ timezone: 'Hongkong' }), [], OFFERED)).toBe(m.timezoneNotOffered);
  });
});

describe('groupSettingsProblem', () => {
  it('checks each EMA setting against the others, then each diary setting against the others', () => {
    expect(groupSettingsProblem([ema(), ema({ questionnaire_list: [B] })], [diary(), diary({ questionnaire_list: [B] })], OFFERED)).toBeNull();
    expect(groupSettingsProblem([ema({ questionnaire_list: [B] }), ema({ questionnaire_list: [A, B] })], [diary(), diary()])).toBe(m.emaQuestionnaireTaken);
    expect(groupSettingsProblem([ema()], [diary(), diary()])).toBe(m.diaryQuestionnaireTaken);
  });

  it('allows one questionnaire in an EMA setting and a diary setting of the same group', () => {
    expect(groupSettingsProblem([ema()], [diary()])).toBeNull();
  });
});

describe('isIsoDate', () => {
  it('accepts calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate(20240229)).toBe(false);
  });
});
