// The sign-in card both sign-in pages show: email and password, checked here (the messages of
// credentials.ts) before the page's own sign-in runs. Plain markup: react-bootstrap's Card and Form bring parts
// the first page does not use.
import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { TextField } from '../../components/forms/TextField';
import { focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { credentialErrors, type CredentialField } from './credentials';

interface SignInCardProps {
  /** Prefix of the fields' ids, e.g. 'login' gives 'login-email'. */
  idPrefix: string;
  /** The card's heading (and any line under it). */
  heading: ReactNode;
  busy: boolean;
  /** Runs with the trimmed email once both fields pass their checks. */
  onSignIn: (email: string, password: string) => Promise<void>;
}

export function SignInCard({ idPrefix, heading, busy, onSignIn }: SignInCardProps) {
  const fieldId = (field: CredentialField) => `${idPrefix}-${field}`;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<CredentialField>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = credentialErrors(email, password);
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found, fieldId);
    await onSignIn(email.trim(), password);
  };

  return (
    <div className="card mx-auto shadow-sm" style={{ maxWidth: 440 }}>
      <div className="card-body p-4">
        {heading}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextField id={fieldId('email')} label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
          <TextField
            id={fieldId('password')}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <Button type="submit" variant="primary" className="w-100" disabled={busy}>
            Sign In
          </Button>
        </form>
      </div>
    </div>
  );
}
