// The statistic every benchmark reports: the median of its runs (NaN, a run that measured nothing, is left out).
export function median(values: readonly number[]): number {
  const known = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (known.length === 0) return NaN;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid] : (known[mid - 1] + known[mid]) / 2;
}
