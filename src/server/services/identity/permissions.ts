// Permission entries checked by the services, so that a caller with other entries (the system owner holds
// them all) reuses the same service.
import { ACCESS, ALL_ACCESS, hasAccess, type AccessEntry, type AccessName } from '../../../shared/access';
import { forbidden } from '../../httpErrors';

export function missingAccess(name: AccessName) {
  const e = ACCESS[name];
  return forbidden(`You do not have the permission ${e.area}/${e.modifier}/${e.task}`);
}

export function demand(entries: readonly AccessEntry[], name: AccessName): void {
  if (!hasAccess(entries, name)) throw missingAccess(name);
}

/** The system owner holds every permission entry (part 2 section 6), so the lab user's services serve it too. */
export const SYSTEM_OWNER_ENTRIES: readonly AccessEntry[] = ALL_ACCESS;
