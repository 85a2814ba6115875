// The editor's first column: Study Code and Active Status (read-only), and the editable Study Name, Contact
// Person and Contact Email, saved on their own with the basic-information permission.
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { OTHER_COLUMN_WIDTH_PX } from '../../../../shared/limits';
import type { BasicInfoBody, Study } from '../../../../shared/types/study';
import { BASIC_FIELD_IDS, type BasicField } from './basicInfo';

interface BasicInfoColumnProps {
  study: Study;
  info: BasicInfoBody;
  onChange: (field: BasicField, value: string) => void;
  error: { field: BasicField; message: string } | null;
  canEdit: boolean;
  saving: boolean;
  /** Absent where basic information is saved only with Save Changes. */
  onSave?: () => void;
  /** Saved on their own below the basic information (the prompting choice). */
  children?: ReactNode;
}

const FIELDS: { field: BasicField; label: string; type: 'text' | 'email'; autoComplete: string }[] = [
  { field: 'chin_name', label: 'Study Name', type: 'text', autoComplete: 'off' },
  { field: 'contact_person_name', label: 'Contact Person', type: 'text', autoComplete: 'name' },
  { field: 'contact_email', label: 'Contact Email', type: 'email', autoComplete: 'email' },
];

export function BasicInfoColumn({ study, info, onChange, error, canEdit, saving, onSave, children }: BasicInfoColumnProps) {
  return (
    <section
      className="study-editor-column study-editor-basic border rounded p-3"
      style={{ width: OTHER_COLUMN_WIDTH_PX }}
      aria-labelledby="basic-info-heading"
    >
      <h2 id="basic-info-heading" className="h5 mb-3">
        Basic Information
      </h2>
      <Form.Group className="mb-3" controlId="study-code">
        <Form.Label>Study Code</Form.Label>
        <Form.Control readOnly value={study.study_code} className="font-monospace" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="study-active-status">
        <Form.Label>Active Status</Form.Label>
        <Form.Control readOnly value={study.active_status === 'inactive' ? 'Inactive' : 'Active'} />
      </Form.Group>
      {FIELDS.map(({ field, label, type, autoComplete }) => {
        const id = BASIC_FIELD_IDS[field];
        const message = error?.field === field ? error.message : null;
        return (
          <Form.Group className="mb-3" controlId={id} key={field}>
            <Form.Label>{label}</Form.Label>
            <Form.Control
              type={type}
              value={info[field]}
              readOnly={!canEdit}
              onChange={(event) => onChange(field, event.target.value)}
              isInvalid={Boolean(message)}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              autoComplete={autoComplete}
            />
            {message && (
              <Form.Control.Feedback type="invalid" id={`${id}-error`}>
                {message}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        );
      })}
      {canEdit && onSave && (
        <Button variant="outline-primary" onClick={onSave} disabled={saving}>
          Save Basic Information
        </Button>
      )}
      {children}
    </section>
  );
}
