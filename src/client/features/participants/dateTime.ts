// The specification's date-time format, YYYY-MM-DD hh:mm A (part 2 section 2.5), written once.
import { DateTime } from 'luxon';

const FORMAT = 'yyyy-MM-dd hh:mm a';

/** An instant in the given IANA zone, or in the browser's own zone when none is given. */
export function dateTimeText(isoUtc: string, zone?: string): string {
  const instant = zone ? DateTime.fromISO(isoUtc, { zone }) : DateTime.fromISO(isoUtc);
  // en-US keeps AM/PM whatever language the browser uses.
  return instant.setLocale('en-US').toFormat(FORMAT);
}
