// The prompting choice's schemas (issue 33). The numbers are read wide, so that the shared rule's message
// (promptingProblem) answers a value out of range or not whole, as the page shows it.
import { NUMBER_INPUT_LIMIT } from '../../../shared/limits';

const wideNumber = { type: 'number', minimum: -NUMBER_INPUT_LIMIT, maximum: NUMBER_INPUT_LIMIT } as const;

const fields = {
  emailFallback: { type: 'boolean', description: 'Email a prompt that cannot be pushed, or whose push the phone did not report received in time' },
  emailAfterMinutes: { ...wideNumber, description: 'Minutes after an accepted push before its email (whole, 0-60)' },
  adherenceAlerts: { type: 'boolean', description: "Email the study's contact a daily digest of participants who need attention" },
  alertResponseRate: { ...wideNumber, description: 'Percent: a lower response rate over the last alertPrompts closed prompts is an alert (whole, 0-100)' },
  alertPrompts: { ...wideNumber, description: 'How many closed prompts the response rate counts (whole, 1-50)' },
  alertSilentHours: { ...wideNumber, description: 'Hours the app may go unseen during the study (whole, 1-168)' },
} as const;

export const promptingSchema = {
  type: 'object',
  required: Object.keys(fields),
  properties: {
    emailFallback: { type: 'boolean' },
    emailAfterMinutes: { type: 'integer', minimum: 0, maximum: 60 },
    adherenceAlerts: { type: 'boolean' },
    alertResponseRate: { type: 'integer', minimum: 0, maximum: 100 },
    alertPrompts: { type: 'integer', minimum: 1, maximum: 50 },
    alertSilentHours: { type: 'integer', minimum: 1, maximum: 168 },
  },
} as const;

/** A change names the fields it changes; the others keep their value. */
export const promptingBodySchema = { type: 'object', properties: fields } as const;
