// How the portal writes a size in bytes. Whole numbers go without a decimal, as the specification writes its sizes
// ("2 MB", "2 GiB" in part 1 sections 5 and 9): "12.3 MB", "2 GB", "512 B".

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
