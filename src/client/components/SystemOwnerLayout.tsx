// The system owner's own header (Labs, Studies, Account), then the page and footer.
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { paths } from '../app/paths';
import { selectSystemOwner } from '../features/auth/authSlice';
import { logout } from '../features/auth/authThunks';
import { portalName, useSiteConfig } from '../features/site/useSiteConfig';
import { AccountMenu } from './AccountMenu';
import { NavItem } from './NavItem';
import { PageFrame } from './PageFrame';
import { useUnsavedChanges } from './unsavedChanges/useUnsavedChangesGuard';

function SystemOwnerHeader() {
  const config = useSiteConfig();
  const session = useAppSelector(selectSystemOwner);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();

  const signOut = async () => {
    // Signing out leaves the page: its unsaved changes are asked about first, as for a link.
    if (!(await unsaved.confirmLeaving())) return;
    await dispatch(logout('systemOwner'));
    unsaved.leaveWithoutAsking(() => void navigate(paths.systemOwnerLogin.getHref()));
  };

  return (
    <Navbar expand="md" className="portal-navbar border-bottom">
      <Container>
        <Navbar.Brand as={Link} to={paths.systemOwnerHome.getHref()}>
          {portalName(config)}{' '}
          <Badge bg="secondary" className="align-middle fs-6 fw-normal">
            System Owner
          </Badge>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="system-owner-navigation" />
        <Navbar.Collapse id="system-owner-navigation">
          <Nav className="me-auto">
            <NavItem to={paths.systemOwnerHome.getHref()} section="/systemowner/home">
              Labs
            </NavItem>
            <NavItem to={paths.systemOwnerStudies.getHref()} section="/systemowner/studies">
              Studies
            </NavItem>
          </Nav>
          <Nav>{session && <AccountMenu email={session.email} onLogout={() => void signOut()} />}</Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

export function SystemOwnerLayout() {
  return <PageFrame header={<SystemOwnerHeader />} />;
}
