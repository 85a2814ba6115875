// Whose clock a setting's prompts follow (issue 34 part 5): the setting's zone, the zone the phone reported at
// arrival, or the zone the phone reported last. With no zone reported, every rule falls back to the setting's zone.
import { DateTime } from 'luxon';
import type { ZoneRule } from '../../../shared/study/assessmentSettings';

/** The phone's zones as an arrival knows them (enrolment_times, migration 0025). */
export interface PhoneZones {
  /** Reported before the plan was made; null when the phone had reported none. */
  arrival: string | null;
  /** Reported last; what follow_phone settings are planned in. */
  now: string | null;
}

export const NO_PHONE_ZONES: PhoneZones = { arrival: null, now: null };

interface Zoned {
  timezone: string;
  zone_rule: ZoneRule;
}

export function isKnownZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/** The zone the setting's days are counted in from the arrival. */
export function arrivalZoneOf(setting: Zoned, phone: PhoneZones): string {
  return setting.zone_rule === 'setting' ? setting.timezone : (phone.arrival ?? setting.timezone);
}

/** The zone the setting's future prompts are planned in. */
export function planZoneOf(setting: Zoned, phone: PhoneZones): string {
  if (setting.zone_rule === 'follow_phone') return phone.now ?? phone.arrival ?? setting.timezone;
  return arrivalZoneOf(setting, phone);
}
