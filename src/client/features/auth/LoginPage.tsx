// Lab user sign-in (/login). After a successful login the user goes to the redirect target or to /; the
// lab-user area then reads the permission entries (useAccessReads).
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadLabUserLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { portalName, useSiteConfig } from '../../app/site/useSiteConfig';
import { selectAuthRequests, login } from './authSlice';
import { isUnexpired } from './session';
import { SignInCard } from './SignInCard';

export default function LoginPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useAppSelector(selectAuthRequests).login.status === 'request';

  const signIn = async (email: string, password: string) => {
    void loadLabUserLanding();
    const result = await dispatch(login({ email, password, organization: config.organization }));
    if (login.fulfilled.match(result) && isUnexpired(result.payload.expires)) {
      void navigate(safeRedirect(params.get('redirect'), paths.home.getHref()), { replace: true });
    }
  };

  return <SignInCard idPrefix="login" heading={<h1 className="h4 mb-4">{`Sign in to the ${portalName(config)}`}</h1>} busy={busy} onSignIn={signIn} />;
}
