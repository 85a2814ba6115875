// Permission entries checked by the services, so that a caller with other entries (the system owner holds
// them all) reuses the same service.
import { ACCESS, hasAccess, type AccessEntry, type AccessName } from '../../shared/access';
import { forbidden } from '../httpErrors';

export function missingAccess(name: AccessName) {
  const e = ACCESS[name];
  return forbidden(`You do not have the permission ${e.area}/${e.modifier}/${e.task}`);
}

export function demand(entries: readonly AccessEntry[], name: AccessName): void {
  if (!hasAccess(entries, name)) throw missingAccess(name);
}
