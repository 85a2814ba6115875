// The one check both sign-in forms make before calling the server.
import { authMessages } from '../../../shared/messages';
import { fieldErrors, requiredProblem, type FieldErrors } from '../../components/forms/rules';

export type CredentialField = 'email' | 'password';

/**
 * Sign-in only needs something typed: the system owner's default account is owner@localhost, which the
 * registration forms' email pattern would refuse.
 */
export function credentialErrors(email: string, password: string): FieldErrors<CredentialField> {
  return fieldErrors<CredentialField>({
    email: requiredProblem(email, authMessages.emailRequired),
    password: requiredProblem(password, authMessages.passwordRequired),
  });
}
