// The Account menu of both headers: who is signed in, and Logout.
import NavDropdown from 'react-bootstrap/NavDropdown';

export function AccountMenu({ email, onLogout }: { email: string; onLogout: () => void }) {
  return (
    <NavDropdown title="Account" id="account-menu" align="end">
      <NavDropdown.ItemText className="text-body-secondary small">{email}</NavDropdown.ItemText>
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={onLogout}>
        Logout
      </NavDropdown.Item>
    </NavDropdown>
  );
}
