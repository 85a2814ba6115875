// Activate asks first, and checks the study before it offers to (issue 11): the whole study is read and the
// shared check (shared/study/activation.ts) lists what keeps it from running, and what to note before activating
// (a group without assessment, issue 31), which does not stop it; the server refuses with the same problems,
// which show here too when the study changed meanwhile.
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { studyActivationCheck, type ActivationCheck } from '../../../shared/study/activation';
import { studyMessages } from '../../../shared/messages';
import type { Study, StudySummary } from '../../../shared/types/study';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { studyLabel } from './StudyRow';

interface ActivateStudyDialogProps {
  /** The study to activate; null while the dialog is closed. */
  study: StudySummary | null;
  editHref: string;
  timezones: readonly string[];
  busy: boolean;
  /** Reads the whole study; null when it could not be read (the red alert says why). */
  loadStudy: (studyId: string) => Promise<Study | null>;
  /** Activates; the server's problems when it refused with them, otherwise null. */
  onActivate: (study: StudySummary) => Promise<string[] | null>;
  onClose: () => void;
}

type Check = { state: 'loading' } | { state: 'failed' } | ({ state: 'checked' } & ActivationCheck);

/** One list of the check's findings with its sentence above; nothing when the list is empty. */
function CheckList({ variant, intro, label, items }: { variant: 'warning' | 'info'; intro: string; label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Alert variant={variant} className="mb-0">
      <p>{intro}</p>
      <ul className="mb-0" aria-label={label}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Alert>
  );
}

export function ActivateStudyDialog({ study, editHref, timezones, busy, loadStudy, onActivate, onClose }: ActivateStudyDialogProps) {
  const [check, setCheck] = useState<Check>({ state: 'loading' });
  const studyId = study?._id ?? null;

  useEffect(() => {
    if (!studyId) return;
    let current = true;
    setCheck({ state: 'loading' });
    void loadStudy(studyId).then((whole) => {
      if (current) setCheck(whole ? { state: 'checked', ...studyActivationCheck(whole, timezones) } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [studyId, loadStudy, timezones]);

  const activate = async () => {
    if (!study) return;
    const refused = await onActivate(study);
    if (refused) setCheck({ state: 'checked', problems: refused, warnings: check.state === 'checked' ? check.warnings : [] });
  };

  const problems = check.state === 'checked' ? check.problems : [];
  const warnings = check.state === 'checked' ? check.warnings : [];
  const ready = check.state === 'checked' && problems.length === 0;
  return (
    <Modal show={study !== null} onHide={onClose} centered aria-labelledby="activate-study-title">
      <Modal.Header closeButton>
        <Modal.Title id="activate-study-title" as="h2" className="h5">
          {study ? `Activate ${studyLabel(study)} (${study.study_code})?` : 'Activate'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        {check.state === 'loading' && <Loading />}
        {check.state === 'failed' && <p className="mb-0">The study could not be read, so it cannot be checked. Please try again.</p>}
        {ready && <p className="mb-0">Participants can then join the study with its code.</p>}
        <CheckList variant="warning" intro={studyMessages.activationRefused} label="What the study still needs" items={problems} />
        <CheckList variant="info" intro={studyMessages.activationWarnings} label="Warnings before activating" items={warnings} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {problems.length > 0 && (
          <LinkButton to={editHref} variant="primary">
            Edit the study
          </LinkButton>
        )}
        {ready && (
          <Button variant="success" onClick={() => void activate()} disabled={busy} autoFocus>
            Activate
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
