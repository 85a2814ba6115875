// The consent form dialog (part 1 section 2, part 2 section 2.2): Consent Needed (No/Yes) and the consent
// content in the rich-text editor, editable only when Yes; saved with its own call at the bottom. Closing it
// with changes not saved asks first (GuardedModal).
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ConsentBody, Study } from '../../../../shared/types/study';
import { useAppDispatch } from '../../../app/hooks';
import type { RequestState } from '../../../../ui/state/requestState';
import { LazyRichTextEditor } from '../../../components/richText/LazyRichTextEditor';
import { DialogCloseButton, GuardedModal } from '../../../components/unsavedChanges/GuardedModal';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../../app/notifications/notificationsSlice';

export const CONSENT_TITLE = 'Consent Form (Scroll Down To Save)';

interface ConsentFormProps {
  study: Study;
  /** The editor's consent call: answers the server's message, or null when it failed. */
  save: (body: ConsentBody) => Promise<string | null>;
  request: RequestState;
  onHide: () => void;
}

function ConsentForm({ study, save: send, request, onHide }: ConsentFormProps) {
  const dispatch = useAppDispatch();
  const consent = study.stage_list[0]?.consent_info;
  const [saved] = useState({ needed: consent?.consent_needed ?? true, content: consent?.chin_content ?? '' });
  const [needed, setNeeded] = useState(saved.needed);
  // The editor keeps what is typed; the form only reads it back. Handing each change back as the editor's
  // value could arrive after the next keystroke and put the editor back one step.
  const initialContent = saved.content;
  const content = useRef(initialContent);
  // The latest text as well, to compare with the saved form (it is never handed back to the editor).
  const [typed, setTyped] = useState(initialContent);
  useUnsavedChangesGuard(needed !== saved.needed || typed !== saved.content);
  const saving = request.status === 'request';

  const save = async () => {
    const message = await send({ consent: content.current, consentNeeded: needed });
    if (message !== null) {
      dispatch(toastShown(message));
      onHide();
    }
  };

  return (
    <>
      <Modal.Body>
        <Form.Group className="mb-3" controlId="consent-needed">
          <Form.Label>Consent Needed</Form.Label>
          <Form.Select value={needed ? 'yes' : 'no'} onChange={(event) => setNeeded(event.target.value === 'yes')}>
            <option value="no">No</option>
            <option value="yes">Yes</option>
          </Form.Select>
        </Form.Group>
        <div className="mb-1" id="consent-content-label">
          Consent Content
        </div>
        {!needed && <p className="small text-body-secondary">The content can be edited when Consent Needed is Yes.</p>}
        <LazyRichTextEditor
          toolbar="consent"
          value={initialContent}
          onChange={(html) => {
            content.current = html;
            setTyped(html);
          }}
          readOnly={!needed}
          label="Consent Content"
          id="consent-content"
        />
        {request.status === 'fail' && request.message && (
          <Alert variant="danger" className="mt-3 mb-0">
            {request.message}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <DialogCloseButton>Cancel</DialogCloseButton>
        <Button onClick={() => void save()} disabled={saving}>
          Save Consent Form
        </Button>
      </Modal.Footer>
    </>
  );
}

export function ConsentModal({ show, ...form }: ConsentFormProps & { show: boolean }) {
  return (
    <GuardedModal show={show} onHide={form.onHide} size="xl" aria-labelledby="consent-title">
      <Modal.Header closeButton>
        <Modal.Title id="consent-title" as="h2" className="h5">
          {CONSENT_TITLE}
        </Modal.Title>
      </Modal.Header>
      {show && <ConsentForm {...form} />}
    </GuardedModal>
  );
}
