// System owner sign-in (/systemowner/login); success goes to the labs home, or back where the owner was sent
// from when that is a system owner page.
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadSystemOwnerLanding } from '../../app/landingPages';
import { paths, safeRedirect } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { portalName, useSiteConfig } from '../site/useSiteConfig';
import { selectAuthRequests } from './authSlice';
import { credentialErrors, type CredentialField } from './credentials';
import { systemOwnerLogin } from './authThunks';

type Field = CredentialField;
const fieldId = (field: Field) => `system-owner-login-${field}`;

function ownerTarget(redirect: string | null): string {
  const home = paths.systemOwnerHome.getHref();
  const target = safeRedirect(redirect, home);
  return target.toLowerCase().startsWith('/systemowner/') && !target.toLowerCase().startsWith('/systemowner/login') ? target : home;
}

export default function SystemOwnerLoginPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useAppSelector(selectAuthRequests).systemOwnerLogin.status === 'request';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = credentialErrors(email, password);
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found, fieldId);
    void loadSystemOwnerLanding();
    const result = await dispatch(systemOwnerLogin({ email: email.trim(), password }));
    if (systemOwnerLogin.fulfilled.match(result)) void navigate(ownerTarget(params.get('redirect')), { replace: true });
  };

  return (
    <div className="card mx-auto shadow-sm" style={{ maxWidth: 440 }}>
      <div className="card-body p-4">
        <h1 className="h4 mb-1">System Owner Sign In</h1>
        <p className="text-body-secondary mb-4">{portalName(config)}</p>
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
