// The frame both assessment setting dialogs share: a title, the fields (read-only without the permission
// entry), the first broken rule's message, and Cancel / Apply. Apply only changes the editor's copy: Save
// Changes sends it to the server.
import type { FormEvent, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogCloseButton, GuardedModal, UnsavedWork } from '../../../components/unsavedChanges/GuardedModal';

interface SettingModalProps {
  id: string;
  title: string;
  problem: string | null;
  readOnly: boolean;
  /** The fields differ from the setting as it was opened: closing without Apply asks first. */
  dirty: boolean;
  onApply: () => void;
  onHide: () => void;
  children: ReactNode;
}

export function SettingModal({ id, title, problem, readOnly, dirty, onApply, onHide, children }: SettingModalProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) onApply();
  };
  return (
    <GuardedModal show onHide={onHide} aria-labelledby={`${id}-title`} size="lg">
      <UnsavedWork dirty={dirty && !readOnly} />
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={readOnly}>
            <legend className="visually-hidden">{title}</legend>
            {children}
          </fieldset>
          {problem && (
            <Alert variant="danger" className="mt-3 mb-0">
              {problem}
            </Alert>
          )}
          {!readOnly && <p className="small text-body-secondary mt-3 mb-0">Apply keeps the setting in the editor; Save Changes saves the study.</p>}
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>Cancel</DialogCloseButton>
          {!readOnly && <Button type="submit">Apply</Button>}
        </Modal.Footer>
      </form>
    </GuardedModal>
  );
}
