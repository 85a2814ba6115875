// The expiry day field's bounds and what it sends: the end of the chosen day in the browser's time zone, never
// more than a year ahead (shared/apiKeys.ts).
import { apiKeyExpiryProblem } from '../../../../src/shared/apiKeys';
import { defaultExpiryDay, expiryDayRange, expiryOfDay } from '../../../../src/client/features/account/expiry';

it('offers today to the last day that ends within a year, each accepted by the rule', () => {
  const now = new Date(2030, 1, 28, 10, 0, 0);
  const { min, max } = expiryDayRange(now);
  expect(min).toBe('2030-02-28');
  expect(max).toBe('2031-02-27');
  expect(apiKeyExpiryProblem(expiryOfDay(min), now)).toBeNull();
  expect(apiKeyExpiryProblem(expiryOfDay(max), now)).toBeNull();
  expect(apiKeyExpiryProblem(expiryOfDay('2031-02-28'), now)).not.toBeNull();
  expect(defaultExpiryDay(now)).toBe('2030-03-28');
});

it('sends the last millisecond of the day, and nothing for no day', () => {
  expect(new Date(expiryOfDay('2030-05-01')).getTime()).toBe(new Date(2030, 4, 2).getTime() - 1);
  expect(expiryOfDay('')).toBe('');
});
