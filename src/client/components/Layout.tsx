// The regular (lab user) area: header with the lab navigation and Account menu, then the page and footer.
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { paths } from '../app/paths';
import { selectLabUser } from '../features/auth/authSlice';
import { logout } from '../features/auth/authThunks';
import { portalName, useSiteConfig } from '../features/site/useSiteConfig';
import { AccountMenu } from './AccountMenu';
import { NavItem } from './NavItem';
import { PageFrame } from './PageFrame';
import { useUnsavedChanges } from './unsavedChanges/useUnsavedChangesGuard';

function LabHeader() {
  const config = useSiteConfig();
  const session = useAppSelector(selectLabUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();

  const signOut = async () => {
    // Signing out leaves the page: its unsaved changes are asked about first, as for a link.
    if (!(await unsaved.confirmLeaving())) return;
    await dispatch(logout('labUser'));
    unsaved.leaveWithoutAsking(() => void navigate(paths.login.getHref()));
  };

  return (
    <Navbar expand="md" className="portal-navbar border-bottom">
      <Container>
        <Navbar.Brand as={Link} to={paths.studies.getHref()}>
          {portalName(config)}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="lab-navigation" />
        <Navbar.Collapse id="lab-navigation">
          <Nav className="me-auto">
            <NavItem to={paths.studies.getHref()} section="/studies">
              Studies
            </NavItem>
            {session?.isLabManager && (
              <NavItem to={paths.labMembers.getHref()} section="/lm">
                Lab Members
              </NavItem>
            )}
            <NavItem to={paths.questionnaires.getHref()} section="/qx">
              Questionnaires
            </NavItem>
            <NavItem to={paths.mediaFiles.getHref()} section="/media">
              Uploaded Files
            </NavItem>
          </Nav>
          <Nav>{session && <AccountMenu email={session.email} onLogout={() => void signOut()} />}</Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

export function Layout() {
  return <PageFrame header={<LabHeader />} />;
}
