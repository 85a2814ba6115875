// Logout from either header: the page's unsaved changes are asked about first (signing out leaves the page, as
// a link does), then the session ends and its login opens.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionKind } from '../../api/client';
import { useUnsavedChanges } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { logout } from '../../features/auth';
import { useAppDispatch } from '../hooks';
import { paths } from '../paths';

export function useSignOut(kind: SessionKind): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  return useCallback(() => {
    void (async () => {
      if (!(await unsaved.confirmLeaving())) return;
      await dispatch(logout(kind));
      const login = kind === 'systemOwner' ? paths.systemOwnerLogin.getHref() : paths.login.getHref();
      unsaved.leaveWithoutAsking(() => void navigate(login));
    })();
  }, [dispatch, navigate, unsaved, kind]);
}
