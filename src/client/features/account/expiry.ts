// The expiry date field: a day in the browser's calendar, sent as the end of that day. The latest day offered
// ends within one year (shared/apiKeys.ts latestApiKeyExpiry), so the server's rule always accepts it.
import { latestApiKeyExpiry } from '../../../shared/apiKeys';

function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last days a key may expire on, as the date input takes them. */
export function expiryDayRange(now: Date): { min: string; max: string } {
  const latest = latestApiKeyExpiry(now);
  const lastDay = new Date(latest.getFullYear(), latest.getMonth(), latest.getDate() - 1);
  return { min: dayOf(now), max: dayOf(lastDay) };
}

/** The end of the chosen day (local time) as an ISO instant; '' when no day is chosen. */
export function expiryOfDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const nextMidnight = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
  return new Date(nextMidnight.getTime() - 1).toISOString();
}

/** A default a month ahead. */
export function defaultExpiryDay(now: Date): string {
  return dayOf(new Date(now.getFullYear(), now.getMonth() + 1, now.getDate()));
}
