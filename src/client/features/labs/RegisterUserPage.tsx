// Register New Admin User (/systemowner/register/{labId}); success returns to the lab page.
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate, useParams } from 'react-router-dom';
import { NEW_LAB_USER_ACCESS, type AccessEntry } from '../../../shared/access';
import { authMessages } from '../../../shared/messages';
import { emailProblem, passwordProblem } from '../../../shared/validation/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { TextField } from '../../components/forms/TextField';
import { NewPasswordFields } from '../../components/forms/NewPasswordFields';
import { FormActions } from '../../components/forms/FormActions';
import { confirmProblem, fieldErrors, focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectLabsRequests, registerUser } from './labsSlice';
import { AccessCheckboxes, sameAccess } from './AccessCheckboxes';

type Field = 'email' | 'password' | 'confirmation';
const fieldId = (field: Field) => `register-user-${field}`;

export default function RegisterUserPage() {
  const { labId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector(selectLabsRequests).registerUser.status === 'request';
  const [email, setEmail] = useState('');
  const [isLabManager, setIsLabManager] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [access, setAccess] = useState<AccessEntry[]>([...NEW_LAB_USER_ACCESS]);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const guard = useUnsavedChangesGuard(
    email !== '' || isLabManager || password !== '' || confirmation !== '' || !sameAccess(access, NEW_LAB_USER_ACCESS),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<Field>({
      email: emailProblem(email),
      password: passwordProblem(password),
      confirmation: confirmProblem(password, confirmation),
    });
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found, fieldId);
    const result = await dispatch(registerUser({ labId, body: { email: email.trim(), password, isLabManager, ...(isLabManager ? {} : { access }) } }));
    if (registerUser.fulfilled.match(result)) {
      dispatch(toastShown(authMessages.registrationSuccess));
      guard.leaveWithoutAsking(() => void navigate(paths.systemOwnerLab.getHref(labId)));
    }
  };

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Register New Admin User</h1>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <TextField id={fieldId('email')} label="Email" type="email" autoComplete="off" value={email} onChange={setEmail} error={errors.email} />
        <Form.Check
          className="mb-3"
          id="register-user-manager"
          type="checkbox"
          label="Is Lab Manager"
          checked={isLabManager}
          onChange={(event) => setIsLabManager(event.target.checked)}
        />
        <AccessCheckboxes
          idPrefix="register-user-access"
          selected={access}
          onChange={setAccess}
          allLocked={isLabManager}
          help={authMessages.newUserAccessHelp}
        />
        <NewPasswordFields
          idOf={fieldId}
          passwordLabel="Password"
          confirmationLabel="Confirm Password"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <FormActions submitLabel="Register" busy={busy} backTo={paths.systemOwnerLab.getHref(labId)} />
      </Form>
    </div>
  );
}
