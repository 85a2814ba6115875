// A labelled input with its help text and validation message tied to it for screen readers. It imports only
// the form parts it shows: react-bootstrap's Form brings every other form control with it, and the sign-in
// pages are made of this field alone.
import Feedback from 'react-bootstrap/Feedback';
import FormControl from 'react-bootstrap/FormControl';
import FormGroup from 'react-bootstrap/FormGroup';
import FormLabel from 'react-bootstrap/FormLabel';
import FormText from 'react-bootstrap/FormText';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  error?: string | null;
  help?: string;
  autoComplete?: string;
}

export function TextField({ id, label, value, onChange, type = 'text', error, help, autoComplete }: TextFieldProps) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <FormGroup className="mb-3" controlId={id}>
      <FormLabel>{label}</FormLabel>
      <FormControl
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoComplete={autoComplete}
      />
      {help && (
        <FormText id={`${id}-help`} muted>
          {help}
        </FormText>
      )}
      {error && (
        <Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Feedback>
      )}
    </FormGroup>
  );
}
