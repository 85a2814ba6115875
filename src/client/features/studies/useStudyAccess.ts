// The permission entries of the signed-in lab user (part 1 section 6, part 2 section 6), by name.
import { hasAccess, type AccessName } from '../../../shared/access';
import { useAppSelector } from '../../app/hooks';
import { selectAllAccess } from '../auth/authSlice';

export function useStudyAccess(): (name: AccessName) => boolean {
  const entries = useAppSelector(selectAllAccess);
  return (name) => hasAccess(entries, name);
}
