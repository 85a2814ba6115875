// A form's submit button beside "Go Back".
import Button from 'react-bootstrap/Button';
import { LinkButton } from '../LinkButton';

export function FormActions({ submitLabel, busy, backTo }: { submitLabel: string; busy: boolean; backTo: string }) {
  return (
    <div className="d-flex gap-2">
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
      <LinkButton to={backTo} variant="outline-secondary">
        Go Back
      </LinkButton>
    </div>
  );
}
