// How the media pages write sizes and the storage use (part 1 sections 3 and 9: 2 GiB quota).
import { formatBytes } from '../../../shared/byteSize';
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits';

/** Percent of the quota used, one decimal, at most 100. */
export function quotaPercent(used: number, quota: number = STORAGE_QUOTA_BYTES): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, used) / quota) * 1000) / 10);
}

export function storageSummary(used: number, quota: number = STORAGE_QUOTA_BYTES): string {
  return `${formatBytes(used)} of ${formatBytes(quota)} used (${quotaPercent(used, quota)}%)`;
}

export const TYPE_LABELS = { image: 'Image', audio: 'Audio', video: 'Video' } as const;
