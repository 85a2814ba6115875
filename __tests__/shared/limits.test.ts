import {
  DEFAULT_LANDING,
  FIRST_PAGE,
  LIST_DATE_LENGTH,
  OTHER_COLUMN_WIDTH_PX,
  PAGE_SIZE,
  RICH_TEXT_HISTORY,
  STAGE_COLUMN_WIDTH_PX,
  STORAGE_QUOTA_BYTES,
  TOAST_AUTO_HIDE_MS,
  listDate,
} from '../../src/shared/limits';
import { ORGANIZATIONS, isOrganization } from '../../src/shared/organizations';

describe('business constants (specification section 9 and DECISIONS.md)', () => {
  it('keeps the values of the specification', () => {
    expect(STORAGE_QUOTA_BYTES).toBe(2 * 1024 ** 3);
    expect(TOAST_AUTO_HIDE_MS).toBe(3000);
    expect(FIRST_PAGE).toBe(1);
    expect(PAGE_SIZE).toBe(10);
    expect(DEFAULT_LANDING).toBe('/studies/1');
    expect(RICH_TEXT_HISTORY).toEqual({ delay: 500, maxStack: 100 });
    expect([STAGE_COLUMN_WIDTH_PX, OTHER_COLUMN_WIDTH_PX]).toEqual([400, 300]);
    expect(LIST_DATE_LENGTH).toBe(10);
  });
});

describe('listDate', () => {
  it('shows the date part only', () => {
    expect(listDate('2024-03-05T23:59:59.123Z')).toBe('2024-03-05');
    expect(listDate('2024-03-05')).toBe('2024-03-05');
  });
});

describe('organizations', () => {
  it('are coded 1 and 2', () => {
    expect(ORGANIZATIONS).toEqual([1, 2]);
    expect(isOrganization(1)).toBe(true);
    expect(isOrganization(2)).toBe(true);
    for (const other of [0, 3, '1', null, undefined, 1.0000001]) expect(isOrganization(other)).toBe(false);
  });
});
