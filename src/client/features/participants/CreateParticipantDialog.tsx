// Create New Participant (part 2 sections 2.5 and 5): email, password and its confirmation, checked by the
// shared rule in the specification's order; the server checks the same and its message (an email in use) shows
// here, once: not in the page's red alert (showsOwnFailure). Mounted only while open, so closing it clears the
// form and its message. The new participant joins the study in stage 1, group 1.
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { newParticipantProblem } from '../../../shared/participants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/forms/TextField';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { DraftDialog } from './DraftDialog';
import { participantsRequestReset, selectParticipantsRequests, createParticipant } from './participantsSlice';

interface CreateParticipantDialogProps {
  studyId: string;
  onClose: () => void;
  onCreated: () => void;
}

export function CreateParticipantDialog({ studyId, onClose, onCreated }: CreateParticipantDialogProps) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectParticipantsRequests).create.status === 'request';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // The call's failure belongs to this opening of the dialog: the next one starts clean.
  useEffect(() => () => void dispatch(participantsRequestReset('create')), [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newParticipantProblem({ email, password, confirmPassword });
    setProblem(found);
    if (found) return;
    const result = await dispatch(createParticipant({ studyId, email: email.trim(), password, confirmPassword }));
    if (createParticipant.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      onCreated();
      onClose();
    } else {
      setProblem(result.payload?.message ?? result.error.message ?? null);
    }
  };

  return (
    <DraftDialog title="Create New Participant" titleId="create-participant-title" dirty={Boolean(email || password || confirmPassword)} onClose={onClose}>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <TextField id="create-participant-email" label="Email" type="email" autoComplete="off" value={email} onChange={setEmail} />
          <TextField
            id="create-participant-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
          />
          <TextField
            id="create-participant-confirm"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>Cancel</DialogCloseButton>
          <Button type="submit" variant="primary" disabled={busy}>
            Create
          </Button>
        </Modal.Footer>
      </Form>
    </DraftDialog>
  );
}
