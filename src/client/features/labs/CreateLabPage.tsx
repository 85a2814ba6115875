// Create New Lab (/systemowner/createLab): a lab with its first lab manager account.
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { isOrganization } from '../../../shared/organizations';
import { emailProblem, labNameProblem, organizationProblem, passwordProblem } from '../../../shared/validation/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { NewPasswordFields } from '../../components/forms/NewPasswordFields';
import { FormActions } from '../../components/forms/FormActions';
import { confirmProblem, fieldErrors, focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import { selectLabsRequests, createLab } from './labsSlice';

type Field = 'organization' | 'labName' | 'email' | 'password' | 'confirmation';
const fieldId = (field: Field) => `create-lab-${field}`;

export default function CreateLabPage() {
  const config = useSiteConfig();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector(selectLabsRequests).createLab.status === 'request';
  const [organization, setOrganization] = useState('');
  const [labName, setLabName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const guard = useUnsavedChangesGuard([organization, labName, email, password, confirmation].some((value) => value !== ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = Number(organization);
    const found = fieldErrors<Field>({
      organization: organizationProblem(code),
      labName: labNameProblem(labName),
      email: emailProblem(email),
      password: passwordProblem(password),
      confirmation: confirmProblem(password, confirmation),
    });
    setErrors(found);
    if (hasErrors(found) || !isOrganization(code)) return focusFirstError(found, fieldId);
    const result = await dispatch(createLab({ labName: labName.trim(), email: email.trim(), password, organization: code }));
    if (createLab.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      guard.leaveWithoutAsking(() => void navigate(paths.systemOwnerHome.getHref()));
    }
  };

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Create New Lab</h1>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Form.Group className="mb-3" controlId={fieldId('organization')}>
          <Form.Label>Organization</Form.Label>
          <Form.Select
            value={organization}
            onChange={(event) => setOrganization(event.target.value)}
            isInvalid={Boolean(errors.organization)}
            aria-describedby={errors.organization ? `${fieldId('organization')}-error` : undefined}
          >
            <option value="">Select an organization</option>
            {Object.entries(config.organizationNames).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Form.Select>
          {errors.organization && (
            <Form.Control.Feedback type="invalid" id={`${fieldId('organization')}-error`}>
              {errors.organization}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <TextField id={fieldId('labName')} label="Lab Name" value={labName} onChange={setLabName} error={errors.labName} />
        <TextField
          id={fieldId('email')}
          label="Lab Manager Email Address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <NewPasswordFields
          idOf={fieldId}
          passwordLabel="Lab Manager Password"
          confirmationLabel="Confirm"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <FormActions submitLabel="Create Lab" busy={busy} backTo={paths.systemOwnerHome.getHref()} />
      </Form>
    </div>
  );
}
