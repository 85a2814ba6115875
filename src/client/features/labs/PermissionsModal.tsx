// The lab manager edits one lab user's permission entries (GET/PUT /api/users/lm/users/{id}[/access]).
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { AccessEntry } from '../../../shared/access';
import { portalMessages } from '../../../shared/messages';
import type { LabUserWithAccess } from '../../../shared/types/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Loading } from '../../components/Loading';
import { DialogCloseButton, GuardedModal } from '../../components/unsavedChanges/GuardedModal';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { AccessCheckboxes, sameAccess } from './AccessCheckboxes';
import { selectLabsRequests, selectMember, fetchMember, updateMemberAccess } from './labsSlice';

interface PermissionsModalProps {
  userId: string | null;
  onClose: () => void;
}

function PermissionsForm({ member, onClose }: { member: LabUserWithAccess; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectLabsRequests).updateMemberAccess.status === 'request';
  const [access, setAccess] = useState<AccessEntry[]>(member.access);
  useUnsavedChangesGuard(!sameAccess(access, member.access));

  const save = async () => {
    const result = await dispatch(updateMemberAccess({ userId: member._id, access }));
    if (updateMemberAccess.fulfilled.match(result)) {
      dispatch(toastShown(portalMessages.accessUpdated));
      onClose();
    }
  };

  return (
    <>
      <Modal.Body>
        <p className="text-body-secondary">{member.email}</p>
        <AccessCheckboxes idPrefix="member-access" selected={access} onChange={setAccess} allLocked={member.isLabManager} />
      </Modal.Body>
      <Modal.Footer>
        <DialogCloseButton>Cancel</DialogCloseButton>
        <Button variant="primary" onClick={() => void save()} disabled={busy || member.isLabManager}>
          Save
        </Button>
      </Modal.Footer>
    </>
  );
}

export function PermissionsModal({ userId, onClose }: PermissionsModalProps) {
  const dispatch = useAppDispatch();
  const member = useAppSelector(selectMember);
  const status = useAppSelector(selectLabsRequests).member.status;

  useEffect(() => {
    if (userId) void dispatch(fetchMember(userId));
  }, [dispatch, userId]);

  const shown = member && member._id === userId ? member : null;
  return (
    <GuardedModal show={userId !== null} onHide={onClose} aria-labelledby="permissions-title">
      <Modal.Header closeButton>
        <Modal.Title id="permissions-title" as="h2" className="h5">
          Permissions
        </Modal.Title>
      </Modal.Header>
      {shown ? (
        <PermissionsForm key={shown._id} member={shown} onClose={onClose} />
      ) : (
        <Modal.Body>{status === 'fail' ? <p className="mb-0">The permissions could not be loaded.</p> : <Loading />}</Modal.Body>
      )}
    </GuardedModal>
  );
}
