// How the portal writes a size in bytes and a lab's storage use against its quota. Whole numbers go without a decimal, as the specification writes its sizes
// ("2 MB", "2 GiB" in part 1 sections 5 and 9): "12.3 MB", "2 GB", "512 B".
import { STORAGE_QUOTA_BYTES } from './limits';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1024-based, one decimal below 100 except for whole numbers. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 100 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  return `${text} ${UNITS[unit]}`;
}

/** Percent of the quota used, one decimal, at most 100 (the lab page and the media pages show the same figure). */
export function quotaPercent(used: number, quota: number = STORAGE_QUOTA_BYTES): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, used) / quota) * 1000) / 10);
}

/** "512 MB of 2 GB used (25%)" (part 1 sections 3 and 9). */
export function storageSummary(used: number, quota: number = STORAGE_QUOTA_BYTES): string {
  return `${formatBytes(used)} of ${formatBytes(quota)} used (${quotaPercent(used, quota)}%)`;
}
