// Every screen's frame: the organization's name in its colour, the language switch, sign out, and the screen.
import type { ReactNode } from 'react';
import { MessagesLink } from './MessagesLink';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { signOut } from '../state/sessionSlice';
import { navigate } from '../routing/history';
import { paths } from '../routing/paths';
import { Link } from '../routing/Link';
import { LanguageSwitch } from './LanguageSwitch';
import { PilotBanner } from '../pilot/PilotBanner';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const site = useAppSelector((state) => state.site.site);
  const signedIn = useAppSelector((state) => state.session.session !== null);
  const pilot = useAppSelector((state) => state.pilot.active);
  const leave = async () => {
    await dispatch(signOut());
    navigate(paths.signIn(), { replace: true });
  };
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="bar">
        <Link className="site-name" href={paths.home()}>
          {site?.siteName ?? t('app.title')}
        </Link>
        <span className="bar-links">
          {signedIn ? <MessagesLink /> : null}
          {signedIn && !pilot ? (
            <button type="button" className="link-button" onClick={() => void leave()}>
              {t('app.signOut')}
            </button>
          ) : null}
        </span>
      </header>
      <main id="main" tabIndex={-1}>
        {pilot ? <PilotBanner /> : null}
        {children}
      </main>
      <footer className="foot">
        <LanguageSwitch />
      </footer>
    </>
  );
}
