// The Create Questionnaire dialog: name and code, both required; success opens the new questionnaire's editor.
// Closing it with something typed asks first (GuardedModal).
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router-dom';
import { questionnaireCreateProblem } from '../../../shared/questionnaire/rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { DialogCloseButton, GuardedModal } from '../../components/unsavedChanges/GuardedModal';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { selectQuestionnairesRequests, createQuestionnaire } from './questionnairesSlice';

function CreateForm({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector(selectQuestionnairesRequests).create.status === 'request';
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(name !== '' || code !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = questionnaireCreateProblem(name, code);
    setProblem(found);
    if (found) return;
    const result = await dispatch(createQuestionnaire({ chin_name: name.trim(), abbrev: code.trim() }));
    if (createQuestionnaire.fulfilled.match(result)) {
      // Saved: on to the new questionnaire without asking about what was just sent.
      guard.leaveWithoutAsking(() => {
        onClose();
        void navigate(paths.questionnaireEditor.getHref(result.payload._id));
      });
    } else {
      // Said here only: the call keeps its failure out of the page's red alert (showsOwnFailure).
      setProblem(result.payload?.message ?? result.error.message ?? null);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Body>
        {problem && <Alert variant="danger">{problem}</Alert>}
        <TextField id="create-questionnaire-name" label="Questionnaire Name" value={name} onChange={setName} autoComplete="off" />
        <TextField id="create-questionnaire-code" label="Questionnaire Code" value={code} onChange={setCode} autoComplete="off" />
      </Modal.Body>
      <Modal.Footer>
        <DialogCloseButton>Cancel</DialogCloseButton>
        <Button type="submit" variant="primary" disabled={busy}>
          Create
        </Button>
      </Modal.Footer>
    </Form>
  );
}

export function CreateQuestionnaireModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  return (
    <GuardedModal show={show} onHide={onClose} aria-labelledby="create-questionnaire-title">
      <Modal.Header closeButton>
        <Modal.Title id="create-questionnaire-title" as="h2" className="h5">
          Create Questionnaire
        </Modal.Title>
      </Modal.Header>
      {/* A fresh form each time the dialog opens. */}
      {show && <CreateForm onClose={onClose} />}
    </GuardedModal>
  );
}
