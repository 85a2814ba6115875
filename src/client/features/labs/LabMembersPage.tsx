// The lab manager's Lab Users list (/lm/get_users): ID, EMAIL, MANAGER, CREATED AT, and per lab user the
// Permissions dialog.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { listDate } from '../../../shared/limits';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/EmptyState';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { ManagerMark } from '../../components/ManagerMark';
import { selectReplaying } from '../../app/qa/qaSlice';
import { PermissionsModal } from './PermissionsModal';
import { selectLabsRequests, selectMembers, fetchMembers } from './labsSlice';

export default function LabMembersPage() {
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectMembers);
  const status = useAppSelector(selectLabsRequests).members.status;
  const replaying = useAppSelector(selectReplaying);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    if (!replaying) void dispatch(fetchMembers());
  }, [dispatch, replaying]);

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Lab Users</h1>
        <LinkButton to={paths.labMemberRegister.getHref()}>Register a new user</LinkButton>
      </div>
      {status === 'request' && members.length === 0 ? (
        <Loading />
      ) : members.length === 0 ? (
        status !== 'fail' && <EmptyState message="Your lab has no users yet." />
      ) : (
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">EMAIL</th>
              <th scope="col">MANAGER</th>
              <th scope="col">CREATED AT</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member._id}>
                <td className="font-monospace small">{member._id}</td>
                <td>{member.email}</td>
                <td>
                  <ManagerMark isManager={member.isLabManager} />
                </td>
                <td>{listDate(member.createdAt)}</td>
                <td className="text-end">
                  {!member.isLabManager && (
                    <Button size="sm" variant="outline-primary" onClick={() => setEditing(member._id)} aria-label={`Permissions of ${member.email}`}>
                      Permissions
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <PermissionsModal userId={editing} onClose={() => setEditing(null)} />
    </>
  );
}
