// Sign Up (/lm/register): a lab manager registers a user of their own lab; on success 'Registration
// Success!' appears and the manager returns to the Lab Users list.
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
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
import { selectLabUser } from '../auth';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectLabsRequests, registerMember } from './labsSlice';
import { AccessCheckboxes, sameAccess } from './AccessCheckboxes';

type Field = 'email' | 'password' | 'confirmation';
const fieldId = (field: Field) => `sign-up-${field}`;

export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectLabUser);
  const busy = useAppSelector(selectLabsRequests).registerMember.status === 'request';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [access, setAccess] = useState<AccessEntry[]>([...NEW_LAB_USER_ACCESS]);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const guard = useUnsavedChangesGuard(email !== '' || password !== '' || confirmation !== '' || !sameAccess(access, NEW_LAB_USER_ACCESS));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<Field>({
      email: emailProblem(email),
      password: passwordProblem(password),
      confirmation: confirmProblem(password, confirmation),
    });
    setErrors(found);
    if (hasErrors(found) || !session) return focusFirstError(found, fieldId);
    const result = await dispatch(registerMember({ email: email.trim(), password, lab: session.lab, access }));
    if (registerMember.fulfilled.match(result)) {
      dispatch(toastShown(result.payload.message));
      guard.leaveWithoutAsking(() => void navigate(paths.labMembers.getHref()));
    }
  };

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Sign Up</h1>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <TextField id={fieldId('email')} label="Email" type="email" autoComplete="off" value={email} onChange={setEmail} error={errors.email} />
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
        <AccessCheckboxes idPrefix="sign-up-access" selected={access} onChange={setAccess} help={authMessages.newUserAccessHelp} />
        <FormActions submitLabel="Sign Up" busy={busy} backTo={paths.labMembers.getHref()} />
      </Form>
    </div>
  );
}
