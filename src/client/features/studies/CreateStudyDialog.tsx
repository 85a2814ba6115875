// Create Study asks for the study's name first (issue 11): nothing is made until Create, and Cancel leaves no
// study behind. Both Study Lists use it; the page passes the call (the lab user's or the system owner's).
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { newStudyNameProblem } from '../../../shared/studyRules';
import { TextField } from '../../components/forms/TextField';

interface CreateStudyDialogProps {
  show: boolean;
  busy: boolean;
  onCancel: () => void;
  /** Makes the study; answers the server's message when it refused, or null once it is made. */
  onCreate: (name: string) => Promise<string | null>;
}

function CreateForm({ busy, onCancel, onCreate }: Omit<CreateStudyDialogProps, 'show'>) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newStudyNameProblem(name);
    setProblem(found);
    setRefusal(null);
    if (found) {
      document.getElementById('create-study-name')?.focus();
      return;
    }
    setRefusal(await onCreate(name.trim()));
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Modal.Body>
        {refusal && <Alert variant="danger">{refusal}</Alert>}
        <TextField id="create-study-name" label="Study Name" value={name} onChange={setName} error={problem} autoComplete="off" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          Create
        </Button>
      </Modal.Footer>
    </Form>
  );
}

export function CreateStudyDialog({ show, busy, onCancel, onCreate }: CreateStudyDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="create-study-title" onEntered={() => document.getElementById('create-study-name')?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="create-study-title" as="h2" className="h5">
          Create Study
        </Modal.Title>
      </Modal.Header>
      {/* A fresh form each time the dialog opens. */}
      {show && <CreateForm busy={busy} onCancel={onCancel} onCreate={onCreate} />}
    </Modal>
  );
}
