// The Account menu of both headers: who is signed in, their account page, and Logout.
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router-dom';
import { secondFactorTexts } from '../../shared/messages';

export function AccountMenu({ email, onLogout, accountHref }: { email: string; onLogout: () => void; accountHref?: string }) {
  return (
    <NavDropdown title="Account" id="account-menu" align="end">
      <NavDropdown.ItemText className="text-body-secondary small">{email}</NavDropdown.ItemText>
      {accountHref && (
        <NavDropdown.Item as={Link} to={accountHref}>
          {secondFactorTexts.accountHeading}
        </NavDropdown.Item>
      )}
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={onLogout}>
        Logout
      </NavDropdown.Item>
    </NavDropdown>
  );
}
