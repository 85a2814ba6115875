// Schemas of the device report (POST /api/app/device) and of a Participant List row's `device` (issue 33).
import { APP_LANGUAGES, PUSH_OFF_REASONS, PUSH_PERMISSIONS } from '../../../shared/devices';

/**
 * The body's fields are typed loosely (any JSON value of each field reaches the shared rule), so that a wrong field
 * is answered with its own message (400) instead of the schema's generic one.
 */
export const deviceReportBody = {
  type: 'object',
  required: ['pushPermission', 'installed', 'appVersion', 'timezone', 'pendingAnswers'],
  additionalProperties: false,
  properties: {
    pushPermission: { description: `One of ${PUSH_PERMISSIONS.join(', ')}: the browser's Notification.permission, or unsupported` },
    installed: { description: 'boolean: the app runs from the Home Screen (standalone display)' },
    appVersion: { description: 'The app build, a text of 1 to 64 characters' },
    timezone: { description: "The phone's IANA time zone, e.g. Asia/Hong_Kong" },
    pendingAnswers: { description: 'integer ≥ 0: answers kept on the phone, not yet sent' },
    language: { description: `Optional, ${APP_LANGUAGES.join(' or ')}: the app's language (the language of prompt emails)` },
  },
} as const;

export const participantDeviceSchema = {
  type: ['object', 'null'],
  description: 'The phone as the app last reported it (POST /api/app/device); null until the app reported',
  required: ['pushPermission', 'installed', 'appVersion', 'timezone', 'pendingAnswers', 'lastSeenAt', 'push', 'pushOffReason'],
  properties: {
    pushPermission: { type: 'string', enum: [...PUSH_PERMISSIONS] },
    installed: { type: 'boolean' },
    appVersion: { type: 'string' },
    timezone: { type: 'string' },
    pendingAnswers: { type: 'integer', minimum: 0 },
    lastSeenAt: { type: 'string', format: 'date-time', description: 'The last report' },
    push: { type: 'string', enum: ['on', 'off'], description: 'Whether prompts reach the phone by push' },
    pushOffReason: {
      type: ['string', 'null'],
      enum: [...PUSH_OFF_REASONS, null],
      description:
        'Why push is off: denied (notifications refused), notInstalled (an iPhone, the app not on the Home Screen), lost (a push service answered 404/410), noSubscription, unsupported (a browser without push)',
    },
  },
} as const;
