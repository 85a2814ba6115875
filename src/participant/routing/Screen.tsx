// Shows the screen of the current address, or sends the participant where they may go.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../state/hooks';
import { navigate, useLocation } from './history';
import { paths, safeNext } from './paths';
import { matchRoute } from './routes';

export function Screen() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useAppSelector((state) => state.session.session !== null);
  const pilot = useAppSelector((state) => state.pilot.active);
  const match = matchRoute(pathname);
  const redirect = !match
    ? null
    : pilot && match.route.notInPilot
      ? paths.home()
      : match.route.access === 'participant' && !signedIn
      ? paths.signIn(pathname === paths.home() || pathname === '/app' ? undefined : pathname + search)
      : match.route.access === 'guest' && signedIn
        ? (safeNext(search) ?? paths.home())
        : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);
  // After a change of screen, a screen reader starts reading at the new screen (not on the first load).
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.getElementById('main')?.focus();
  }, [pathname]);
  if (!match) return <p>{t('app.notFound')}</p>;
  if (redirect || !match.route.render) return null;
  return <>{match.route.render(match.params)}</>;
}
