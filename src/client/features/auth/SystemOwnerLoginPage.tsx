// System owner sign-in (/systemowner/login); success goes to the labs home, or back where the owner was sent
// from when that is a system owner page.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadSystemOwnerLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { portalName, useSiteConfig } from '../../app/site/useSiteConfig';
import type { SystemOwnerSession } from '../../../shared/types/identity';
import { isChallenge, selectAuthRequests, selectPendingSecondFactor, systemOwnerLogin, systemOwnerLoginSecondFactor } from './authSlice';
import { SignInCard } from './SignInCard';
import { SecondFactorStepCard } from './SecondFactorStepCard';

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
  const pending = useAppSelector(selectPendingSecondFactor);

  const signedIn = (session: SystemOwnerSession) => {
    const target = session.secondFactorSetupRequired ? paths.systemOwnerAccount.getHref() : ownerTarget(params.get('redirect'));
    void navigate(target, { replace: true });
  };

  const signIn = async (email: string, password: string) => {
    void loadSystemOwnerLanding();
    const result = await dispatch(systemOwnerLogin({ email, password }));
    if (systemOwnerLogin.fulfilled.match(result) && !isChallenge(result.payload)) signedIn(result.payload);
  };

  const sendCode = async (code: string) => {
    if (!pending) return;
    const result = await dispatch(systemOwnerLoginSecondFactor({ challengeToken: pending.challengeToken, code }));
    if (systemOwnerLoginSecondFactor.fulfilled.match(result)) signedIn(result.payload);
  };

  if (pending?.kind === 'systemOwner') return <SecondFactorStepCard idPrefix="system-owner-login" onCode={sendCode} />;

  const heading = (
    <>
      <h1 className="h4 mb-1">System Owner Sign In</h1>
      <p className="text-body-secondary mb-4">{portalName(config)}</p>
    </>
  );
  return <SignInCard idPrefix="system-owner-login" heading={heading} busy={busy} onSignIn={signIn} />;
}
