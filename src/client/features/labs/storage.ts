// A lab's storage use against the 2 GiB quota (part 1 sections 3 and 9).
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits';

/** Percentage of the quota used, rounded to one decimal and capped at 100. */
export function storagePercent(bytes: number, quota: number = STORAGE_QUOTA_BYTES): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, bytes) / quota) * 1000) / 10);
}
