import { APP_VERSION_MAX_CHARS, PENDING_ANSWERS_MAX, TIMEZONE_MAX_CHARS } from '../limits';

/**
 * The device report (POST /api/app/device, issue 33): the server's answers, one per field that is wrong, and the
 * words of the Participant List's Device column.
 */
export const deviceMessages = {
  reported: 'The device state has been recorded',
  pushPermissionInvalid: 'pushPermission must be one of granted, denied, default or unsupported',
  installedInvalid: 'installed must be true or false',
  appVersionInvalid: `appVersion must be a text of 1 to ${APP_VERSION_MAX_CHARS} characters`,
  timezoneInvalid: `timezone must be an IANA time zone name (at most ${TIMEZONE_MAX_CHARS} characters), such as Asia/Hong_Kong or UTC`,
  pendingAnswersInvalid: `pendingAnswers must be a whole number from 0 to ${PENDING_ANSWERS_MAX}`,
  languageInvalid: 'language must be en or zh-Hant',
} as const;

/** The Device column (Participant List): push on or off and why, last seen, answers waiting, the phone's zone. */
export const deviceTexts = {
  column: 'DEVICE',
  neverReported: 'Not reported yet',
  pushOn: 'Push on',
  pushOff: 'Push off',
  offReasons: {
    denied: 'notifications denied',
    notInstalled: 'not installed on an iPhone',
    lost: 'push lost',
    noSubscription: 'no subscription',
    unsupported: 'browser without push',
  },
  lastSeen: 'Last seen',
  answersWaiting: (count: number) => (count === 1 ? '1 answer waiting on the phone' : `${count} answers waiting on the phone`),
  phoneZone: (phone: string, study: string) => `Phone in ${phone} (study: ${study})`,
} as const;
