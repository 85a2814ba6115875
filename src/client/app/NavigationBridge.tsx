// Lends the router's navigate and location to the navigation bridge while the routes are mounted. Those
// navigations (the 401 sign-out, loading a QA snapshot) are not the user's choice and cannot wait for an answer,
// so the unsaved-changes guard lets them through.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUnsavedChanges } from '../components/unsavedChanges/useUnsavedChangesGuard';
import { navigation } from './navigation';

export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const current = useRef(here);
  const { leaveWithoutAsking } = useUnsavedChanges();

  useEffect(() => {
    current.current = here;
  }, [here]);

  useEffect(() => {
    navigation.use({
      navigate: (to) => leaveWithoutAsking(() => void navigate(to, { replace: true })),
      currentPath: () => current.current,
    });
    return () => navigation.use(null);
  }, [navigate, leaveWithoutAsking]);

  return null;
}
