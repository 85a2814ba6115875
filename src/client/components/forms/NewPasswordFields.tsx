// A new password and its confirmation, as the registration and create-lab forms ask for them.
import { TextField } from './TextField';

interface NewPasswordFieldsProps {
  idOf: (field: 'password' | 'confirmation') => string;
  passwordLabel: string;
  confirmationLabel: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string | null; confirmation?: string | null };
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={props.idOf('password')}
        label={props.passwordLabel}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
      />
      <TextField
        id={props.idOf('confirmation')}
        label={props.confirmationLabel}
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmation}
        error={props.errors.confirmation}
      />
    </>
  );
}
