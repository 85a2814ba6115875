// Lab user sign-in (/login). After a successful login the user goes to the redirect target or to /; the
// lab-user area then reads the permission entries (useAccessReads).
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadLabUserLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { portalName, useSiteConfig } from '../../app/site/useSiteConfig';
import type { LabUserSession } from '../../../shared/types/identity';
import { selectAuthRequests, login, isChallenge, loginSecondFactor, selectPendingSecondFactor } from './authSlice';
import { isUnexpired } from './session';
import { SignInCard } from './SignInCard';
import { SecondFactorStepCard } from './SecondFactorStepCard';

export default function LoginPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useAppSelector(selectAuthRequests).login.status === 'request';
  const pending = useAppSelector(selectPendingSecondFactor);

  const signedIn = (session: LabUserSession) => {
    if (!isUnexpired(session.expires)) return;
    // Required to add a second factor first: the account page is the only one the session may use.
    const target = session.secondFactorSetupRequired ? paths.account.getHref() : safeRedirect(params.get('redirect'), paths.home.getHref());
    void navigate(target, { replace: true });
  };

  const signIn = async (email: string, password: string) => {
    void loadLabUserLanding();
    const result = await dispatch(login({ email, password, organization: config.organization }));
    if (login.fulfilled.match(result) && !isChallenge(result.payload)) signedIn(result.payload);
  };

  const sendCode = async (code: string) => {
    if (!pending) return;
    const result = await dispatch(loginSecondFactor({ challengeToken: pending.challengeToken, code }));
    if (loginSecondFactor.fulfilled.match(result)) signedIn(result.payload);
  };

  if (pending?.kind === 'labUser') return <SecondFactorStepCard idPrefix="login" onCode={sendCode} />;
  return <SignInCard idPrefix="login" heading={<h1 className="h4 mb-4">{`Sign in to the ${portalName(config)}`}</h1>} busy={busy} onSignIn={signIn} />;
}
