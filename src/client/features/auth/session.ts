// When a stored session still counts (part 1 section 4 "Session").
import type { Organization } from '../../../shared/organizations';
import type { LabUserSession, SystemOwnerSession } from '../../../shared/types/identity';

export function isUnexpired(expires: string, now: number = Date.now()): boolean {
  const end = Date.parse(expires);
  return Number.isFinite(end) && end > now;
}

/** Unexpired, not logged out (present at all), and of the organization this host belongs to. */
export function isLabUserSessionValid(
  session: LabUserSession | null,
  organization: Organization | undefined,
  now: number = Date.now(),
): session is LabUserSession {
  return session !== null && session.organization === organization && isUnexpired(session.expires, now);
}

export function isSystemOwnerSessionValid(
  session: SystemOwnerSession | null,
  now: number = Date.now(),
): session is SystemOwnerSession {
  return session !== null && isUnexpired(session.expires, now);
}
