// The editor's Insert Image dialog: an image file (unless a paste or drop brought one) and its alt text, or the
// mark that it is decorative. The image is embedded as a data: address, as Quill does by default.
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { imageDraftProblem, RICH_TEXT_IMAGE_TYPES } from '../../../shared/richText';

export const IMAGE_DIALOG_TITLE = 'Insert Image';

export interface ImageChoice {
  src: string;
  /** '' for a decorative image. */
  alt: string;
}

interface ImageDialogProps {
  show: boolean;
  /** A file that was pasted or dropped into the editor: only its alt text is asked. */
  file?: File | null;
  onInsert(choice: ImageChoice): void;
  onCancel(): void;
  onExited?(): void;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function ImageForm({ file: given, onInsert, onCancel }: Omit<ImageDialogProps, 'show' | 'onExited'>) {
  const ids = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const file = given ?? chosen;

  const insert = async () => {
    const found = imageDraftProblem({ fileType: file ? file.type : null, alt, decorative });
    setProblem(found);
    if (found || !file) return;
    try {
      onInsert({ src: await readAsDataUrl(file), alt: decorative ? '' : alt.trim() });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void insert();
      }}
    >
      <Modal.Body>
        {given ? (
          <p>
            Image: <span className="text-break">{given.name}</span>
          </p>
        ) : (
          <Form.Group className="mb-3" controlId={`${ids}-file`}>
            <Form.Label>Image file</Form.Label>
            <Form.Control type="file" accept={RICH_TEXT_IMAGE_TYPES.join(',')} onChange={(e) => setChosen((e.target as HTMLInputElement).files?.[0] ?? null)} />
          </Form.Group>
        )}
        <Form.Group className="mb-2" controlId={`${ids}-alt`}>
          <Form.Label>Alt text</Form.Label>
          <Form.Control value={alt} onChange={(e) => setAlt(e.target.value)} disabled={decorative} aria-describedby={`${ids}-alt-help`} autoComplete="off" />
          <Form.Text id={`${ids}-alt-help`}>What the image shows, for people who cannot see it.</Form.Text>
        </Form.Group>
        <Form.Check id={`${ids}-decorative`} label="The image is decorative: it needs no description" checked={decorative} onChange={(e) => setDecorative(e.target.checked)} />
        {problem && (
          <Alert variant="danger" className="mt-3 mb-0">
            {problem}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Insert Image</Button>
      </Modal.Footer>
    </Form>
  );
}

export function ImageDialog({ show, file, onInsert, onCancel, onExited }: ImageDialogProps) {
  const titleId = useId();
  // Focus goes back to the editor (onExited), not to the toolbar button that opened the dialog.
  return (
    <Modal show={show} onHide={onCancel} onExited={onExited} restoreFocus={false} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {IMAGE_DIALOG_TITLE}
        </Modal.Title>
      </Modal.Header>
      {show && <ImageForm file={file} onInsert={onInsert} onCancel={onCancel} />}
    </Modal>
  );
}
