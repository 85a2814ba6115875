// The rules of a new API key (issue 36 part 2), as both the account page and the server apply them.
import { API_KEY_NAME_MAX, API_KEY_STUDIES_MAX, apiKeyExpiryProblem, latestApiKeyExpiry, looksLikeApiKey, newApiKeyProblem } from '../../src/shared/apiKeys';
import { apiKeyMessages } from '../../src/shared/messages';

const NOW = new Date('2030-02-28T10:00:00.000Z');

it('allows an expiry up to one calendar year ahead, to the millisecond', () => {
  expect(latestApiKeyExpiry(NOW).toISOString()).toBe('2031-02-28T10:00:00.000Z');
  expect(apiKeyExpiryProblem('2031-02-28T10:00:00.000Z', NOW)).toBeNull();
  expect(apiKeyExpiryProblem('2031-02-28T10:00:00.001Z', NOW)).toBe(apiKeyMessages.expiryTooFar);
  expect(apiKeyExpiryProblem('2030-02-28T10:00:00.000Z', NOW)).toBe(apiKeyMessages.expiryInPast);
  expect(apiKeyExpiryProblem('2030-02-28T10:00:00.001Z', NOW)).toBeNull();
  expect(apiKeyExpiryProblem('', NOW)).toBe(apiKeyMessages.expiryRequired);
  expect(apiKeyExpiryProblem('soon', NOW)).toBe(apiKeyMessages.expiryRequired);
});

it('judges the name, then the studies, then the expiry', () => {
  const good = { name: 'Script', studyIds: ['s1'], expiresAt: '2030-06-01T00:00:00.000Z' };
  expect(newApiKeyProblem(good, NOW)).toBeNull();
  expect(newApiKeyProblem({ ...good, name: ' ', studyIds: [] }, NOW)).toBe(apiKeyMessages.nameRequired);
  expect(newApiKeyProblem({ ...good, name: ` ${'n'.repeat(API_KEY_NAME_MAX)} ` }, NOW)).toBeNull();
  expect(newApiKeyProblem({ ...good, name: 'n'.repeat(API_KEY_NAME_MAX + 1) }, NOW)).toBe(apiKeyMessages.nameTooLong);
  expect(newApiKeyProblem({ ...good, studyIds: [], expiresAt: '' }, NOW)).toBe(apiKeyMessages.studiesRequired);
  // Repeats count once.
  const many = Array.from({ length: API_KEY_STUDIES_MAX }, (_, i) => `s${i}`);
  expect(newApiKeyProblem({ ...good, studyIds: [...many, ...many] }, NOW)).toBeNull();
  expect(newApiKeyProblem({ ...good, studyIds: [...many, 'one more'] }, NOW)).toBe(apiKeyMessages.tooManyStudies);
});

it('tells a key from a session token (a JWT)', () => {
  expect(looksLikeApiKey('rsp_AAAA')).toBe(true);
  expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoicGFydGljaXBhbnQifQ.sig')).toBe(false);
});
