// Lends the router's navigate and location to the navigation bridge while the routes are mounted.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { navigation } from './navigation';

export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const current = useRef(here);

  useEffect(() => {
    current.current = here;
  }, [here]);

  useEffect(() => {
    navigation.use({ navigate: (to) => void navigate(to, { replace: true }), currentPath: () => current.current });
    return () => navigation.use(null);
  }, [navigate]);

  return null;
}
