import { formatBytes, quotaPercent, storageSummary } from '../../src/shared/byteSize';

describe('formatBytes', () => {
  it('writes whole sizes without a decimal, as the specification does', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(2147483648)).toBe('2 GB');
  });

  it('keeps one decimal below 100 and none from 100 up', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(512.4 * 1024 * 1024)).toBe('512 MB');
  });

  it('reads a negative size as none', () => {
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('quotaPercent and storageSummary', () => {
  const quota = 2 * 1024 ** 3;

  it('gives the share of the quota with one decimal', () => {
    expect(quotaPercent(512 * 1024 ** 2, quota)).toBe(25);
    expect(quotaPercent(1024 ** 3 / 3, quota)).toBe(16.7);
    expect(storageSummary(512 * 1024 ** 2, quota)).toBe('512 MB of 2 GB used (25%)');
  });

  it('stops at 100 when over the quota and reads a negative use as none', () => {
    expect(quotaPercent(3 * 1024 ** 3, quota)).toBe(100);
    expect(quotaPercent(-1, quota)).toBe(0);
    expect(quotaPercent(1, 0)).toBe(100);
  });
});
