// Asks before a destructive action. Focus stays inside the dialog; Escape or Cancel closes it.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { generalMessages } from '../../shared/messages';

interface ConfirmDialogProps {
  show: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What will happen, shown under the question. */
  details?: string;
  question?: string;
  busy?: boolean;
}

export function ConfirmDialog({ show, onConfirm, onCancel, details, question = generalMessages.areYouSure, busy }: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {question}
        </Modal.Title>
      </Modal.Header>
      {details && <Modal.Body>{details}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} autoFocus>
          Confirm
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
