// A study's prompting choice (issue 33): whether a prompt that cannot be pushed, or whose push the phone did not
// report received in time, is emailed, and the adherence alerts' switch and thresholds, edited beside it. The
// server checks a change with promptingProblem and the Edit Study page shows the same message at the field.
import { promptingMessages } from './messages/prompting';

export interface PromptingSettings {
  emailFallback: boolean;
  /** Minutes after an accepted push that the email follows when the phone has not reported it received. */
  emailAfterMinutes: number;
  adherenceAlerts: boolean;
  /** Percent: a response rate below it over the last `alertPrompts` closed prompts is an alert. */
  alertResponseRate: number;
  alertPrompts: number;
  /** Hours the app may go unseen during the study before it is an alert. */
  alertSilentHours: number;
}

export type PromptingNumberField = 'emailAfterMinutes' | 'alertResponseRate' | 'alertPrompts' | 'alertSilentHours';

/** Each number's bounds, inclusive, and the message when it is outside them or not a whole number. */
export const PROMPTING_BOUNDS: Record<PromptingNumberField, { min: number; max: number; message: string }> = {
  emailAfterMinutes: { min: 0, max: 60, message: promptingMessages.emailAfterMinutesRange },
  alertResponseRate: { min: 0, max: 100, message: promptingMessages.alertResponseRateRange },
  alertPrompts: { min: 1, max: 50, message: promptingMessages.alertPromptsRange },
  alertSilentHours: { min: 1, max: 168, message: promptingMessages.alertSilentHoursRange },
};

export const PROMPTING_NUMBER_FIELDS = Object.keys(PROMPTING_BOUNDS) as PromptingNumberField[];

/** The first field out of its bounds with its message, or null when the settings may be saved. */
export function promptingProblem(settings: PromptingSettings): { field: PromptingNumberField; message: string } | null {
  for (const field of PROMPTING_NUMBER_FIELDS) {
    const { min, max, message } = PROMPTING_BOUNDS[field];
    const value = settings[field];
    if (!Number.isInteger(value) || value < min || value > max) return { field, message };
  }
  return null;
}

/** GET/PUT /api/app/prompt_emails: whether the participant gets a prompt by email when push cannot bring it. */
export interface PromptEmailsBody {
  enabled: boolean;
}
