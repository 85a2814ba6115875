// The specification's date-time format, YYYY-MM-DD hh:mm A (part 2 section 2.5), written once, followed by the
// zone's short name so that no time the portal shows leaves its zone unsaid.
import { DateTime } from 'luxon';

const FORMAT = 'yyyy-MM-dd hh:mm a';

/** An instant in the given IANA zone, or in the browser's own zone when none is given. */
export function dateTimeText(isoUtc: string, zone?: string): string {
  const instant = zone ? DateTime.fromISO(isoUtc, { zone }) : DateTime.fromISO(isoUtc);
  // en-US keeps AM/PM whatever language the browser uses.
  return instant.setLocale('en-US').toFormat(FORMAT);
}

/**
 * The same with the zone's short name, e.g. "2026-11-26 12:43 PM GMT+8"; with `seconds` (a push's or an email's
 * moment, seconds apart) "2026-11-26 12:43:05 PM GMT+8".
 */
export function momentText(isoUtc: string, zone: string, seconds = false): string {
  return DateTime.fromISO(isoUtc, { zone }).setLocale('en-US').toFormat(`${seconds ? FORMAT.replace('mm', 'mm:ss') : FORMAT} ZZZZ`);
}

/** The researcher's own IANA zone: the browser's (luxon's default zone). */
export function browserZone(): string {
  return DateTime.local().zoneName;
}
