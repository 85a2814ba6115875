// Moments the participant app reports (an answer's startedAt and submittedAt, an event's `at`) are the phone's
// (PARTICIPANTS.md): kept as sent, beside the moment the server received them. A phone's clock runs a little
// off, so a moment up to FUTURE_SKEW_MINUTES ahead of the receipt is accepted; one further ahead is refused.
import { FUTURE_SKEW_MINUTES } from '../../../shared/limits';
import { participantMessages } from '../../../shared/messages';
import { badRequest } from '../../httpErrors';

const SKEW_MS = FUTURE_SKEW_MINUTES * 60_000;
/** The first moment of the year 10000: beyond it an ISO-8601 moment has no four-digit year. */
const MOMENT_END_MS = 253_402_300_800_000;

/** The reported moment as stored (UTC, milliseconds); 400 with `invalid` when it is not one, or too far ahead. */
export function reportedMoment(value: string, receivedAt: string, invalid: string): string {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms < 0 || ms >= MOMENT_END_MS) throw badRequest(invalid);
  if (ms > Date.parse(receivedAt) + SKEW_MS) throw badRequest(participantMessages.momentInFuture);
  return new Date(ms).toISOString();
}

/**
 * The moment lateness is judged by: the phone's while it is no later than the receipt; else (a phone clock
 * ahead within the skew) the receipt, so a clock running fast never makes an answer late.
 */
export function judgedMoment(reported: string, receivedAt: string): string {
  return reported <= receivedAt ? reported : receivedAt;
}
