// What is due for email (issue 33): the one rule of when a prompt or reminder is to be emailed, given how its push
// ended. The push sender writes its answer into tasks.email_due_at; the email sender may ask it again.
import type { PushResult } from '../../../shared/delivery';
import type { EmailReach, PromptLedger } from '../../repositories/pushes';

export type { EmailReach, PromptLedger };

/** How the push of a task ended (at `at`), or that it was not pushed because its prompt went by email. */
export type PushEnd = { result: PushResult; at: string } | { followsPrompt: true; moment: string };

/** A pilot is never mailed (issue 20); otherwise the study must offer email and the participant want it. */
export function mayEmail(reach: EmailReach): boolean {
  return reach.emailFallback === 1 && reach.promptEmails === 1 && reach.pilot === 0;
}

/**
 * The prompt went by email, or is on its way there: emailed (channel 'email'), or not accepted by a push service
 * and due for email. Its reminders then follow it by email rather than by push (one channel per prompt).
 */
export function wentByEmail(prompt: PromptLedger | null): boolean {
  if (!prompt) return false;
  return prompt.delivery_channel === 'email' || (prompt.push_result !== null && prompt.push_result !== 'accepted' && prompt.email_due_at !== null);
}

/**
 * When the task is to be emailed; null: never. An accepted push is emailed emailAfterMinutes after it was sent
 * (the email sender skips it once the phone reported it received); one not pushed (no subscription, every one
 * gone, refused after the attempts) at once; a reminder following its prompt's email at its own moment.
 */
export function emailDueAt(reach: EmailReach, end: PushEnd): string | null {
  if (!mayEmail(reach)) return null;
  if ('followsPrompt' in end) return end.moment;
  if (end.result === 'accepted') return new Date(Date.parse(end.at) + reach.emailAfterMinutes * 60_000).toISOString();
  return end.at;
}
