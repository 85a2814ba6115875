// The signed-in staff member's own account page (/account for a lab user, /systemowner/account for the owner):
// its sections, each a component of its own: two-step sign-in (issue 36 part 1) for both, the owners'
// requirement for the owner, and the lab user's API keys (part 2; the owner has no keys).
import type { SessionKind } from '../../api/client';
import { secondFactorTexts } from '../../../shared/messages';
import { selectLabUser } from '../auth';
import { RequirementSwitch, TwoStepSignIn } from '../secondFactor';
import { useAppSelector } from '../../app/hooks';
import { ApiKeysSection } from './ApiKeysSection';

export default function AccountPage({ session }: { session: SessionKind }) {
  const user = useAppSelector(selectLabUser);
  return (
    <section className="py-2" style={{ maxWidth: 960 }}>
      <h1 className="h3 mb-3">{secondFactorTexts.accountHeading}</h1>
      {session === 'labUser' && user && <p className="text-body-secondary">{user.email}</p>}
      <TwoStepSignIn session={session} />
      {session === 'systemOwner' && <RequirementSwitch labId={null} />}
      {session === 'labUser' && <ApiKeysSection />}
    </section>
  );
}
