// Lab user sign-in (/login). After a successful login the user goes to the redirect target or to /. The card
// and form are plain markup: react-bootstrap's Card and Form bring parts this first page does not use.
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadLabUserLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { portalName, useSiteConfig } from '../site/useSiteConfig';
import { selectAuthRequests } from './authSlice';
import { credentialErrors, type CredentialField } from './credentials';
import { fetchAccess, login } from './authThunks';
import { isUnexpired } from './session';

type Field = CredentialField;
const fieldId = (field: Field) => `login-${field}`;

export default function LoginPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useAppSelector(selectAuthRequests).login.status === 'request';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = credentialErrors(email, password);
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found, fieldId);
    void loadLabUserLanding();
    const result = await dispatch(login({ email: email.trim(), password, organization: config.organization }));
    if (login.fulfilled.match(result) && isUnexpired(result.payload.expires)) {
      void dispatch(fetchAccess());
      void navigate(safeRedirect(params.get('redirect'), paths.home.getHref()), { replace: true });
    }
  };

  return (
    <div className="card mx-auto shadow-sm" style={{ maxWidth: 440 }}>
      <div className="card-body p-4">
        <h1 className="h4 mb-4">{`Sign in to the ${portalName(config)}`}</h1>
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
