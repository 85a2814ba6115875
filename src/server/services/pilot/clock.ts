// The one clock of a participation (issue 20): the real clock, or for a pilot participation the real clock plus
// its stored offset. Every moment the server uses for a participant (arrival, windows, lateness, events,
// completion) is read here; a real participation (offset null) always reads the real clock.
import type { ParticipationRow } from '../../db/types';
import { shiftedBy } from '../../repositories/answerFingerprint';

type Clocked = Pick<ParticipationRow, 'pilot_offset_ms'>;

/** The participation's offset in ms: 0 for a real one. PostgreSQL answers a bigint as a string. */
export function offsetOf(participation: Clocked): number {
  const offset = participation.pilot_offset_ms;
  return offset === null || offset === undefined ? 0 : Number(offset);
}

export function isPilot(participation: Clocked): boolean {
  return participation.pilot_offset_ms !== null && participation.pilot_offset_ms !== undefined;
}

/** "Now" for the participation, as an ISO moment. */
export function participationNow(participation: Clocked): string {
  return new Date(Date.now() + offsetOf(participation)).toISOString();
}

/** A real moment placed on the participation's clock (the app reports its device's real moments). */
export function onClock(participation: Clocked, moment: string): string {
  return shiftedBy(moment, offsetOf(participation));
}
