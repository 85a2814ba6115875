// The lab user's area (part 1 section 1): Studies, Lab Members for a lab manager, Questionnaires, Uploaded
// Files, and the Account menu.
import { selectLabUser } from '../../features/auth';
import { mediaNames } from '../../features/media';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';
import { SignedInLayout, type NavEntry } from './SignedInLayout';
import { useSignOut } from './useSignOut';

export function LabUserLayout() {
  const session = useAppSelector(selectLabUser);
  const signOut = useSignOut('labUser');
  const { pathname } = useLocation();
  const entries: NavEntry[] = [
    { label: 'Studies', href: paths.studies.getHref(), section: '/studies' },
    ...(session?.isLabManager
      ? [
          { label: 'Lab Members', href: paths.labMembers.getHref(), section: '/lm' },
          { label: 'Lab Activity', href: paths.labActivity.getHref(), section: '/lab/activity' },
        ]
      : []),
    { label: 'Questionnaires', href: paths.questionnaires.getHref(), section: '/qx' },
    { label: mediaNames.page, href: paths.mediaFiles.getHref(), section: '/media' },
  ];
  // Required to add a second factor first (issue 36): the server refuses everything else meanwhile.
  if (session?.secondFactorSetupRequired && pathname !== paths.account.path) return <Navigate to={paths.account.getHref()} replace />;
  return (
    <SignedInLayout
      brandHref={paths.studies.getHref()}
      navigationId="lab-navigation"
      entries={entries}
      account={session && { email: session.email, onLogout: signOut, accountHref: paths.account.getHref() }}
    />
  );
}
