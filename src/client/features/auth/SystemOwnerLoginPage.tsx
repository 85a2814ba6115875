// System owner sign-in (/systemowner/login); success goes to the labs home, or back where the owner was sent
// from when that is a system owner page.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadSystemOwnerLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { portalName, useSiteConfig } from '../../app/site/useSiteConfig';
import { selectAuthRequests, systemOwnerLogin } from './authSlice';
import { SignInCard } from './SignInCard';

function ownerTarget(redirect: string | null): string {
  const home = paths.systemOwnerHome.getHref();
  const target = safeRedirect(redirect, home);
  return target.toLowerCase().startsWith('/systemowner/') && !target.toLowerCase().startsWith('/systemowner/login') ? target : home;
}

export default function SystemOwnerLoginPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useAppSelector(selectAuthRequests).systemOwnerLogin.status === 'request';

  const signIn = async (email: string, password: string) => {
    void loadSystemOwnerLanding();
    const result = await dispatch(systemOwnerLogin({ email, password }));
    if (systemOwnerLogin.fulfilled.match(result)) void navigate(ownerTarget(params.get('redirect')), { replace: true });
  };

  const heading = (
    <>
      <h1 className="h4 mb-1">System Owner Sign In</h1>
      <p className="text-body-secondary mb-4">{portalName(config)}</p>
    </>
  );
  return <SignInCard idPrefix="system-owner-login" heading={heading} busy={busy} onSignIn={signIn} />;
}
