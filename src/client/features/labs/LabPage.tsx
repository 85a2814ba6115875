// The system owner's lab page (/systemowner/lab/{id}): the lab's storage and its users.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LabUser } from '../../../shared/types/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { RequirementSwitch } from '../secondFactor';
import { LabStorage } from './LabStorage';
import { LabUsersTable } from './LabUsersTable';
import { selectLab, selectLabInfo, selectLabsRequests, deleteUser, fetchLab, fetchLabInfo } from './labsSlice';

export default function LabPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLab);
  const info = useAppSelector(selectLabInfo);
  const requests = useAppSelector(selectLabsRequests);
  const replaying = useAppSelector(selectReplaying);
  const [toDelete, setToDelete] = useState<LabUser | null>(null);

  useEffect(() => {
    if (replaying) return;
    void dispatch(fetchLab(id));
    void dispatch(fetchLabInfo(id));
  }, [dispatch, id, replaying]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await dispatch(deleteUser(toDelete._id));
    setToDelete(null);
    if (deleteUser.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      void dispatch(fetchLab(id));
    }
  };

  const lab = current?.lab._id === id ? current : null;
  const actions = (
    <div className="d-flex flex-wrap gap-2">
      <LinkButton to={paths.systemOwnerRegister.getHref(id)}>Register a new user</LinkButton>
      <LinkButton to={paths.systemOwnerHome.getHref()} variant="outline-secondary">
        Go Back
      </LinkButton>
    </div>
  );

  if (!lab) return requests.lab.status === 'fail' ? actions : <Loading />;

  return (
    <>
      <h1 className="h3 mb-1">{lab.lab.name}</h1>
      <p className="text-body-secondary">{lab.lab.organizationName}</p>
      {info && info._id === id && <LabStorage info={info} />}
      <RequirementSwitch labId={id} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0">Lab Users</h2>
        {actions}
      </div>
      {lab.users.length === 0 ? (
        <EmptyState message="This lab has no users yet." />
      ) : (
        <LabUsersTable labId={id} users={lab.users} onDelete={setToDelete} />
      )}
      <ConfirmDialog
        show={toDelete !== null}
        details={toDelete ? `Delete the user ${toDelete.email}? This cannot be undone.` : undefined}
        busy={requests.deleteUser.status === 'request'}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
