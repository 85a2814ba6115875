// A dialog that holds typed work. It never closes silently with something typed in it: Escape, the close
// button, Cancel and a click beside it all ask first, inside the dialog. `dirty` is the one input a shared
// unsaved-changes guard needs, so that guard can replace useDraftClose here without touching the dialogs.
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { draftMessages } from '../../../shared/messages';

export interface DraftClose {
  /** Close if nothing is typed, else ask. */
  requestClose: () => void;
  asking: boolean;
  keepEditing: () => void;
  discard: () => void;
}

export function useDraftClose(dirty: boolean, close: () => void): DraftClose {
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => (dirty ? setAsking(true) : close()),
    asking: asking && dirty,
    keepEditing: () => setAsking(false),
    discard: () => {
      setAsking(false);
      close();
    },
  };
}

interface DraftDialogProps {
  title: string;
  titleId: string;
  dirty: boolean;
  onClose: () => void;
  /** The form; it calls requestClose from its own Cancel button. */
  children: (requestClose: () => void) => ReactNode;
}

/** Shown while mounted: the owner mounts it to open it, so every opening starts from an empty form. */
export function DraftDialog({ title, titleId, dirty, onClose, children }: DraftDialogProps) {
  const guard = useDraftClose(dirty, onClose);
  return (
    <Modal show onHide={guard.requestClose} backdrop={dirty ? 'static' : true} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {guard.asking && (
        <Alert variant="warning" className="m-3 mb-0" role="alertdialog" aria-label={draftMessages.discardTyped}>
          <p className="mb-2">{draftMessages.discardTyped}</p>
          <div className="d-flex gap-2">
            <Button size="sm" variant="outline-secondary" onClick={guard.keepEditing} autoFocus>
              Keep Editing
            </Button>
            <Button size="sm" variant="danger" onClick={guard.discard}>
              Discard
            </Button>
          </div>
        </Alert>
      )}
      {children(guard.requestClose)}
    </Modal>
  );
}
