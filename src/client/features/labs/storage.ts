// A lab's storage use against the 2 GiB quota (part 1 sections 3 and 9).
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** Percentage of the quota used, rounded to one decimal and capped at 100. */
export function storagePercent(bytes: number, quota: number = STORAGE_QUOTA_BYTES): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, bytes) / quota) * 1000) / 10);
}
