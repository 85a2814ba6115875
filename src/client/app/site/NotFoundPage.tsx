// Any address that is no page of the portal: says so, shows the address, and offers the way back to where the
// visitor belongs (the owner's home, the Study List, or sign-in). /error stays for errors.
import { useLocation } from 'react-router-dom';
import { generalMessages } from '../../../shared/messages';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';
import { LinkButton } from '../../components/LinkButton';
import { selectLabUser, selectSystemOwner, isLabUserSessionValid, isSystemOwnerSessionValid } from '../../features/auth';
import { useSiteConfig } from './useSiteConfig';

function useWayBack(): { href: string; label: string } {
  const config = useSiteConfig();
  const labUser = useAppSelector(selectLabUser);
  const owner = useAppSelector(selectSystemOwner);
  if (isLabUserSessionValid(labUser, config.organization)) return { href: paths.studies.getHref(), label: 'Go to the Study List' };
  if (config.isMainHost && isSystemOwnerSessionValid(owner)) return { href: paths.systemOwnerHome.getHref(), label: 'Go to the labs' };
  return { href: paths.login.getHref(), label: 'Go to sign in' };
}

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const wayBack = useWayBack();
  return (
    <div className="text-center py-5">
      <h1 className="h3 mb-3">{generalMessages.pageNotFound}</h1>
      <p className="mb-1">{generalMessages.pageNotFoundDetail}</p>
      <p className="font-monospace text-break text-body-secondary mb-4">{pathname}</p>
      <LinkButton to={wayBack.href} variant="outline-primary">
        {wayBack.label}
      </LinkButton>
    </div>
  );
}
