// The Account menu of both headers: who is signed in, their account page (lab users), and Logout.
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router-dom';

export function AccountMenu({ email, onLogout, accountHref }: { email: string; onLogout: () => void; accountHref?: string }) {
  return (
    <NavDropdown title="Account" id="account-menu" align="end">
      <NavDropdown.ItemText className="text-body-secondary small">{email}</NavDropdown.ItemText>
      {accountHref && (
        <NavDropdown.Item as={Link} to={accountHref}>
          Your account
        </NavDropdown.Item>
      )}
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={onLogout}>
        Logout
      </NavDropdown.Item>
    </NavDropdown>
  );
}
