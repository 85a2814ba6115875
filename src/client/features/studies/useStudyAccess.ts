// The permission entries of the signed-in lab user (part 1 section 6, part 2 section 6), by name. The answer
// is the same function while the entries stay the same, so memoised parts of a page can depend on it. Pages
// using it sit under RequireAccessEntries (app/AppRoutes.tsx), so the entries are known when they render.
import { useCallback } from 'react';
import { hasAccess, type AccessName } from '../../../shared/access';
import { useAppSelector } from '../../app/hooks';
import { selectAllAccess } from '../auth';

export function useStudyAccess(): (name: AccessName) => boolean {
  const entries = useAppSelector(selectAllAccess);
  return useCallback((name: AccessName) => hasAccess(entries, name), [entries]);
}
