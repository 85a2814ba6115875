// The frame of the two read-only dialogs of a participant row (EMA Schedule, Assigned Diary Assessments):
// a title naming the participant, the loading state, the call's own failure, then the content.
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Participant } from '../../../shared/types/participant';
import type { RequestState } from '../../../ui/state/requestState';
import { Loading } from '../../components/Loading';

interface TasksDialogProps {
  title: string;
  titleId: string;
  participant: Participant;
  request: RequestState;
  /** Null until the answer for this participant has arrived. */
  children: ReactNode | null;
  /** Shown above the scrolling body, so it stays in view (the clock toggle). */
  above?: ReactNode;
  onClose: () => void;
}

export function TasksDialog({ title, titleId, participant, request, children, above, onClose }: TasksDialogProps) {
  return (
    <Modal show onHide={onClose} size="lg" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {above && <div className="px-3 pt-2 border-bottom">{above}</div>}
      {/* The body scrolls (a long schedule) and holds nothing focusable: the keyboard reaches and scrolls it. */}
      <Modal.Body tabIndex={0} role="region" aria-label={`${title} of ${participant.participant_code}`}>
        <p className="text-body-secondary">
          Participant <span className="font-monospace">{participant.participant_code}</span> ({participant.email})
        </p>
        {request.status === 'fail' ? (
          <Alert variant="danger" role="alert">
            {request.message}
          </Alert>
        ) : children === null ? (
          <Loading />
        ) : (
          children
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
