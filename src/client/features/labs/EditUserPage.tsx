// Edit User (/systemowner/user/{id}/edit?labId=): email, password (empty keeps it), Is Lab Manager and the
// user's permission entries; success returns to the lab page.
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ALL_ACCESS, type AccessEntry } from '../../../shared/access';
import { authMessages } from '../../../shared/messages';
import type { LabUserWithAccess } from '../../../shared/types/identity';
import { emailProblem, passwordProblem } from '../../../shared/validation/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { TextField } from '../../components/forms/TextField';
import { fieldErrors, focusFirstError, hasErrors, type FieldErrors } from '../../components/forms/rules';
import { useUnsavedChangesGuard } from '../../components/unsavedChanges/useUnsavedChangesGuard';
import { toastShown } from '../../app/notifications/notificationsSlice';
import { selectReplaying } from '../../app/qa/qaSlice';
import { AccessCheckboxes, sameAccess } from './AccessCheckboxes';
import { selectLabsRequests, selectUser, fetchUser, updateUser } from './labsSlice';

type Field = 'email' | 'password';
const fieldId = (field: Field) => `edit-user-${field}`;

function EditUserForm({ user, labId }: { user: LabUserWithAccess; labId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector(selectLabsRequests).updateUser.status === 'request';
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [isLabManager, setIsLabManager] = useState(user.isLabManager);
  const [access, setAccess] = useState<AccessEntry[]>(user.access);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const guard = useUnsavedChangesGuard(
    email !== user.email || password !== '' || isLabManager !== user.isLabManager || !sameAccess(access, user.access),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<Field>({ email: emailProblem(email), password: password ? passwordProblem(password) : null });
    setErrors(found);
    if (hasErrors(found)) return focusFirstError(found, fieldId);
    const body = {
      _id: user._id,
      email: email.trim(),
      password,
      isLabManager,
      access: isLabManager ? [...ALL_ACCESS] : access,
    };
    const result = await dispatch(updateUser({ userId: user._id, body }));
    if (updateUser.fulfilled.match(result)) {
      dispatch(toastShown(authMessages.userUpdated));
      guard.leaveWithoutAsking(() => void navigate(paths.systemOwnerLab.getHref(labId)));
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField id={fieldId('email')} label="Email" type="email" autoComplete="off" value={email} onChange={setEmail} error={errors.email} />
      <TextField
        id={fieldId('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        help="Leave empty to keep the current password."
      />
      <Form.Check
        className="mb-3"
        id="edit-user-manager"
        type="checkbox"
        label="Is Lab Manager"
        checked={isLabManager}
        onChange={(event) => setIsLabManager(event.target.checked)}
      />
      <AccessCheckboxes idPrefix="edit-user-access" selected={access} onChange={setAccess} allLocked={isLabManager} />
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          Save Changes
        </Button>
        <LinkButton to={paths.systemOwnerLab.getHref(labId)} variant="outline-secondary">
          Go Back
        </LinkButton>
      </div>
    </Form>
  );
}

export default function EditUserPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectLabsRequests).user.status;
  const replaying = useAppSelector(selectReplaying);

  useEffect(() => {
    if (!replaying) void dispatch(fetchUser(id));
  }, [dispatch, id, replaying]);

  const shown = user?._id === id ? user : null;
  const labId = params.get('labId') || shown?.lab || '';

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Edit User</h1>
      {shown ? (
        <EditUserForm key={shown._id} user={shown} labId={labId} />
      ) : status === 'fail' ? (
        labId && (
          <LinkButton to={paths.systemOwnerLab.getHref(labId)} variant="outline-secondary">
            Go Back
          </LinkButton>
        )
      ) : (
        <Loading />
      )}
    </div>
  );
}
