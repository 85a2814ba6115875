// A header link, marked current for every page of its section (e.g. /studies/2 under Studies).
import Nav from 'react-bootstrap/Nav';
import { Link, useLocation } from 'react-router-dom';

export function NavItem({ to, section, children }: { to: string; section: string; children: string }) {
  const { pathname } = useLocation();
  const active = pathname === section || pathname.startsWith(`${section}/`);
  return (
    <Nav.Link as={Link} to={to} active={active} aria-current={active ? 'page' : undefined}>
      {children}
    </Nav.Link>
  );
}
