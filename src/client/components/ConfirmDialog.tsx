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
  confirmLabel?: string;
  cancelLabel?: string;
  /** Which button has the focus when the dialog opens: Enter then does what is safest here. */
  focus?: 'confirm' | 'cancel';
  /** Shown above another open dialog (its own backdrop dims that dialog too). */
  stacked?: boolean;
  /** The confirm button's colour: danger for a destructive action, primary for a choice that destroys nothing. */
  confirmVariant?: 'danger' | 'primary';
}

export function ConfirmDialog({
  show,
  onConfirm,
  onCancel,
  details,
  question = generalMessages.areYouSure,
  busy,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  focus = 'confirm',
  stacked = false,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="confirm-dialog-title"
      className={stacked ? 'modal-stacked' : undefined}
      backdropClassName={stacked ? 'modal-stacked-backdrop' : undefined}
    >
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {question}
        </Modal.Title>
      </Modal.Header>
      {details && <Modal.Body>{details}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} autoFocus={focus === 'cancel'}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} autoFocus={focus === 'confirm'}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
