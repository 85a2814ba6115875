// Send Message on the Participant List (issue 33, part 4): the participants listed now (a stage and group when
// chosen above), each chosen on its own or all at once, and the text, checked by the shared rule the server
// applies; Send asks first, then the answer says how many were reached by push and by email. Withdrawn
// participants get no messages, so they are not offered. Mounted only while open: each opening starts empty.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { inboxTexts, MESSAGE_TEXT_MAX_CHARS, messageTextProblem, normalizedMessageText, recipientsProblem } from '../../../shared/inbox';
import type { Participant } from '../../../shared/types/participant';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogCloseButton } from '../../components/unsavedChanges/GuardedModal';
import { DraftDialog } from './DraftDialog';
import { ParticipantChecklist } from './ParticipantChecklist';
import { participantsRequestReset, selectParticipantsRequests, sendParticipantMessage } from './participantsSlice';

interface SendMessageDialogProps {
  studyId: string;
  /** The rows the list shows now. */
  participants: readonly Participant[];
  onClose: () => void;
}

export function SendMessageDialog({ studyId, participants, onClose }: SendMessageDialogProps) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectParticipantsRequests).message.status === 'request';
  const reachable = useMemo(() => participants.filter((p) => p.participation[0].status !== 'withdrawn'), [participants]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => () => void dispatch(participantsRequestReset('message')), [dispatch]);

  const left = MESSAGE_TEXT_MAX_CHARS - normalizedMessageText(text).length;

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found = recipientsProblem([...chosen]) ?? messageTextProblem(text);
    setProblem(found);
    if (!found) setConfirming(true);
  };

  const send = async () => {
    const result = await dispatch(sendParticipantMessage({ studyId, participantIds: [...chosen], text }));
    setConfirming(false);
    if (sendParticipantMessage.fulfilled.match(result)) setResult(result.payload.message);
    else setProblem(result.payload?.message ?? result.error.message ?? null);
  };

  if (result) {
    return (
      <Modal show onHide={onClose} aria-labelledby="send-message-title">
        <Modal.Header closeButton>
          <Modal.Title id="send-message-title" as="h2" className="h5">
            {inboxTexts.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Alert variant="success" role="status" className="mb-0">
            {result}
          </Alert>
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={onClose}>{inboxTexts.close}</Button>
        </Modal.Footer>
      </Modal>
    );
  }

  return (
    <DraftDialog title={inboxTexts.title} titleId="send-message-title" dirty={Boolean(text || chosen.size > 0)} onClose={onClose}>
      <Form noValidate onSubmit={check}>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{inboxTexts.recipients}</legend>
            <p className="text-body-secondary small mb-2">{inboxTexts.choose}</p>
            {reachable.length < participants.length && <p className="text-body-secondary small mb-2">{inboxTexts.withdrawnLeftOut}</p>}
            <ParticipantChecklist idPrefix="send-message" everyoneLabel={inboxTexts.everyoneListed} participants={reachable} chosen={chosen} onChange={setChosen} />
          </fieldset>
          <Form.Group controlId="send-message-text">
            <Form.Label>{inboxTexts.text}</Form.Label>
            <Form.Control as="textarea" rows={5} value={text} onChange={(event) => setText(event.target.value)} aria-describedby="send-message-left" />
            <Form.Text id="send-message-left" className={left < 0 ? 'text-danger' : undefined}>
              {inboxTexts.charactersLeft(left)}
            </Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <DialogCloseButton>{inboxTexts.cancel}</DialogCloseButton>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? inboxTexts.sending : inboxTexts.confirm}
          </Button>
        </Modal.Footer>
      </Form>
      <ConfirmDialog
        show={confirming}
        stacked
        question={inboxTexts.confirmQuestion(chosen.size)}
        confirmLabel={inboxTexts.confirm}
        confirmVariant="primary"
        focus="cancel"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </DraftDialog>
  );
}
