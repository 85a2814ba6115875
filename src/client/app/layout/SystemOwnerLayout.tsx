// The system owner's own header (part 2 section 1): the "System Owner" badge, Labs, Studies and the Account
// menu, given as data to the one signed-in layout.
import { selectSystemOwner } from '../../features/auth';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';
import { SignedInLayout, type NavEntry } from './SignedInLayout';
import { useSignOut } from './useSignOut';

const entries: readonly NavEntry[] = [
  { label: 'Labs', href: paths.systemOwnerHome.getHref(), section: '/systemowner/home' },
  { label: 'Studies', href: paths.systemOwnerStudies.getHref(), section: '/systemowner/studies' },
  { label: 'Activity', href: paths.systemOwnerActivity.getHref(), section: '/systemowner/activity' },
];

export function SystemOwnerLayout() {
  const session = useAppSelector(selectSystemOwner);
  const signOut = useSignOut('systemOwner');
  const { pathname } = useLocation();
  // Required to add a second factor first (issue 36): the server refuses everything else meanwhile.
  if (session?.secondFactorSetupRequired && pathname.toLowerCase() !== paths.systemOwnerAccount.path) {
    return <Navigate to={paths.systemOwnerAccount.getHref()} replace />;
  }
  return (
    <SignedInLayout
      brandHref={paths.systemOwnerHome.getHref()}
      badge="System Owner"
      navigationId="system-owner-navigation"
      entries={entries}
      account={session && { email: session.email, accountHref: paths.systemOwnerAccount.getHref(), onLogout: signOut }}
    />
  );
}
