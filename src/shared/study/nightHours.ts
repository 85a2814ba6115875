// The night of pilot mode's warnings (issue 20): a prompt from 23:00 up to 07:00 in its setting's time zone
// wakes a participant. One definition for the server's check and the portal's texts.
import { minutesOfDay } from './assessmentSettings';

export const NIGHT_STARTS = '23:00';
export const NIGHT_ENDS = '07:00';

/** Whether a wall-clock minute of the day (0-1439) falls in the night, which runs over midnight. */
export function isNightMinute(minute: number): boolean {
  return minute >= minutesOfDay(NIGHT_STARTS) || minute < minutesOfDay(NIGHT_ENDS);
}
