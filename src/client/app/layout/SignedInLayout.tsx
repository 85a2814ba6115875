// The one signed-in layout: a header built from what it is given (where the brand leads, a badge, the
// navigation entries, the account menu), then the red alert, the page and the footer. The lab user's and the
// system owner's layouts differ only in that data.
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router-dom';
import { AccountMenu } from '../../components/AccountMenu';
import { NavItem } from '../../components/NavItem';
import { portalName, useSiteConfig } from '../site/useSiteConfig';
import { PageFrame } from './PageFrame';

export interface NavEntry {
  label: string;
  href: string;
  /** The path prefix under which the entry is marked current (e.g. /studies for /studies/2). */
  section: string;
}

export interface AccountMenuData {
  email: string;
  /** The staff member's own account page (two-step sign-in; a lab user's API keys). */
  accountHref?: string;
  onLogout: () => void;
}

export interface SignedInHeaderData {
  brandHref: string;
  /** Shown beside the site name (the owner's "System Owner"). */
  badge?: string;
  /** The id of the collapsible navigation, unique per kind of user. */
  navigationId: string;
  entries: readonly NavEntry[];
  /** Null while no one of this kind is signed in (the guard is about to redirect). */
  account: AccountMenuData | null;
}

function SignedInHeader({ brandHref, badge, navigationId, entries, account }: SignedInHeaderData) {
  const config = useSiteConfig();
  return (
    <Navbar expand="md" className="portal-navbar border-bottom">
      <Container>
        <Navbar.Brand as={Link} to={brandHref}>
          {portalName(config)}
          {badge && (
            <>
              {' '}
              <Badge bg="secondary" className="align-middle fs-6 fw-normal">
                {badge}
              </Badge>
            </>
          )}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls={navigationId} />
        <Navbar.Collapse id={navigationId}>
          <Nav className="me-auto">
            {entries.map((entry) => (
              <NavItem key={entry.href} to={entry.href} section={entry.section}>
                {entry.label}
              </NavItem>
            ))}
          </Nav>
          <Nav>{account && <AccountMenu email={account.email} onLogout={account.onLogout} accountHref={account.accountHref} />}</Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

export function SignedInLayout(header: SignedInHeaderData) {
  return <PageFrame header={<SignedInHeader {...header} />} />;
}
