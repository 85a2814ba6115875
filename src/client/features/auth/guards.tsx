// Route guards (part 1 sections 2 and 4). Each renders the nested routes or sends the user elsewhere.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { parentHost } from '../../../shared/branding';
import { authMessages } from '../../../shared/messages';
import { browser } from '../../app/browser';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Loading } from '../../components/Loading';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import { readAccess } from './accessReads';
import { selectAllAccess, selectAuthRequests, selectLabUser, selectSystemOwner } from './authSlice';
import { isLabUserSessionValid, isSystemOwnerSessionValid } from './session';
import { useAccessReads } from './useAccessReads';

function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * A valid lab-user session: unexpired, not logged out, and of this host's organization. While it is, its
 * permission entries are kept known (useAccessReads).
 */
export function RequireLabUser() {
  const config = useSiteConfig();
  const session = useAppSelector(selectLabUser);
  const here = useHere();
  const valid = isLabUserSessionValid(session, config.organization);
  useAccessReads(valid);
  if (!valid) return <Navigate to={paths.login.getHref(here)} replace />;
  return <Outlet />;
}

/**
 * Pages whose buttons depend on the permission entries wait until they are known: entries not read yet are not
 * "none", and the page must not show a read-only form meanwhile. A failed read (its message is in the red
 * alert) offers Try again. Nest inside RequireLabUser.
 */
export function RequireAccessEntries() {
  const dispatch = useAppDispatch();
  const entries = useAppSelector(selectAllAccess);
  const read = useAppSelector(selectAuthRequests).access;
  if (entries) return <Outlet />;
  if (read.status !== 'fail') return <Loading />;
  return (
    <div className="text-center py-5">
      <p>{authMessages.accessUnread}</p>
      <button type="button" className="btn btn-primary" onClick={() => dispatch(readAccess())}>
        Try again
      </button>
    </div>
  );
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
