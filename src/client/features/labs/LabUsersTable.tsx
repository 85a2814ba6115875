// The Lab Users table of the system owner's lab page: ID, EMAIL, MANAGER, CREATED AT, EDIT.
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { listDate } from '../../../shared/limits';
import type { LabUser } from '../../../shared/types/identity';
import { paths } from '../../app/paths';
import { ManagerMark } from '../../components/ManagerMark';

interface LabUsersTableProps {
  labId: string;
  users: LabUser[];
  onDelete: (user: LabUser) => void;
}

export function LabUsersTable({ labId, users, onDelete }: LabUsersTableProps) {
  return (
    <Table responsive hover className="align-middle">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">EMAIL</th>
          <th scope="col">MANAGER</th>
          <th scope="col">CREATED AT</th>
          <th scope="col">EDIT</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user._id}>
            <td className="font-monospace small">{user._id}</td>
            <td>{user.email}</td>
            <td>
              <ManagerMark isManager={user.isLabManager} />
            </td>
            <td>{listDate(user.createdAt)}</td>
            <td className="text-nowrap">
              <Link
                to={paths.systemOwnerEditUser.getHref(user._id, labId)}
                className="btn btn-sm btn-outline-primary me-2"
                aria-label={`Edit ${user.email}`}
              >
                Edit
              </Link>
              <Button size="sm" variant="outline-danger" onClick={() => onDelete(user)} aria-label={`Delete ${user.email}`}>
                Delete
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
