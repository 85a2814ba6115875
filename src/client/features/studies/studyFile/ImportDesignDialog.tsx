// The Study List's "Import study design" (issue 35 part 1): choose a study file, import it, then see the new
// inactive study with what was renamed or could not be carried. A file that is not JSON, and the server's
// refusal naming the first problem, show in the dialog.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { studyFileMessages } from '../../../../shared/messages/studyFile';
import { importSummaryLines } from '../../../../shared/studyFile/summary';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LinkButton } from '../../../components/LinkButton';
import { importStudyDesign, selectStudyFileRequests } from './studyFileSlice';
import type { StudyImportAnswer } from './studyFileApi';

interface ImportDesignDialogProps {
  onClose: () => void;
  /** Called once a study was imported (the list reloads). */
  onImported: () => void;
  editHref: (studyId: string) => string;
}

/** The chosen file's text (FileReader: every browser the portal supports has it). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

/** The file's text as JSON, or null when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function ImportDesignDialog({ onClose, onImported, editHref }: ImportDesignDialogProps) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectStudyFileRequests).importDesign.status === 'request';
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [answer, setAnswer] = useState<StudyImportAnswer | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!file) return setRefusal(studyFileMessages.importChoose);
    const body = parsed(await textOf(file).catch(() => ''));
    if (body === null) return setRefusal(studyFileMessages.notJson);
    const result = await dispatch(importStudyDesign(body));
    if (importStudyDesign.fulfilled.match(result)) {
      setAnswer(result.payload);
      onImported();
    } else {
      setRefusal(result.payload?.message ?? result.error.message ?? studyFileMessages.notStudyFile);
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="import-design-title">
      <Modal.Header closeButton>
        <Modal.Title id="import-design-title" as="h2" className="h5">
          {studyFileMessages.importDesign}
        </Modal.Title>
      </Modal.Header>
      {answer ? (
        <>
          <Modal.Body>
            <Alert variant="success">{studyFileMessages.imported(answer.study.chin_name)}</Alert>
            <ul aria-label="Import summary">
              {importSummaryLines(answer.summary).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <LinkButton to={editHref(answer.study._id)} variant="primary">
              Edit the new study
            </LinkButton>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <Modal.Body>
            {refusal && <Alert variant="danger">{refusal}</Alert>}
            <Form.Group controlId="import-design-file">
              <Form.Label>{studyFileMessages.importChoose}</Form.Label>
              <Form.Control type="file" accept=".json,application/json" onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)} />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              Import
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
