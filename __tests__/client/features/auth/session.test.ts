import { isLabUserSessionValid, isSystemOwnerSessionValid, isUnexpired } from '../../../../src/client/features/auth/session';
import { labUserSession, ownerSession, PAST } from '../../support/fixtures';

describe('session validity', () => {
  const now = Date.parse('2030-01-01T00:00:00.000Z');

  it('counts only sessions that expire later', () => {
    expect(isUnexpired('2030-01-01T00:00:01.000Z', now)).toBe(true);
    expect(isUnexpired('2030-01-01T00:00:00.000Z', now)).toBe(false);
    expect(isUnexpired('not a date', now)).toBe(false);
  });

  it('needs a lab-user session that is present, unexpired and of this host’s organization', () => {
    expect(isLabUserSessionValid(labUserSession(), 1, now)).toBe(true);
    expect(isLabUserSessionValid(null, 1, now)).toBe(false);
    expect(isLabUserSessionValid(labUserSession({ expires: PAST }), 1, now)).toBe(false);
    expect(isLabUserSessionValid(labUserSession({ organization: 2 }), 1, now)).toBe(false);
    expect(isLabUserSessionValid(labUserSession(), undefined, now)).toBe(false);
  });

  it('checks the system owner session for expiry', () => {
    expect(isSystemOwnerSessionValid(ownerSession(), now)).toBe(true);
    expect(isSystemOwnerSessionValid(ownerSession({ expires: PAST }), now)).toBe(false);
    expect(isSystemOwnerSessionValid(null, now)).toBe(false);
  });
});
