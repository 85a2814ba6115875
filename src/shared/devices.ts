// The participant app's device report (POST /api/app/device, issue 33) and what the Participant List makes of
// it: whether prompts reach the phone by push, and if not, why. The server judges reports and works out the
// push state with these functions; the portal and the app use the same types.
import { deviceMessages } from './messages/device';
import { APP_VERSION_MAX_CHARS, PENDING_ANSWERS_MAX, TIMEZONE_MAX_CHARS } from './limits';

export const PUSH_PERMISSIONS = ['granted', 'denied', 'default', 'unsupported'] as const;
export type PushPermission = (typeof PUSH_PERMISSIONS)[number];

export const APP_LANGUAGES = ['en', 'zh-Hant'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

/** What the app reports on start and when it comes to the front. */
export interface DeviceReportBody {
  pushPermission: PushPermission;
  installed: boolean;
  appVersion: string;
  /** IANA zone of the phone. */
  timezone: string;
  /** Answers kept on the phone, not yet sent (the outbox). */
  pendingAnswers: number;
  language?: AppLanguage;
}

/** The platform the server reads from the report's User-Agent: only an iPhone or iPad changes what push needs. */
export type DevicePlatform = 'ios' | 'other';

export const PUSH_OFF_REASONS = ['denied', 'notInstalled', 'lost', 'noSubscription', 'unsupported'] as const;
export type PushOffReason = (typeof PUSH_OFF_REASONS)[number];

/** A participant's device as the Participant List reads it (`device` of a row; null until the app reported). */
export interface ParticipantDevice {
  pushPermission: PushPermission;
  installed: boolean;
  appVersion: string;
  timezone: string;
  pendingAnswers: number;
  /** ISO-8601 UTC: the last report. */
  lastSeenAt: string;
  push: 'on' | 'off';
  pushOffReason: PushOffReason | null;
}

/** An IANA zone name (Asia/Hong_Kong, UTC) the runtime knows; not an offset such as +08:00, which Intl also takes. */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The report when every field is right (appVersion trimmed), else the message for the first wrong field; each
 * field has its own.
 */
export function readDeviceReport(body: Record<string, unknown>): { report: DeviceReportBody } | { problem: string } {
  const { pushPermission, installed, appVersion, timezone, pendingAnswers, language } = body;
  const permission = PUSH_PERMISSIONS.find((p) => p === pushPermission);
  if (!permission) return { problem: deviceMessages.pushPermissionInvalid };
  if (typeof installed !== 'boolean') return { problem: deviceMessages.installedInvalid };
  const version = typeof appVersion === 'string' ? appVersion.trim() : '';
  if (version === '' || version.length > APP_VERSION_MAX_CHARS) return { problem: deviceMessages.appVersionInvalid };
  if (typeof timezone !== 'string' || timezone.length > TIMEZONE_MAX_CHARS || !isTimeZone(timezone)) {
    return { problem: deviceMessages.timezoneInvalid };
  }
  if (typeof pendingAnswers !== 'number' || !Number.isInteger(pendingAnswers) || pendingAnswers < 0 || pendingAnswers > PENDING_ANSWERS_MAX) {
    return { problem: deviceMessages.pendingAnswersInvalid };
  }
  const appLanguage = APP_LANGUAGES.find((l) => l === language);
  if (language !== undefined && !appLanguage) return { problem: deviceMessages.languageInvalid };
  const report: DeviceReportBody = { pushPermission: permission, installed, appVersion: version, timezone, pendingAnswers };
  return { report: appLanguage ? { ...report, language: appLanguage } : report };
}

/** iPhone, iPod or iPad by its User-Agent (an iPad asking for the desktop site calls itself a Mac: not told apart). */
export function platformOf(userAgent: string | undefined): DevicePlatform {
  return userAgent && /\b(iPhone|iPad|iPod)\b/.test(userAgent) ? 'ios' : 'other';
}

export interface PushStateInput {
  pushPermission: PushPermission;
  installed: boolean;
  platform: DevicePlatform;
  /** The server holds a push subscription of the participant. */
  hasSubscription: boolean;
  /** A push service answered 404/410 and no subscription was saved since. */
  pushLost: boolean;
}

/**
 * Whether prompts go by push, and if not, why. An iPhone browser offers push only to the app opened from the Home
 * Screen, so there "not installed" is the reason to act on, before what the browser says of permissions;
 * a denied permission stops the notifications whatever subscription is stored; then the server's own record.
 */
export function pushState(input: PushStateInput): { push: 'on' | 'off'; pushOffReason: PushOffReason | null } {
  const off = (pushOffReason: PushOffReason) => ({ push: 'off' as const, pushOffReason });
  if (input.platform === 'ios' && !input.installed) return off('notInstalled');
  if (input.pushPermission === 'denied') return off('denied');
  if (input.hasSubscription) return { push: 'on', pushOffReason: null };
  if (input.pushPermission === 'unsupported') return off('unsupported');
  return off(input.pushLost ? 'lost' : 'noSubscription');
}

/**
 * The phone's zone when it differs from the study's (the portal's study zone for the participant's group: its first
 * EMA or diary setting's, else the study's first setting's); compared by name.
 */
export function differingPhoneZone(device: Pick<ParticipantDevice, 'timezone'>, studyZone: string | null): string | null {
  return studyZone !== null && device.timezone !== studyZone ? device.timezone : null;
}
