import { MAX_MINUTES, MAX_NUMBER_OF_DAYS, MAX_TIMES_PER_DAY, MIN_REMINDER_INTERVAL_MINUTES } from '../limits';

/** EMA and diary settings (part 2 section 5, in the order of their rules), then the server's shape checks. */
export const assessmentMessages = {
  emaQuestionnaireTaken: 'Questionnaire has been selected in another EMA setting',
  daysLargerThanZero: "'For number of days' field must be larger than 0",
  reminderNotNumber: 'Interval between reminder notifications must be a number',
  reminderTooSmall: 'Interval between reminder notifications cannot be empty or less than 5 minutes',
  needAssessmentTime: 'There must be at least one assessment time',
  needPeriod: 'There must be at least one period of time for setting randomized time',
  periodStartBeforeEnd: 'The start time of each period must be earlier than its end time',
  responseInNotNumber: "'Response has to be made within' field must be a number",
  responseInTooSmall: "'Response has to be made within' field cannot be empty or less than 5 minutes",
  reminderNotBelowResponseIn:
    "Interval between reminder notifications cannot be larger than or equal to the number in 'Response has to be made within' field",
  periodShorterThanResponseIn:
    "Each period of randomized time must be longer than the number in 'Response has to be made within' field",
  diaryQuestionnaireTaken: 'Questionnaire has been selected in another Diary Assessment setting',
  startDateRequired: 'Please specify the start date',
  daysWholeNumber: `'For number of days' field must be a whole number from 1 to ${MAX_NUMBER_OF_DAYS}`,
  minutesWholeNumber: `Minutes must be whole numbers from ${MIN_REMINDER_INTERVAL_MINUTES} to ${MAX_MINUTES}`,
  timeFormat: 'Times must be on the 24-hour clock, like 09:30 or 21:00',
  tooManyTimes: `A setting can have at most ${MAX_TIMES_PER_DAY} times or periods a day`,
  dateFormat: 'The start date must be a date (YYYY-MM-DD)',
  timezoneNotOffered: 'This time zone is not offered',
  zoneRuleUnknown: "'Schedule follows' must be the setting's time zone, the participant's time zone at arrival or the phone",
  questionnaireNotFound: 'Questionnaire not found',
} as const;
