// The signed-in staff member's own account page (/account for a lab user, /systemowner/account for the owner):
// its sections, each a component of its own.
import type { SessionKind } from '../../api/client';
import { secondFactorTexts } from '../../../shared/messages';
import { TwoStepSignIn } from './TwoStepSignIn';
import { RequirementSwitch } from './RequirementSwitch';

export default function AccountPage({ session }: { session: SessionKind }) {
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">{secondFactorTexts.accountHeading}</h1>
      <TwoStepSignIn session={session} />
      {session === 'systemOwner' && <RequirementSwitch labId={null} />}
    </div>
  );
}
