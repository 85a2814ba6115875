// How the media pages write sizes and the storage use (part 1 sections 3 and 9: 2 GiB quota).
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1024-based, one decimal below 100 except for whole numbers: "12.3 MB", "2 GB", "512 B". */
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

/** Percent of the quota used, one decimal, at most 100. */
export function quotaPercent(used: number, quota: number = STORAGE_QUOTA_BYTES): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, used) / quota) * 1000) / 10);
}

export function storageSummary(used: number, quota: number = STORAGE_QUOTA_BYTES): string {
  return `${formatBytes(used)} of ${formatBytes(quota)} used (${quotaPercent(used, quota)}%)`;
}

export const TYPE_LABELS = { image: 'Image', audio: 'Audio', video: 'Video' } as const;
