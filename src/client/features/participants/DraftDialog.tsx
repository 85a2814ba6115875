// The frame of the participants' dialogs that hold typed work: the shared GuardedModal, so that Escape, the
// close button, a click beside it and the form's Cancel (DialogCloseButton) ask "You have unsaved changes.
// Discard them?" while anything is typed or chosen, as every other dialog of the portal does.
import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { GuardedModal, UnsavedWork } from '../../components/unsavedChanges/GuardedModal';

interface DraftDialogProps {
  title: string;
  titleId: string;
  dirty: boolean;
  onClose: () => void;
  /** The form; its Cancel is a DialogCloseButton. */
  children: ReactNode;
}

/** Shown while mounted: the owner mounts it to open it, so every opening starts from an empty form. */
export function DraftDialog({ title, titleId, dirty, onClose, children }: DraftDialogProps) {
  return (
    <GuardedModal show onHide={onClose} aria-labelledby={titleId}>
      <UnsavedWork dirty={dirty} />
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </GuardedModal>
  );
}
