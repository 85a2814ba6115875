// Route guards (part 1 sections 2 and 4). Each renders the nested routes or sends the user elsewhere.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { parentHost } from '../../../shared/branding';
import { browser } from '../../app/browser';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { useSiteConfig } from '../site/useSiteConfig';
import { selectLabUser, selectSystemOwner } from './authSlice';
import { isLabUserSessionValid, isSystemOwnerSessionValid } from './session';

function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/** A valid lab-user session: unexpired, not logged out, and of this host's organization. */
export function RequireLabUser() {
  const config = useSiteConfig();
  const session = useAppSelector(selectLabUser);
  const here = useHere();
  if (!isLabUserSessionValid(session, config.organization)) return <Navigate to={paths.login.getHref(here)} replace />;
  return <Outlet />;
}

/** Lab managers only; anyone else is sent to /login. Nest inside RequireLabUser. */
export function RequireLabManager() {
  const session = useAppSelector(selectLabUser);
  const here = useHere();
  if (!session?.isLabManager) return <Navigate to={paths.login.getHref(here)} replace />;
  return <Outlet />;
}

/** System owner pages exist only on the main host; elsewhere go to the parent host's error page. */
export function RequireMainHost() {
  const config = useSiteConfig();
  useEffect(() => {
    if (!config.isMainHost) browser.assign(`//${parentHost(window.location.host)}${paths.error.getHref()}`);
  }, [config.isMainHost]);
  return config.isMainHost ? <Outlet /> : null;
}

/** An unexpired system owner session; otherwise the system owner sign-in. */
export function RequireSystemOwner() {
  const session = useAppSelector(selectSystemOwner);
  const here = useHere();
  if (!isSystemOwnerSessionValid(session)) return <Navigate to={paths.systemOwnerLogin.getHref(here)} replace />;
  return <Outlet />;
}
